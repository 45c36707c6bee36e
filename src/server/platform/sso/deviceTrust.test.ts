import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_CAPTCHA, TEST_PASSWORD, type TestApp } from '../../testApp.js';
import { BuiltInSso } from './BuiltInSso.js';
import { failureDelayMs, LOCK_NOTICE_KIND } from './deviceTrust.js';
import { useSsoService } from './ssoRegistry.js';
import { newCaptcha } from '../testing/ssoTestHelpers.js';
import { SSO_MESSAGES as M } from './ssoMessages.js';

let t: TestApp;
let clock = Date.now();
const waited: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  useSsoService(
    t.ctx,
    new BuiltInSso(t.ctx, {
      now: () => clock,
      sleep: async (ms) => {
        waited.push(ms);
      },
    }),
  );
});
afterAll(async () => {
  await t?.close();
});

/** A sign-in from a browser: its address and the cookies it holds. */
async function signIn(account: string, password: string, ip: string, cookie?: string) {
  const captchaId = await newCaptcha(t);
  const res = await t.inject({
    method: 'POST',
    url: '/sso/login',
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
    payload: { account, password, captchaId, captchaCode: TEST_CAPTCHA },
  });
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const device = set.find((c) => c.startsWith('sso_dev_'))?.split(';')[0];
  return { body: res.json(), device };
}

describe('lock-out an attacker cannot aim', () => {
  it("five wrong passwords from elsewhere lock other browsers, not the owner's, who is told after signing in", async () => {
    // The owner signed in from this browser before: it holds the account's device cookie.
    const first = await signIn('leader1', TEST_PASSWORD, '198.51.100.10');
    expect(first.body.result).toBe('success');
    expect(first.device).toMatch(/^sso_dev_\d+=/);

    waited.length = 0;
    for (let i = 0; i < 5; i++) {
      clock += 1000;
      expect((await signIn('leader1', 'Wrong@2026x', `203.0.113.${i + 1}`)).body.data).toBe(M.badCredentials);
    }
    // The guessing slowed down with every failure (before the password was checked).
    expect(waited).toEqual([1, 2, 3, 4].map(failureDelayMs));
    // Any other browser, the right password included, is stopped.
    expect((await signIn('leader1', TEST_PASSWORD, '203.0.113.50')).body.data).toBe(M.locked(15));
    // The owner's browser signs in.
    const owner = await signIn('leader1', TEST_PASSWORD, '198.51.100.10', first.device);
    expect(owner.body.result).toBe('success');
    // And reads why, after signing in.
    const notes = await t.ctx.database.db
      .selectFrom('notification')
      .innerJoin('users', 'users.id', 'notification.user_id')
      .select(['notification.title', 'notification.body'])
      .where('users.username', '=', 'leader1')
      .where('notification.kind', '=', LOCK_NOTICE_KIND)
      .execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toContain('连续5次密码错误');
  });

  it("a forged or another account's device cookie buys nothing", async () => {
    const other = await signIn('leader2', TEST_PASSWORD, '198.51.100.20');
    const leader1 = Number(
      (
        await t.ctx.database.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', 'leader1')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const renamed = other.device!.replace(/^sso_dev_\d+=/, `sso_dev_${leader1}=`);
    expect((await signIn('leader1', TEST_PASSWORD, '203.0.113.60', renamed)).body.data).toBe(M.locked(15));
    const forged = `sso_dev_${leader1}=eyJzIjoiZGV2aWNlIiwidSI6MSwiZSI6OTk5OTk5OTk5OTk5OX0.AAAA`;
    expect((await signIn('leader1', TEST_PASSWORD, '203.0.113.61', forged)).body.data).toBe(M.locked(15));
  });

  it('a trusted browser guessing wrong is locked on its own', async () => {
    const first = await signIn('expert1', TEST_PASSWORD, '198.51.100.30');
    for (let i = 0; i < 5; i++) {
      clock += 1000;
      await signIn('expert1', 'Wrong@2026x', '198.51.100.30', first.device);
    }
    expect((await signIn('expert1', TEST_PASSWORD, '198.51.100.30', first.device)).body.data).toBe(M.locked(15));
    // Others are not locked by it, and nobody is told of a lock that is the browser's own.
    expect((await signIn('expert1', TEST_PASSWORD, '198.51.100.31')).body.result).toBe('success');
  });

  it('an admin still sees the lock and clears it', async () => {
    for (let i = 0; i < 5; i++) {
      clock += 1000;
      await signIn('expert2', 'Wrong@2026x', '203.0.113.70');
    }
    const province = await t.loginAs('province');
    const id = Number(
      (
        await t.ctx.database.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', 'expert2')
          .executeTakeFirstOrThrow()
      ).id,
    );
    expect((await t.post('/api/resource/user/get', { id }, province)).body.data.locked).toBe(true);
    const unlock = await t.post('/api/resource/user/transition', { id, version: 1, action: 'unlock' }, province);
    expect(unlock.body.data.locked).toBe(false);
    expect((await signIn('expert2', TEST_PASSWORD, '203.0.113.71')).body.result).toBe('success');
  });
});
