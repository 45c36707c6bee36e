import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropPgSchema, openDatabase } from '../src/server/platform/db/database.js';
import { migrateToLatest } from '../src/server/platform/db/migrate.js';
import { insertVersion } from '../src/server/platform/schemas/schemaVersions.js';
import { nodeEntryArgs } from '../src/server/platform/testing/compiledTree.js';

// npm run schemas:pull on a copy of schemas/ and a database holding published studio versions.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-pull-'));
const schemasDir = path.join(dir, 'schemas');
const dataDir = path.join(dir, 'data');
const pgSchema = process.env.DATABASE_URL ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
const config = { dataDir, databaseUrl: process.env.DATABASE_URL, pgSchema };
const env: NodeJS.ProcessEnv = {
  ...process.env,
  SCHEMAS_DIR: schemasDir,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  ...(pgSchema ? { PG_SCHEMA: pgSchema } : {}),
};

function pull(): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, nodeEntryArgs('scripts/schemas-pull.ts'), { env, cwd: process.cwd() });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code, out }));
  });
}

const ENTITY = 'entities/announcement';
const entityFile = path.join(schemasDir, `${ENTITY}.json`);
const routesFile = path.join(schemasDir, 'routes.json');

beforeAll(async () => {
  fs.cpSync(path.resolve('schemas'), schemasDir, { recursive: true });
  fs.mkdirSync(dataDir, { recursive: true });
}, 60_000);
afterAll(async () => {
  if (pgSchema) await dropPgSchema(process.env.DATABASE_URL!, pgSchema);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('npm run schemas:pull', () => {
  it('says so when no version was ever published, and changes nothing', async () => {
    const before = fs.readFileSync(entityFile, 'utf8');
    const r = await pull();
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/No published versions|already holds/);
    expect(fs.readFileSync(entityFile, 'utf8')).toBe(before);
  }, 60_000);

  it('writes the newest published version of a file back, and only the files that differ', async () => {
    const published = JSON.parse(fs.readFileSync(entityFile, 'utf8'));
    published.fields.pulledField = { type: 'string', label: '拉取字段', maxLength: 20 };
    const routes = fs.readFileSync(routesFile, 'utf8');
    const routesStat = fs.statSync(routesFile).mtimeMs;
    const database = await openDatabase(config);
    try {
      await migrateToLatest(database);
      const at = Date.now();
      const base = { reason: '增加字段', diff: null, rolledBackTo: null, userId: null, userName: '分析员' };
      await insertVersion(database.db, {
        ...base,
        key: ENTITY,
        content: '{"stale":true}',
        action: 'publish',
        createdAt: at,
      });
      await insertVersion(database.db, {
        ...base,
        key: ENTITY,
        content: JSON.stringify(published),
        action: 'publish',
        createdAt: at + 1,
      });
      // Published unchanged: the file is already what it says.
      await insertVersion(database.db, { ...base, key: 'routes', content: routes, action: 'file', createdAt: at + 2 });
    } finally {
      await database.close();
    }
    const r = await pull();
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('1 file(s) written');
    expect(JSON.parse(fs.readFileSync(entityFile, 'utf8'))).toEqual(published);
    expect(fs.readFileSync(entityFile, 'utf8')).toBe(`${JSON.stringify(published, null, 2)}\n`);
    expect(fs.readFileSync(routesFile, 'utf8')).toBe(routes);
    expect(fs.statSync(routesFile).mtimeMs).toBe(routesStat);
    const again = await pull();
    expect(again.out).toContain('schemas/ already holds every published version');
  }, 120_000);
});
