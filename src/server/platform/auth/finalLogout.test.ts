import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { buildApp, type BuiltApp } from '../../app.js';
import { dropPgSchema } from '../db/database.js';
import { createAppSession } from './sessions.js';
import { CSRF_HEADER } from './authPlugin.js';
import type { RoleCode } from '../../../shared/roles.js';

const url = process.env.DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-logout-'));
const pgSchema = url ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
let apps: BuiltApp[] = [];

beforeAll(async () => {
  // Two server processes on one database: each its own connections and kept sessions.
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', JOB_INTERVAL_MINUTES: '0' },
    { dataDir, pgSchema, clientDir: path.join(dataDir, 'no-client'), port: 0 },
  );
  apps.push(await buildApp(config));
  apps.push(await buildApp(config));
});

afterAll(async () => {
  for (const { app } of apps) await app.close();
  apps = [];
  if (url && pgSchema) await dropPgSchema(url, pgSchema);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('logout is final on every process before it answers', () => {
  it('the next call with the token on another process is refused, every time', async () => {
    const [a, b] = apps;
    const { db } = a.ctx.database;
    const user = await db
      .selectFrom('users')
      .select(['id', 'default_sub_system_id'])
      .where('username', '=', 'province')
      .executeTakeFirstOrThrow();
    const role = await db
      .selectFrom('user_roles')
      .select('role_code')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const list = (app: BuiltApp, headers: Record<string, string>) =>
      app.app.inject({
        method: 'POST',
        url: '/api/resource/announcement/list',
        payload: { page: 1, pageSize: 1 },
        headers,
      });
    const accepted: number[] = [];
    for (let i = 0; i < 20; i++) {
      const { token, csrfToken } = await createAppSession(db, {
        userId: user.id,
        roleCode: role.role_code as RoleCode,
        subSystemId: user.default_sub_system_id ?? null,
        tgtHash: null,
      });
      const headers = { authorization: token, [CSRF_HEADER]: csrfToken };
      // b has the session in memory: it has just served it.
      const before = (await list(b, headers)).json();
      expect(before.flag, JSON.stringify(before)).toBe(true);
      const out = await a.app.inject({ method: 'POST', url: '/api/sys/logout', payload: { subAct: 'a' }, headers });
      expect(out.json().flag).toBe(true);
      const after = (await list(b, headers)).json();
      if (after.flag !== false || after.code !== 501) accepted.push(i);
    }
    expect(accepted).toEqual([]);
  });
});
