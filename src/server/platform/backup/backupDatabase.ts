import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { ServerConfig } from '../config/config.js';

export type DatabaseTarget = Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'pgSchema'>;

/** The SQLite file of a configuration (database.ts opens the same). */
export function sqliteFile(config: Pick<ServerConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'portal.sqlite');
}

/** Runs a PostgreSQL client tool; rejects with its stderr when it fails. */
export function runTool(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString('utf8')).slice(-4000);
    });
    child.on('error', (e) => reject(new Error(`${cmd}: ${e.message} (is the PostgreSQL client installed?)`)));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}: ${stderr.trim()}`)),
    );
  });
}

const QUOTE = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The stored objects a database holds (file contents, converted previews), read with `query`
 * inside the snapshot: the files a backup copies are those its database names.
 */
async function keysOf(query: (sql: string) => Promise<{ key: string }[]>): Promise<string[]> {
  const blobs = await query(`select storage_key as key from file_blobs where complete = 1`);
  const converted = await query(
    `select output_key as key from conversion_jobs where state = 'done' and output_key is not null`,
  ).catch(() => []);
  return [...new Set([...blobs, ...converted].map((r) => r.key))].sort();
}

/**
 * A consistent copy of the database into `dir`, taken while the portal serves: SQLite's online
 * backup (it reads one snapshot, the write-ahead log's commits included, and writers go on), or
 * pg_dump in a snapshot exported from a read-only transaction, in which the stored objects are
 * listed too. Answers the copy's file name and the objects it names.
 */
export async function snapshotDatabase(
  config: DatabaseTarget,
  dir: string,
): Promise<{ file: string; dialect: 'sqlite' | 'postgres'; keys: string[]; extensions: string[] }> {
  if (!config.databaseUrl) {
    const source = sqliteFile(config);
    if (!fs.existsSync(source)) throw new Error(`no SQLite database at ${source}`);
    const file = 'database.sqlite';
    const live = new SQLite(source, { readonly: true, fileMustExist: true });
    try {
      await live.backup(path.join(dir, file));
    } finally {
      live.close();
    }
    const copy = new SQLite(path.join(dir, file), { readonly: true });
    try {
      const keys = await keysOf(async (q) => copy.prepare(q).all() as { key: string }[]);
      return { file, dialect: 'sqlite', keys, extensions: [] };
    } finally {
      copy.close();
    }
  }
  const file = 'database.pgdump';
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    if (config.pgSchema) await client.query(`SET LOCAL search_path TO ${QUOTE(config.pgSchema)}`);
    const snapshot = (await client.query('select pg_export_snapshot() as s')).rows[0].s as string;
    const schema = config.pgSchema ? ['--schema', config.pgSchema] : [];
    await runTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${snapshot}`,
      ...schema,
      '--file',
      path.join(dir, file),
      config.databaseUrl,
    ]);
    const keys = await keysOf(async (q) => (await client.query(q)).rows as { key: string }[]);
    // A dump of one schema leaves out the extensions its indexes use (pg_trgm): the restore makes them.
    const extensions = (await client.query(`select extname from pg_extension where extname <> 'plpgsql'`)).rows.map(
      (r) => r.extname as string,
    );
    await client.query('COMMIT');
    return { file, dialect: 'postgres', keys, extensions };
  } finally {
    await client.end();
  }
}

/** Whether the target database is empty (no SQLite file; no table in the PostgreSQL schema). */
export async function databaseIsEmpty(config: DatabaseTarget): Promise<boolean> {
  if (!config.databaseUrl) return !fs.existsSync(sqliteFile(config));
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from information_schema.tables where table_schema = $1`,
      [config.pgSchema ?? 'public'],
    );
    return rows[0].n === 0;
  } finally {
    await client.end();
  }
}

/** Brings a database copy back into an empty target. */
export async function restoreDatabase(
  config: DatabaseTarget,
  dir: string,
  file: string,
  extensions: string[] = [],
): Promise<void> {
  if (!(await databaseIsEmpty(config))) throw new Error('目标数据库不是空的：恢复只写入空的数据目录或数据库');
  if (!config.databaseUrl) {
    if (!file.endsWith('.sqlite')) throw new Error('备份来自 PostgreSQL，目标是 SQLite：请设置 DATABASE_URL');
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.copyFileSync(path.join(dir, file), sqliteFile(config), fs.constants.COPYFILE_EXCL);
    return;
  }
  if (!file.endsWith('.pgdump')) throw new Error('备份来自 SQLite，目标是 PostgreSQL：请去掉 DATABASE_URL');
  if (config.pgSchema) {
    // The dump makes its schema itself; an empty one left by a start (or by the check above) is in the way.
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      await client.query(`DROP SCHEMA IF EXISTS ${QUOTE(config.pgSchema)}`);
    } finally {
      await client.end();
    }
  }
  if (extensions.length) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      for (const ext of extensions) await client.query(`CREATE EXTENSION IF NOT EXISTS ${QUOTE(ext)} SCHEMA public`);
    } finally {
      await client.end();
    }
  }
  await runTool('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    '--dbname',
    config.databaseUrl,
    path.join(dir, file),
  ]);
}
