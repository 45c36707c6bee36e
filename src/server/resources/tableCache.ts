import type { Database } from '../db/database.js';

/**
 * Answers read from one table, remembered per query until a write to that table: the totals of
 * lists (共N条记录; counting a broad filter reads thousands of index entries, and every user of a city
 * opens the same pages), and small lists every call reads again (the published notices the topic
 * rules see).
 *
 * Exact for every write through the record store: a write bumps the table's generation at once and,
 * inside a transaction, again when the transaction ends, so an answer read meanwhile (seeing the old
 * rows) is never kept as current. An answer is stored only under the generation read before it ran.
 * Commits by other processes (WORKERS > 1, other instances) and SQL run outside the app move the
 * database's write watch (db/writeWatch.ts), which is part of the generation too: on SQLite at once,
 * on PostgreSQL when the commit's notification arrives (milliseconds). TTL_MS bounds what nothing
 * can see.
 */
const TTL_MS = 15_000;
const MAX_ENTRIES = 2_000;

interface Entry { gen: string; value: unknown; at: number }
interface State { gens: Map<string, number>; values: Map<string, Entry> }

const states = new WeakMap<Database, State>();
/** Writes through a store that does not know its Database (built on a bare Kysely handle): every answer is stale. */
let anyWrite = 0;

function state(db: Database): State {
  let s = states.get(db);
  if (!s) { s = { gens: new Map(), values: new Map() }; states.set(db, s); }
  return s;
}

/** The table's state as this process knows it: its own writes, then other processes' (the write watch). */
export function generation(db: Database, table: string): string {
  return `${(state(db).gens.get(table) ?? 0) + anyWrite}:${db.watch.version(table)}`;
}

export function bump(db: Database | undefined, table: string): void {
  if (!db) { anyWrite++; return; }
  const s = state(db);
  s.gens.set(table, (s.gens.get(table) ?? 0) + 1);
}

/** The kept answer of `key`, a query of `table`, while the table has not changed since it was read. */
export function cached<T>(db: Database, table: string, key: string, now = Date.now()): T | undefined {
  const s = state(db);
  const e = s.values.get(key);
  if (!e) return undefined;
  if (e.gen !== generation(db, table) || now - e.at > TTL_MS) { s.values.delete(key); return undefined; }
  return e.value as T;
}

/** Keeps an answer read under generation `gen` (read before the query ran). Kept answers are shared: never mutate one. */
export function keep(db: Database, key: string, gen: string, value: unknown, now = Date.now()): void {
  const { values } = state(db);
  if (values.size >= MAX_ENTRIES) values.delete(values.keys().next().value!);
  values.set(key, { gen, value, at: now });
}
