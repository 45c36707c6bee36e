import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_CAPTCHA, TEST_PASSWORD, type TestApp } from '../../testApp.js';
import { SSO_MESSAGES as M } from './ssoMessages.js';
import { MAX_ADDRESS_FAILURES } from './loginLimiter.js';
import { newCaptcha } from '../testing/ssoTestHelpers.js';
import { BuiltInSso } from './BuiltInSso.js';
import { useSsoService } from './ssoRegistry.js';

/** Guessing passwords: one counter per account however it is named and wherever from, and one per address. */
let t: TestApp;
// The growing wait before each guess (failureDelayMs, checked in deviceTrust.test.ts) is skipped
// where only the counting is tested (some 6 s of sleeping otherwise); the timing test waits.
let realDelays = false;
beforeAll(async () => {
  t = await createTestApp();
  useSsoService(
    t.ctx,
    new BuiltInSso(t.ctx, {
      sleep: (ms) => (realDelays ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve()),
    }),
  );
});
afterAll(async () => {
  await t.close();
});

async function attempt(account: string, password: string, ip: string) {
  const captchaId = await newCaptcha(t);
  const res = await t.inject({
    method: 'POST',
    url: '/sso/login',
    remoteAddress: ip,
    payload: { account, password, captchaId, captchaCode: TEST_CAPTCHA },
  });
  return res.json() as { result: string; data: unknown };
}

async function userWithMobileAndEmail(except: string[]) {
  const rows = await t.ctx.database.db
    .selectFrom('users')
    .select(['username', 'mobile', 'email'])
    .where('mobile', 'is not', null)
    .where('email', 'is not', null)
    .execute();
  const row = rows.find((r) => r.mobile && r.email && !except.includes(r.username as string));
  if (!row) throw new Error('no demo user with a mobile and an e-mail');
  return row as { username: string; mobile: string; email: string };
}

describe('login limits', () => {
  it('counts failures under the account whether it is typed as user name, e-mail or mobile', async () => {
    const u = await userWithMobileAndEmail([]);
    const names = [u.username, u.email, u.mobile, u.username.toUpperCase(), u.email];
    for (const name of names) expect((await attempt(name, 'Wrong@123', '10.1.0.1')).data).toBe(M.badCredentials);
    expect((await attempt(u.mobile, TEST_PASSWORD, '10.1.0.1')).data).toBe(M.locked(15));
    expect((await attempt(u.username, TEST_PASSWORD, '10.1.0.1')).data).toBe(M.locked(15));
  });

  it('locks the account after 5 failures from 5 different addresses; 50 guesses from 10 addresses get no further', async () => {
    const u = await userWithMobileAndEmail([(await userWithMobileAndEmail([])).username]);
    const answers: unknown[] = [];
    for (let i = 0; i < 50; i++) answers.push((await attempt(u.username, `Wrong@${i}`, `10.2.0.${i % 10}`)).data);
    expect(answers.slice(0, 5)).toEqual(Array(5).fill(M.badCredentials));
    expect(answers.slice(5).every((a) => a === M.locked(15))).toBe(true);
    // The right password from a new address is refused too while the lock holds.
    expect((await attempt(u.username, TEST_PASSWORD, '10.2.9.9')).data).toBe(M.locked(15));
  });

  it('an address that fails against many accounts is locked for every account, others are not', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++)
      expect((await attempt(`nobody${i}`, 'Wrong@1', ip)).data).toBe(M.badCredentials);
    expect((await attempt('leader1', TEST_PASSWORD, ip)).data).toBe(M.locked(15));
    expect((await attempt('leader1', TEST_PASSWORD, '10.3.0.2')).result).toBe('success');
  }, 120_000);

  it('answers an unknown account exactly like a wrong password, in about the same time', async () => {
    const time = async (account: string, i: number) => {
      const start = process.hrtime.bigint();
      const answer = await attempt(account, 'Wrong@123', `10.4.${i}.1`);
      return { answer, ms: Number(process.hrtime.bigint() - start) / 1e6 };
    };
    const known: number[] = [];
    const unknown: number[] = [];
    realDelays = true;
    for (let i = 0; i < 4; i++) {
      const k = await time('expert1', i);
      // One unknown name, as one known account: each failure slows the next guess on that name alike.
      const u = await time('nosuchuser', i + 10);
      expect(u.answer).toEqual(k.answer);
      known.push(k.ms);
      unknown.push(u.ms);
    }
    realDelays = false;
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    // Both verify a password hash (the unknown one against a dummy): neither is an order of magnitude faster.
    expect(median(unknown)).toBeGreaterThan(median(known) / 4);
    expect(median(known)).toBeGreaterThan(median(unknown) / 4);
  }, 60_000);
});
