import type SQLite from 'better-sqlite3';

/**
 * The SQLite handle Kysely sees, with its prepared statements kept and reused: Kysely prepares
 * every query anew, and on a list call preparing cost as much as running the three small queries.
 * The most recently used `max` texts are kept (texts with inlined lists vary). A statement still
 * being iterated is never handed out twice: that call gets one of its own. SQLite re-prepares a
 * kept statement by itself when the schema changes under it.
 */
export interface StatementSource {
  prepare(sql: string): KeptStatement;
  close(): void;
}

/** The part of a better-sqlite3 statement Kysely uses, with rows as objects keyed by column name. */
export interface KeptStatement {
  readonly reader: boolean;
  readonly busy: boolean;
  all(...params: unknown[]): Record<string, unknown>[];
  run(...params: unknown[]): SQLite.RunResult;
  iterate(...params: unknown[]): IterableIterator<Record<string, unknown>>;
}

export function cachedStatements(raw: SQLite.Database, max = 500): StatementSource {
  const kept = new Map<string, KeptStatement>();
  return {
    prepare(sql) {
      const stmt = kept.get(sql);
      if (stmt && !stmt.busy) {
        // Map order is insertion order: move to the back, so the front is the least recently used.
        kept.delete(sql);
        kept.set(sql, stmt);
        return stmt;
      }
      if (stmt) return keep(raw.prepare(sql), sql);
      const fresh = keep(raw.prepare(sql), sql);
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

/**
 * A `*` outside `count(*)` (`select *`, `t.*`, or a product or comment, to be safe): the columns
 * then come from the table as it is when SQLite (re-)prepares the statement, so their names cannot
 * be read once and kept.
 */
function namesMayChange(sql: string): boolean {
  return sql.replace(/\(\s*\*\s*\)/g, '').includes('*');
}

/**
 * A statement whose columns are named in its own text reads its rows as arrays and names them here:
 * better-sqlite3 builds each row's object itself, looking the names up again for every row; built
 * here from the values with the names read once, a row costs several times less (docs/performance.md).
 */
function keep(stmt: SQLite.Statement, sql: string): KeptStatement {
  if (!stmt.reader || namesMayChange(sql)) return stmt as unknown as KeptStatement;
  const names = stmt.columns().map((c) => c.name);
  stmt.raw(true);
  const named = (values: unknown[]): Record<string, unknown> => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i]] = values[i];
    return row;
  };
  return {
    reader: true,
    get busy() {
      return stmt.busy;
    },
    all: (...params) => (stmt.all(...params) as unknown[][]).map(named),
    run: (...params) => stmt.run(...params),
    *iterate(...params) {
      for (const values of stmt.iterate(...params) as IterableIterator<unknown[]>) yield named(values);
    },
  };
}
