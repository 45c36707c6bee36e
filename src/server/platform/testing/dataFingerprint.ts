import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.js';

/** Tables whose rows come and go with every request (sessions, captchas, limits, upload sessions). */
const EPHEMERAL = /^(app_secrets|app_sessions|sso_.*|upload_.*|kysely_.*)$/;

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

async function durableTables(db: AnyDb) {
  return (await db.introspection.getTables())
    .filter((t) => !EPHEMERAL.test(t.name))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const plain = (_k: string, v: unknown) => (typeof v === 'bigint' ? String(v) : v instanceof Date ? v.toISOString() : v);

/**
 * A hash of every durable row of the database (records, users, files, settings, dictionaries,
 * logs, notices), for tests that must prove requests changed nothing.
 */
export async function dataFingerprint(database: Database): Promise<string> {
  const db = database.db as unknown as AnyDb;
  const hash = crypto.createHash('sha256');
  for (const table of await durableTables(db)) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db);
    hash.update(
      `${table.name}\n${rows.rows
        .map((r) => JSON.stringify(r, plain))
        .sort()
        .join('\n')}\n`,
    );
  }
  return hash.digest('hex');
}

/**
 * A cheap summary of the same rows in one query (row count, version sum, latest update, highest
 * id of each table): changes whenever a row is added, removed or updated through the engine.
 */
const quickQueries = new WeakMap<Database, ReturnType<typeof sql<Record<string, unknown>>>>();

export async function quickFingerprint(database: Database): Promise<string> {
  const db = database.db as unknown as AnyDb;
  // The catalogue is read once per database; the summary itself is one query.
  let query = quickQueries.get(database);
  if (!query) {
    query = await summaryQuery(db);
    quickQueries.set(database, query);
  }
  const rows = await query.execute(db);
  return JSON.stringify(rows.rows, plain);
}

async function summaryQuery(db: AnyDb) {
  const parts = (await durableTables(db)).map((t) => {
    const has = (c: string) => t.columns.some((col) => col.name === c);
    const version = has('version') ? sql`coalesce(sum(version), 0)` : sql`0`;
    const updated = has('updated_at') ? sql`cast(max(updated_at) as text)` : sql`''`;
    const id = has('id') ? sql`coalesce(max(id), 0)` : sql`0`;
    return sql`select ${sql.lit(t.name)} as t, count(*) as c, ${version} as v, ${updated} as u, ${id} as i from ${sql.table(t.name)}`;
  });
  return sql<Record<string, unknown>>`${sql.join(parts, sql` union all `)}`;
}
