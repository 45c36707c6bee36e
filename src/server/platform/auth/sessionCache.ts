import type { Database } from '../db/database.js';

/**
 * Sessions found, kept in memory so a call does not ask the database who is calling: every call of
 * every user needs that answer before anything else (on PostgreSQL one round trip of two per list).
 *
 * A kept session is trusted only while none of the tables its lookup reads has moved
 * (db/tableVersions.ts): a logout, a role taken away or an account disabled, by this process or
 * another, ends every kept copy. At once for this process's writes and SQLite's; on PostgreSQL when
 * the commit's notification arrives (milliseconds), and so also for this process's writes inside a
 * transaction, which a lookup on another connection does not see before the commit. A logout does
 * not answer before every process has dropped its kept sessions (auth/finalLogout.ts).
 * A new session and a session's touch move nothing (QUIET_WRITES): new tokens are never kept as
 * missing, and findSession updates its copy when it touches. TTL_MS bounds what nothing can see.
 */
const TABLES = ['app_sessions', 'users', 'user_roles'] as const;
const TTL_MS = 15_000;
const MAX_ENTRIES = 10_000;

export type SessionRows = Record<string, any>[];
interface Entry {
  version: string;
  rows: SessionRows;
  at: number;
}

const kept = new WeakMap<Database, Map<string, Entry>>();

function entries(db: Database): Map<string, Entry> {
  let m = kept.get(db);
  if (!m) {
    m = new Map();
    kept.set(db, m);
  }
  return m;
}

/** The version to keep an answer under: read before the lookup runs. */
export function sessionVersion(db: Database): string {
  return db.versions.versionOf(TABLES);
}

/** The kept rows of a session (shared: never mutate them), while they still hold. */
export function keptSession(db: Database, tokenHash: string, now = Date.now()): SessionRows | undefined {
  const m = entries(db);
  const e = m.get(tokenHash);
  if (!e) return undefined;
  if (e.version !== sessionVersion(db) || now - e.at > TTL_MS) {
    m.delete(tokenHash);
    return undefined;
  }
  return e.rows;
}

export function keepSession(
  db: Database,
  tokenHash: string,
  version: string,
  rows: SessionRows,
  now = Date.now(),
): void {
  const m = entries(db);
  m.delete(tokenHash);
  if (m.size >= MAX_ENTRIES) m.delete(m.keys().next().value!);
  m.set(tokenHash, { version, rows, at: now });
}

/** After this process touched a session: its copy carries the new times. */
export function touchedSession(
  db: Database,
  tokenHash: string,
  times: { last_seen_at: number; expires_at: number },
): void {
  const e = entries(db).get(tokenHash);
  if (e) e.rows = e.rows.map((r) => ({ ...r, ...times }));
}
