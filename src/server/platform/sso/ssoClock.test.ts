import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_CAPTCHA, TEST_PASSWORD, type TestApp } from '../../testApp.js';
import { BuiltInSso, CAPTCHA_TTL_MS, TICKET_IDLE_MS } from './BuiltInSso.js';
import { useSsoService } from './ssoRegistry.js';
import { SSO_MESSAGES as M } from './ssoMessages.js';
import { newCaptcha, postSsoLogin as login } from '../testing/ssoTestHelpers.js';

// The captcha, lock-out, ticket and SMS rules on the real captcha path, with a clock the test moves.
describe('SSO on the real captcha path, with a clock', () => {
  let t: TestApp;
  let clock = Date.now();
  let nextCode = 'AB3D';
  const sent: { mobile: string; code: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp({ captchaTestCode: undefined });
    useSsoService(
      t.ctx,
      new BuiltInSso(t.ctx, {
        now: () => clock,
        // The growing wait before each guess is timed in accountLimits.test.ts; here the clock is
        // the test's, and real waits would only add seconds.
        sleep: async () => undefined,
        generateCaptchaCode: () => nextCode,
        generateSmsCode: () => '246810',
        smsSender: async (mobile, code) => {
          sent.push({ mobile, code });
        },
      }),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('the test code does not answer when CAPTCHA_TEST_CODE is unset', async () => {
    const captchaId = await newCaptcha(t);
    expect(
      (await login(t, { account: 'leader1', password: TEST_PASSWORD, captchaId, captchaCode: TEST_CAPTCHA })).body,
    ).toEqual({ result: 'fail', data: '验证码错误' });
  });

  it('accepts the right code in any case, once', async () => {
    nextCode = 'XK7P';
    const captchaId = await newCaptcha(t);
    const stored = await t.ctx.database.db
      .selectFrom('sso_captchas')
      .select('code_hash')
      .where('id', '=', captchaId)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain('XK7P');
    const ok = await login(t, { account: 'leader1', password: TEST_PASSWORD, captchaId, captchaCode: 'xk7p' });
    expect(ok.body.result).toBe('success');
    // Reused: refused even with the right code and the right password.
    const again = await login(t, { account: 'leader1', password: TEST_PASSWORD, captchaId, captchaCode: 'XK7P' });
    expect(again.body).toEqual({ result: 'fail', data: M.captchaExpired });
    // And its picture is gone.
    expect((await t.inject({ method: 'GET', url: `/sso/captcha/image/${captchaId}` })).statusCode).toBe(404);
  });

  it('a wrong code uses the captcha up', async () => {
    nextCode = 'QWER';
    const captchaId = await newCaptcha(t);
    expect(
      (await login(t, { account: 'leader1', password: TEST_PASSWORD, captchaId, captchaCode: 'QWEX' })).body,
    ).toEqual({ result: 'fail', data: '验证码错误' });
    expect(
      (await login(t, { account: 'leader1', password: TEST_PASSWORD, captchaId, captchaCode: 'QWER' })).body,
    ).toEqual({ result: 'fail', data: M.captchaExpired });
  });

  it('a captcha expires after 5 minutes', async () => {
    nextCode = 'ZZ22';
    const captchaId = await newCaptcha(t);
    clock += CAPTCHA_TTL_MS + 1;
    expect(
      (await login(t, { account: 'leader1', password: TEST_PASSWORD, captchaId, captchaCode: 'ZZ22' })).body,
    ).toEqual({ result: 'fail', data: M.captchaExpired });
  });

  it('locks one account from one address after 5 failures in 15 minutes, for 15 minutes', async () => {
    nextCode = 'LOCK';
    const attempt = async (password: string, ip = '10.9.9.9') =>
      login(t, { account: 'Leader2', password, captchaId: await newCaptcha(t), captchaCode: 'LOCK' }, ip);
    for (let i = 0; i < 5; i++) {
      clock += 60_000;
      expect((await attempt('Wrong@123')).body.data).toBe('用户名或者密码错误！');
    }
    const locked = await attempt(TEST_PASSWORD);
    expect(locked.body).toEqual({ result: 'fail', data: M.locked(15) });
    expect(locked.body.data).toBe('登录失败次数过多，账号已被锁定，请15分钟后再试');
    // Counted in the database, per account (case-insensitive) whatever the address.
    expect((await attempt(TEST_PASSWORD, '10.9.9.10')).body.data).toBe(M.locked(15));
    clock += 10 * 60_000;
    expect((await attempt(TEST_PASSWORD)).body.data).toBe(M.locked(5));
    clock += 5 * 60_000 + 1;
    expect((await attempt(TEST_PASSWORD)).body.result).toBe('success');
  });

  it('failures spread over more than 15 minutes do not lock', async () => {
    nextCode = 'SLOW';
    for (let i = 0; i < 6; i++) {
      clock += 4 * 60_000;
      const r = await login(
        t,
        { account: 'expert2', password: 'Wrong@1', captchaId: await newCaptcha(t), captchaCode: 'SLOW' },
        '10.7.7.7',
      );
      expect(r.body.data).toBe('用户名或者密码错误！');
    }
  });

  it('a ticket idle for 8 hours expires; use keeps it alive', async () => {
    nextCode = 'TKT8';
    const r = await login(t, {
      account: 'expert1',
      password: TEST_PASSWORD,
      captchaId: await newCaptcha(t),
      captchaCode: 'TKT8',
    });
    const tgt = r.body.data.tgt;
    // Two uses 5 hours apart carry it past 8 hours from login (within the 12-hour absolute limit).
    clock += 5 * 3600_000;
    expect((await t.post('/sso/validate', { tgt })).body.result).toBe('success');
    clock += 5 * 3600_000;
    expect((await t.post('/sso/validate', { tgt })).body.result).toBe('success');
    clock += TICKET_IDLE_MS + 1;
    expect((await t.post('/sso/validate', { tgt })).body.result).toBe('fail');
    expect((await t.post('/api/sys/login', { tgt })).body).toMatchObject({ code: 501, result: '用户未登录' });
  });

  /** POST /sso/sms/send with a fresh picture captcha answered right. */
  const smsSend = async (body: { mobile: string }) => {
    nextCode = 'SMS2';
    return t.post('/sso/sms/send', { ...body, captchaId: await newCaptcha(t), captchaCode: 'SMS2' });
  };

  it('asks for the captcha before sending or looking anything up', async () => {
    clock += 3600_000;
    const before = sent.length;
    expect((await t.post('/sso/sms/send', { mobile: '13800000007' })).body).toEqual({
      result: 'fail',
      data: M.captchaRequired,
    });
    nextCode = 'SMS3';
    expect(
      (await t.post('/sso/sms/send', { mobile: '13800000007', captchaId: await newCaptcha(t), captchaCode: 'SMS4' }))
        .body,
    ).toEqual({ result: 'fail', data: '验证码错误' });
    expect(sent.length).toBe(before);
    expect(
      await t.ctx.database.db.selectFrom('sso_sms_codes').select('id').where('mobile', '=', '13800000007').execute(),
    ).toEqual([]);
  });

  it('sends an SMS code through the pluggable sender and signs in with it', async () => {
    clock += 3600_000;
    const send = await smsSend({ mobile: '13800000005' });
    expect(send.body).toEqual({ result: 'success', data: M.smsSent });
    expect(sent.at(-1)).toEqual({ mobile: '13800000005', code: '246810' });
    const stored = await t.ctx.database.db
      .selectFrom('sso_sms_codes')
      .select('code_hash')
      .where('mobile', '=', '13800000005')
      .execute();
    expect(stored.every((s) => !String(s.code_hash).includes('246810'))).toBe(true);

    expect((await login(t, { account: '13800000005', smsCode: '111111' })).body).toEqual({
      result: 'fail',
      data: M.smsWrong,
    });
    const ok = await login(t, { account: '13800000005', smsCode: '246810' });
    expect(ok.body.result).toBe('success');
    expect((await t.post('/sso/validate', { tgt: ok.body.data.tgt })).body.data.username).toBe('leader1');
    // Single use.
    expect((await login(t, { account: '13800000005', smsCode: '246810' })).body).toEqual({
      result: 'fail',
      data: M.smsExpired,
    });
    expect((await login(t, { account: 'leader1', smsCode: '246810' })).body).toEqual({
      result: 'fail',
      data: M.mobileInvalid,
    });
  });

  it('rate-limits SMS: one a minute per mobile; unknown numbers get no SMS but the same answer', async () => {
    clock += 3600_000;
    expect((await smsSend({ mobile: '13800000006' })).body.result).toBe('success');
    expect((await smsSend({ mobile: '13800000006' })).body).toEqual({ result: 'fail', data: M.smsTooSoon });
    clock += 61_000;
    expect((await smsSend({ mobile: '13800000006' })).body.result).toBe('success');
    const before = sent.length;
    expect((await smsSend({ mobile: '13911112222' })).body.result).toBe('success');
    expect(sent.length).toBe(before);
    expect((await smsSend({ mobile: '12345' })).body).toEqual({ result: 'fail', data: M.mobileInvalid });
  });

  it('an SMS code expires after 5 minutes', async () => {
    clock += 3600_000;
    await smsSend({ mobile: '13800000008' });
    clock += 5 * 60_000 + 1;
    expect((await login(t, { account: '13800000008', smsCode: '246810' })).body).toEqual({
      result: 'fail',
      data: M.smsExpired,
    });
  });
});
