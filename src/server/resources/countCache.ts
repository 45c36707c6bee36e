import type { Database } from '../db/database.js';

/**
 * Totals of lists (共N条记录), remembered per query until a write to the table. Counting the matches
 * of a broad filter reads thousands of index entries; the same list is asked again and again (every
 * user of a city opens the same pages), so the answer is kept until the table changes.
 *
 * Exact for every write through the record store: a write bumps the table's generation at once and,
 * inside a transaction, again when the transaction ends, so a count taken meanwhile (seeing the old
 * rows) is never kept as current. A count is stored only under the generation read before it ran.
 * Writes that bypass the store (raw SQL elsewhere, another process on the same PostgreSQL) are seen
 * after TTL_MS at the latest.
 */
const TTL_MS = 15_000;
const MAX_ENTRIES = 2_000;

interface Entry { gen: number; total: number; at: number }
interface State { gens: Map<string, number>; counts: Map<string, Entry> }

const states = new WeakMap<Database, State>();
/** Writes through a store that does not know its Database (built on a bare Kysely handle): every count is stale. */
let anyWrite = 0;

function state(db: Database): State {
  let s = states.get(db);
  if (!s) { s = { gens: new Map(), counts: new Map() }; states.set(db, s); }
  return s;
}

export function generation(db: Database, table: string): number {
  return (state(db).gens.get(table) ?? 0) + anyWrite;
}

export function bump(db: Database | undefined, table: string): void {
  if (!db) { anyWrite++; return; }
  const s = state(db);
  s.gens.set(table, (s.gens.get(table) ?? 0) + 1);
}

export function cachedCount(db: Database, table: string, key: string, now = Date.now()): number | undefined {
  const s = state(db);
  const e = s.counts.get(key);
  if (!e) return undefined;
  if (e.gen !== generation(db, table) || now - e.at > TTL_MS) { s.counts.delete(key); return undefined; }
  return e.total;
}

export function keepCount(db: Database, key: string, gen: number, total: number, now = Date.now()): void {
  const { counts } = state(db);
  if (counts.size >= MAX_ENTRIES) counts.delete(counts.keys().next().value!);
  counts.set(key, { gen, total, at: now });
}
