import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { buildApp, type BuiltApp } from '../../app.js';
import { dropPgSchema } from './database.js';
import { entityTables } from './tables.js';

const url = process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
const pgSchema = url ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;

afterAll(async () => {
  if (url && pgSchema) await dropPgSchema(url, pgSchema);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('start-up on an empty database', () => {
  it('several instances started at the same moment all come up, with demo data made once', async () => {
    // Each app has its own connection pool, as separate processes (or machines) would.
    const config = loadConfig(
      { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_DATA: 'on', JOB_INTERVAL_MINUTES: '0' },
      { dataDir, pgSchema, clientDir: path.join(dataDir, 'no-client'), port: 0 },
    );
    const results = await Promise.allSettled([1, 2, 3].map(() => buildApp(config)));
    const failures = results
      .filter((r) => r.status === 'rejected')
      .map((r) => String((r as PromiseRejectedResult).reason));
    const apps = results
      .filter((r): r is PromiseFulfilledResult<BuiltApp> => r.status === 'fulfilled')
      .map((r) => r.value);
    try {
      expect(failures).toEqual([]);
      const { db } = apps[0].ctx.database;
      const admins = await db.selectFrom('users').select('id').where('username', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
      const notices = await entityTables(db).selectFrom('rec_notice').select('id').execute();
      const again = await buildApp(config);
      apps.push(again);
      expect(await entityTables(db).selectFrom('rec_notice').select('id').execute()).toHaveLength(notices.length);
    } finally {
      for (const { app } of apps) await app.close();
    }
  }, 120_000);
});
