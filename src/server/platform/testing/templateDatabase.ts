import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { ServerConfig } from '../config/config.js';

/**
 * Migrated, seeded databases built once per test run and copied for each test app, so a test file
 * starts in milliseconds instead of running every migration and the whole seed again.
 *
 * The run's folder is named by TEST_TEMPLATE_DIR (set by templateSetup.ts, vitest's global setup).
 * A template is keyed by what changes the seeded content (demo data, demo password, production,
 * schemas folder) and by dialect. The first worker that needs one takes its lock (an atomic mkdir),
 * builds it and marks it ready; the others wait for the mark. SQLite: the template's data folder
 * (database file and stored files) is copied. PostgreSQL: `CREATE DATABASE … TEMPLATE`, plus a copy
 * of the data folder for stored files.
 */
export const TEMPLATE_DIR_ENV = 'TEST_TEMPLATE_DIR';
/** The schema the PostgreSQL templates (and so their copies) keep their tables in. */
export const TEMPLATE_PG_SCHEMA = 'portal';
const READY = 'ready.json';
const FAILED = 'failed.txt';
const WAIT_MS = 180_000;

export interface TemplateCopy {
  dataDir: string;
  databaseUrl?: string;
  pgSchema?: string;
  /** Drops the copied PostgreSQL database (the data folder is the caller's). */
  drop(): Promise<void>;
}

interface Ready {
  pgDatabase?: string;
}

/** What makes two seeded databases differ: a test asking for other content gets its own template. */
export function templateKey(config: ServerConfig): string {
  const what = {
    dialect: config.databaseUrl ? 'postgres' : 'sqlite',
    demoData: config.demoData,
    production: config.production,
    demoPassword: config.demoPassword,
    schemasDir: config.schemasDir,
  };
  return crypto.createHash('sha256').update(JSON.stringify(what)).digest('hex').slice(0, 12);
}

/** The data folder and database a template is built in, for `build` to fill (migrate and seed). */
export interface TemplateTarget {
  dataDir: string;
  databaseUrl?: string;
  pgSchema?: string;
}

/**
 * A copy of the template for `config` in `dataDir`, building the template first when this run has
 * none yet; undefined when no run folder is set (a test started outside vitest's global setup).
 */
export async function copyTemplate(
  config: ServerConfig,
  dataDir: string,
  build: (target: TemplateTarget) => Promise<void>,
): Promise<TemplateCopy | undefined> {
  const root = process.env[TEMPLATE_DIR_ENV];
  if (!root || !fs.existsSync(root)) return undefined;
  const key = templateKey(config);
  const dir = path.join(root, key);
  const ready = await readyTemplate(root, dir, config, build);
  fs.cpSync(path.join(dir, 'data'), dataDir, { recursive: true });
  if (!ready.pgDatabase || !config.databaseUrl) return { dataDir, drop: async () => undefined };
  const copy = `t_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(config.databaseUrl, (c) => createFromTemplate(c, copy, ready.pgDatabase!));
  return {
    dataDir,
    databaseUrl: withDatabase(config.databaseUrl, copy),
    pgSchema: TEMPLATE_PG_SCHEMA,
    drop: () =>
      adminQuery(config.databaseUrl!, (c) =>
        c.query(`DROP DATABASE IF EXISTS "${copy}" WITH (FORCE)`).then(() => undefined),
      ),
  };
}

async function readyTemplate(
  root: string,
  dir: string,
  config: ServerConfig,
  build: (target: TemplateTarget) => Promise<void>,
): Promise<Ready> {
  const readyFile = path.join(dir, READY);
  const failedFile = path.join(dir, FAILED);
  const lock = `${dir}.lock`;
  const until = Date.now() + WAIT_MS;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      return await buildTemplate(root, dir, config, build);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    // Another worker builds it: wait for its mark. A build that failed fails every file that
    // needs it, with its error; one whose worker died is taken over.
    while (!fs.existsSync(readyFile)) {
      if (fs.existsSync(failedFile))
        throw new Error(`building the test database template failed: ${fs.readFileSync(failedFile, 'utf8')}`);
      if (!ownerAlive(lock)) {
        fs.rmSync(dir, { recursive: true, force: true });
        fs.rmSync(lock, { recursive: true, force: true });
        break;
      }
      if (Date.now() > until) throw new Error(`test database template ${dir} was not ready within ${WAIT_MS} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
    if (fs.existsSync(readyFile)) return JSON.parse(fs.readFileSync(readyFile, 'utf8')) as Ready;
  }
}

/** Whether the worker holding a template's lock is still running (its pid file is written right after the lock). */
function ownerAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
  } catch {
    return true; // the lock was taken a moment ago and its pid is being written
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function buildTemplate(
  root: string,
  dir: string,
  config: ServerConfig,
  build: (target: TemplateTarget) => Promise<void>,
): Promise<Ready> {
  try {
    const ready: Ready = {};
    const target: TemplateTarget = { dataDir: path.join(dir, 'data') };
    if (config.databaseUrl) {
      ready.pgDatabase = `${path.basename(root).replace(/[^a-z0-9]/g, '_')}_${path.basename(dir)}`;
      await adminQuery(config.databaseUrl, async (c) => {
        await c.query(`DROP DATABASE IF EXISTS "${ready.pgDatabase}" WITH (FORCE)`);
        await c.query(`CREATE DATABASE "${ready.pgDatabase}"`);
      });
      // The template carries pg_trgm, so every copy has it before its app asks.
      await adminQuery(withDatabase(config.databaseUrl, ready.pgDatabase), (c) =>
        c.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public').then(() => undefined),
      );
      target.databaseUrl = withDatabase(config.databaseUrl, ready.pgDatabase);
      target.pgSchema = TEMPLATE_PG_SCHEMA;
    }
    fs.mkdirSync(target.dataDir, { recursive: true });
    await build(target);
    // Written aside and renamed: another worker reads the file as soon as it exists, never half of it.
    const readyFile = path.join(dir, READY);
    fs.writeFileSync(`${readyFile}.${process.pid}`, JSON.stringify(ready));
    fs.renameSync(`${readyFile}.${process.pid}`, readyFile);
    return ready;
  } catch (e) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, FAILED), e instanceof Error ? e.message : String(e));
    throw e;
  }
}

/** PostgreSQL refuses a template while a connection to it is still closing: try again briefly. */
async function createFromTemplate(c: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== '55006' || attempt >= 50) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function adminQuery(url: string, run: (c: pg.Client) => Promise<void>): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await run(c);
  } finally {
    await c.end();
  }
}

/** Drops this run's PostgreSQL templates (global teardown). */
export async function dropTemplates(url: string, root: string): Promise<void> {
  const prefix = `${path.basename(root).replace(/[^a-z0-9]/g, '_')}_`;
  await adminQuery(url, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    for (const r of rows) await c.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
  });
}
