import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { ServerConfig } from '../config/config.js';

/** Held while a process starts; released when it has finished making tables and seeding, or failed. */
export interface StartLock {
  release(): Promise<void>;
}

const WAIT_STEP_MS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One database-wide lock around everything a start writes to the schema (create schema,
 * migrations, seeds, entity tables and indexes, triggers), so instances started together on an
 * empty database come up one after another instead of failing on each other's `create ... if not
 * exists` and `add column`. PostgreSQL: a session advisory lock on a connection of its own, keyed
 * by the schema worked in (tests in other schemas go on in parallel); it goes with the connection,
 * so a process killed while starting frees it. SQLite: an exclusive transaction on a lock file
 * beside the database, polled without blocking the event loop; the OS frees it with the process.
 */
export async function takeStartLock(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'pgSchema'>,
): Promise<StartLock> {
  return config.databaseUrl ? postgresLock(config.databaseUrl, config.pgSchema) : sqliteLock(config.dataDir);
}

async function postgresLock(url: string, schema: string | undefined): Promise<StartLock> {
  const client = new pg.Client({ connectionString: url, application_name: 'portal start-up lock' });
  await client.connect();
  try {
    // Without PG_SCHEMA the schema is the role's search_path; the lock is keyed by what it names.
    const key = schema ?? (await client.query<{ s: string }>('select current_schema() as s')).rows[0]?.s ?? '';
    await client.query('select pg_advisory_lock(hashtext($1))', [`portal_start:${key}`]);
  } catch (e) {
    await client.end().catch(() => undefined);
    throw e;
  }
  return { release: () => client.end() };
}

async function sqliteLock(dataDir: string): Promise<StartLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const raw = new SQLite(path.join(dataDir, 'portal.start-lock.sqlite'));
  raw.pragma('busy_timeout = 0');
  for (;;) {
    try {
      raw.exec('begin exclusive');
      break;
    } catch (e) {
      if ((e as { code?: string }).code !== 'SQLITE_BUSY') {
        raw.close();
        throw e;
      }
      await sleep(WAIT_STEP_MS);
    }
  }
  return {
    release: async () => {
      raw.exec('rollback');
      raw.close();
    },
  };
}
