import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type ServerConfig } from './platform/config/config.js';
import { buildApp } from './app.js';
import { dropPgSchema } from './platform/db/database.js';
import { copyTemplate, type TemplateCopy } from './platform/testing/templateDatabase.js';
import { createAppSession } from './platform/auth/sessions.js';
import { CSRF_HEADER } from './platform/auth/authPlugin.js';
import type { RoleCode } from '../shared/roles.js';
import { TEST_CAPTCHA, TEST_PASSWORD, type TestApp } from './platform/testing/testApp.js';

export { TEST_CAPTCHA, TEST_PASSWORD, type TestApp } from './platform/testing/testApp.js';

/**
 * A fresh app on a database of its own: SQLite in a temp folder, or, when DATABASE_URL is set, its
 * own PostgreSQL schema (dropped on close). So every test file starts clean, on both dialects.
 * The database starts as a copy of this run's migrated and seeded template for the same config
 * (templateDatabase.ts) unless the test names its own data folder, database or schema (to reopen
 * another app's data); `ctx.config` names where this app's data really is.
 */
export async function createTestApp(overrides: Partial<ServerConfig> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    CAPTCHA_TEST_CODE: TEST_CAPTCHA,
    DEMO_PASSWORD: TEST_PASSWORD,
  };
  const base = { dataDir, clientDir: path.join(dataDir, 'no-client'), port: 0 };
  const ownPlace = 'dataDir' in overrides || 'pgSchema' in overrides || 'databaseUrl' in overrides;
  let copy: TemplateCopy | undefined;
  if (!ownPlace) {
    copy = await copyTemplate(loadConfig(env, { ...base, ...overrides }), dataDir, async (target) => {
      const built = await buildApp(
        loadConfig(env, { ...base, ...overrides, ...target, clientDir: path.join(target.dataDir, 'no-client') }),
      );
      await built.app.close();
    });
  }
  const pgSchema =
    copy?.pgSchema ?? (process.env.DATABASE_URL ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined);
  const config = loadConfig(env, {
    ...base,
    pgSchema,
    ...(copy?.databaseUrl ? { databaseUrl: copy.databaseUrl } : {}),
    ...overrides,
  });
  const { app, ctx } = await buildApp(config, { prepared: copy !== undefined });
  await app.ready();

  const loginAs: TestApp['loginAs'] = async (username, roleCode) => {
    const db = ctx.database.db;
    const user = await db
      .selectFrom('users')
      .select(['id', 'default_sub_system_id'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const roles = await db.selectFrom('user_roles').select('role_code').where('user_id', '=', user.id).execute();
    const role = roleCode ?? (roles[0].role_code as RoleCode);
    const { token, csrfToken } = await createAppSession(db, {
      userId: user.id,
      roleCode: role,
      subSystemId: user.default_sub_system_id ?? null,
      tgtHash: null,
    });
    return { authorization: token, [CSRF_HEADER]: csrfToken };
  };

  const post: TestApp['post'] = async (url, body, headers = {}) => {
    const res = await app.inject({ method: 'POST', url, payload: (body ?? {}) as any, headers });
    let parsed: unknown = res.body;
    try {
      parsed = res.json();
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body: parsed, res };
  };

  return {
    app,
    ctx,
    loginAs,
    post,
    inject: (opts) => app.inject(opts),
    close: async () => {
      await app.close();
      if (copy) await copy.drop();
      else if (pgSchema && process.env.DATABASE_URL) await dropPgSchema(process.env.DATABASE_URL, pgSchema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
