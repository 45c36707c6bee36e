import type { Database } from '../db/database.js';

/**
 * Answers read from one table, remembered per query until a write to that table: the totals of
 * lists (共N条记录; counting a broad filter reads thousands of index entries, and every user of a city
 * opens the same pages), and small lists every call reads again (the published notices the topic
 * rules see).
 *
 * Exact for every write through Kysely: the table's version (db/tableVersions.ts) moves once the
 * write has run and, for the record store's writes inside a transaction, again when the transaction
 * ends, so an answer read meanwhile (seeing the old rows) is never kept as current. An answer is
 * stored only under the generation read before it ran. Commits by other processes (WORKERS > 1,
 * other instances) and SQL run outside the app move the database's write watch (db/writeWatch.ts),
 * which is part of the version too: on SQLite at once, on PostgreSQL when the commit's notification
 * arrives (milliseconds). TTL_MS bounds what nothing can see.
 */
const TTL_MS = 15_000;
const MAX_ENTRIES = 2_000;

interface Entry {
  gen: string;
  value: unknown;
  at: number;
}

const states = new WeakMap<Database, Map<string, Entry>>();
/** Writes through a store that does not know its Database (built on a bare Kysely handle): every answer is stale. */
let anyWrite = 0;

function values(db: Database): Map<string, Entry> {
  let s = states.get(db);
  if (!s) {
    s = new Map();
    states.set(db, s);
  }
  return s;
}

/** The table's state as this process knows it: its version, and writes through stores on a bare handle. */
export function generation(db: Database, table: string): string {
  return `${anyWrite}:${db.versions.version(table)}`;
}

export function bump(db: Database | undefined, table: string): void {
  if (!db) {
    anyWrite++;
    return;
  }
  db.versions.note(table);
}

/** The kept answer of `key`, a query of `table`, while the table has not changed since it was read. */
export function cached<T>(db: Database, table: string, key: string, now = Date.now()): T | undefined {
  const kept = values(db);
  const e = kept.get(key);
  if (!e) return undefined;
  if (e.gen !== generation(db, table) || now - e.at > TTL_MS) {
    kept.delete(key);
    return undefined;
  }
  return e.value as T;
}

/** Keeps an answer read under generation `gen` (read before the query ran). Kept answers are shared: never mutate one. */
export function keep(db: Database, key: string, gen: string, value: unknown, now = Date.now()): void {
  const kept = values(db);
  if (kept.size >= MAX_ENTRIES) kept.delete(kept.keys().next().value!);
  kept.set(key, { gen, value, at: now });
}

/** `read`'s answer, kept under `key` while `table` has not changed since it was read; read now (and kept) otherwise. */
export async function keptRead<T>(db: Database, table: string, key: string, read: () => Promise<T>): Promise<T> {
  const hit = cached<T>(db, table, key);
  if (hit !== undefined) return hit;
  const gen = generation(db, table);
  const value = await read();
  keep(db, key, gen, value);
  return value;
}
