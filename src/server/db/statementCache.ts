import type SQLite from 'better-sqlite3';

/**
 * The SQLite handle Kysely sees, with its prepared statements kept and reused: Kysely prepares
 * every query anew, and on a list call preparing cost as much as running the three small queries.
 * The most recently used `max` texts are kept (texts with inlined lists vary). A statement still
 * being iterated is never handed out twice: that call gets one of its own. SQLite re-prepares a
 * kept statement by itself when the schema changes under it.
 */
export interface StatementSource {
  prepare(sql: string): SQLite.Statement;
  close(): void;
}

export function cachedStatements(raw: SQLite.Database, max = 500): StatementSource {
  const kept = new Map<string, SQLite.Statement>();
  return {
    prepare(sql) {
      const stmt = kept.get(sql);
      if (stmt && !stmt.busy) {
        // Map order is insertion order: move to the back, so the front is the least recently used.
        kept.delete(sql);
        kept.set(sql, stmt);
        return stmt;
      }
      if (stmt) return raw.prepare(sql);
      const fresh = raw.prepare(sql);
      kept.set(sql, fresh);
      if (kept.size > max) kept.delete(kept.keys().next().value as string);
      return fresh;
    },
    close() {
      kept.clear();
      raw.close();
    },
  };
}
