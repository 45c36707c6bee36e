import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dropPgSchema, openDatabase } from '../src/server/platform/db/database.js';
import { verifyPassword } from '../src/server/platform/auth/secrets.js';
import { nodeEntryArgs } from '../src/server/platform/testing/compiledTree.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'user-create-'));
const pgSchema = process.env.DATABASE_URL ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  ...(pgSchema ? { PG_SCHEMA: pgSchema } : {}),
};
delete env.CAPTCHA_TEST_CODE;
delete env.ALLOW_NOLOGIN;

function run(args: string[], input = ''): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...nodeEntryArgs('scripts/user-create.ts'), ...args], {
      env,
      cwd: process.cwd(),
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('close', (code) => resolve({ code, out }));
    child.stdin.end(input);
  });
}

async function superAdmins() {
  const database = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL, pgSchema });
  try {
    return await database.db
      .selectFrom('users as u')
      .innerJoin('user_roles as r', 'r.user_id', 'u.id')
      .select(['u.username', 'u.real_name', 'u.password_hash'])
      .where('r.role_code', '=', '1')
      .orderBy('u.id')
      .execute();
  } finally {
    await database.close();
  }
}

describe('npm run user:create', () => {
  afterAll(async () => {
    if (pgSchema) await dropPgSchema(process.env.DATABASE_URL!, pgSchema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the first super admin from flags on an empty production database', async () => {
    const r = await run(['--username', 'root', '--password', 'Strong@2026', '--real-name', '张主任']);
    expect(r.out).toContain('超级管理员 root');
    expect(r.code).toBe(0);
    const admins = await superAdmins();
    expect(admins.map((a) => a.username)).toEqual(['root']);
    expect(admins[0].real_name).toBe('张主任');
    expect(await verifyPassword('Strong@2026', admins[0].password_hash)).toBe(true);
  });

  it('asks for what is missing, and refuses a taken name', async () => {
    const r = await run([], 'second\nweak\nStrong@2027\nStrong@2027\n李主任\n');
    expect(r.out).toContain('密码长度须为8-64位');
    expect(r.code).toBe(0);
    expect((await superAdmins()).map((a) => a.username)).toEqual(['root', 'second']);
    const again = await run(['--username', 'root', '--password', 'Strong@2028', '--real-name', 'x']);
    expect(again.code).toBe(1);
    expect(again.out).toContain('已存在');
  });
});
