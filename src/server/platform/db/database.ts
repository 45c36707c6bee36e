import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { ServerConfig } from '../config/config.js';
import { cachedStatements } from './statementCache.js';
import { preparedReads } from './preparedReads.js';
import { postgresWriteWatch, sqliteWriteWatch, watchConnectionName, type WriteWatch } from './writeWatch.js';
import { TableVersions } from './tableVersions.js';
import type { Db, Tables } from './tables.js';
import { WrittenTablesPlugin } from './writtenTablesPlugin.js';

export type Dialect = 'sqlite' | 'postgres';

/**
 * The one handle on the database. `db` knows the fixed tables (tables.ts); entity tables, defined
 * by schemas at run time, are reached through records/ (`EntityDb`).
 */
export interface Database {
  db: Db;
  dialect: Dialect;
  /** Commits by other processes (or SQL outside the app), so answers kept in memory stay exact. */
  watch: WriteWatch;
  /** Each table's version: this process's writes through `db` and the watch's, for answers kept in memory. */
  versions: TableVersions;
  close(): Promise<void>;
}

// int8 (bigint) columns hold epoch milliseconds; they fit a JS number, so read them as numbers.
pg.types.setTypeParser(20, (v) => Number(v));

export async function openDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'pgSchema' | 'pgPrepare'>,
): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.pgSchema, config.pgPrepare ?? true);
  fs.mkdirSync(config.dataDir, { recursive: true });
  return openSqlite(path.join(config.dataDir, 'portal.sqlite'));
}

/**
 * FULL: each commit waits until the disk has it, so it survives a power cut. A test run
 * (NODE_ENV=test) may ask for NORMAL with TEST_SQLITE_SYNC=normal: its databases never meet a
 * power cut, the suite commits tens of thousands of times, and in WAL mode NORMAL still keeps
 * every commit through the crash of the process (the kill -9 tests).
 */
function synchronousMode(): 'FULL' | 'NORMAL' {
  return process.env.NODE_ENV === 'test' && process.env.TEST_SQLITE_SYNC === 'normal' ? 'NORMAL' : 'FULL';
}

/** A SQLite database by its file (a copy of a server's portal.sqlite, read by a command). */
export function openSqliteFile(file: string): Database {
  return openSqlite(file);
}

function openSqlite(file: string): Database {
  const raw = new SQLite(file);
  // WAL for concurrent readers; synchronous FULL so a committed write survives a crash.
  raw.pragma('journal_mode = WAL');
  raw.pragma(`synchronous = ${synchronousMode()}`);
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  const watch = sqliteWriteWatch(raw);
  const versions = new TableVersions(watch);
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: cachedStatements(raw) }),
    plugins: [new WrittenTablesPlugin((t) => versions.note(t))],
  });
  return { db, dialect: 'sqlite', watch, versions, close: () => db.destroy() };
}

async function openPostgres(url: string, schema: string | undefined, prepare: boolean): Promise<Database> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid PG_SCHEMA: ${schema}`);
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      await admin.end();
    }
  }
  const options = schema ? { options: `-c search_path=${schema}` } : {};
  const pool = new pg.Pool({ connectionString: url, max: 10, ...options });
  // An idle connection the server ends (a restart, a failover, an administrator) is dropped by the
  // pool and replaced on the next query; unheard, its error would end the process.
  pool.on('error', (e) => console.error(`database: an idle connection ended: ${e.message}`));
  // The plugin only calls `versions` once a write has run, by which time the watch is listening.
  let versions: TableVersions | undefined; // eslint-disable-line prefer-const -- assigned below, after the watch that needs the pool exists
  const db = new Kysely<Tables>({
    dialect: new PostgresDialect({ pool: prepare ? preparedReads(pool) : pool }),
    plugins: [new WrittenTablesPlugin((t) => versions?.note(t))],
  });
  const current = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0].s;
  const watch = await postgresWriteWatch(
    () => new pg.Client({ connectionString: url, ...options, application_name: watchConnectionName(current) }),
    current,
    (e) => {
      console.error(`database: listening for writes failed, retrying: ${e instanceof Error ? e.message : String(e)}`);
    },
  );
  versions = new TableVersions(watch);
  return {
    db,
    dialect: 'postgres',
    watch,
    versions,
    close: async () => {
      await watch.close();
      await db.destroy();
    },
  };
}

/** Drops a PostgreSQL schema; tests use it to clean up after themselves. */
export async function dropPgSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema: ${schema}`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await admin.end();
  }
}
