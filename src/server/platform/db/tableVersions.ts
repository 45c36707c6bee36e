import { noteProcessWrite, type WriteWatch } from './writeWatch.js';

/**
 * Writes that move no table's version: what they change, no answer kept in memory reads.
 * A new session row is never in the session cache (only found sessions are kept), and a session's
 * touch (last_seen_at, expires_at) is checked by the cache against its own copy. The PostgreSQL
 * trigger on app_sessions skips the same writes (migration 150_session_write_watch).
 */
export const QUIET_WRITES: Record<string, { insert?: boolean; updateOf?: readonly string[] }> = {
  app_sessions: { insert: true, updateOf: ['last_seen_at', 'expires_at'] },
};

/**
 * How far each table has moved, as this process can tell: its own writes (every Kysely insert,
 * update and delete, counted by WrittenTablesPlugin once it has run) and other processes' commits
 * (the write watch). An answer kept in memory is stored under the version read before it was read,
 * and trusted only while the version is unchanged.
 */
export class TableVersions {
  private readonly own = new Map<string, number>();
  constructor(private readonly watch: WriteWatch) {}

  /** A write by this process to `table` has run. */
  note(table: string): void {
    this.own.set(table, (this.own.get(table) ?? 0) + 1);
    noteProcessWrite();
  }

  version(table: string): string {
    return `${this.own.get(table) ?? 0}:${this.watch.version(table)}`;
  }

  /** The versions of several tables as one string, asking the watch once where it cannot tell tables apart (SQLite: a file lock each time). */
  versionOf(tables: readonly string[]): string {
    const own = tables.map((t) => this.own.get(t) ?? 0).join(',');
    const others = this.watch.perTable
      ? tables.map((t) => this.watch.version(t)).join(',')
      : this.watch.version(tables[0]);
    return `${own}:${others}`;
  }
}
