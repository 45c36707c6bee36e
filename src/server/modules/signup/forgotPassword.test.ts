import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_STRENGTH_MESSAGES } from '../../../shared/passwordStrength.js';
import { BuiltInSso } from '../../platform/sso/BuiltInSso.js';
import { useSsoService } from '../../platform/sso/ssoRegistry.js';
import { appLogin, newCaptcha, ssoLogin } from '../../platform/testing/ssoTestHelpers.js';
import { createTestApp, TEST_CAPTCHA, TEST_PASSWORD, type TestApp } from '../../testApp.js';
import { FORGOT_MESSAGES } from './forgotPassword.js';

let t: TestApp;
const sent: { mobile: string; code: string }[] = [];
let nextCode = 400000;
let ip = 0;

beforeAll(async () => {
  t = await createTestApp();
  useSsoService(
    t.ctx,
    new BuiltInSso(t.ctx, {
      generateSmsCode: () => String(nextCode++),
      smsSender: async (mobile, code) => {
        sent.push({ mobile, code });
      },
    }),
  );
});
afterAll(async () => {
  await t?.close();
});

async function send(account: string, captchaCode = TEST_CAPTCHA) {
  ip++;
  const captchaId = await newCaptcha(t);
  const res = await t.inject({
    method: 'POST',
    url: '/api/signUp/forgotPassword/send',
    payload: { subAct: 'a', account, captchaId, captchaCode },
    remoteAddress: `203.0.113.${ip}`,
  });
  return res.json();
}
const reset = (account: string, smsCode: string, newPassword: string) =>
  t.post('/api/signUp/forgotPassword/reset', { subAct: 'a', account, smsCode, newPassword });

async function mobileOf(username: string): Promise<string> {
  const row = await t.ctx.database.db
    .selectFrom('users')
    .select('mobile')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return String(row.mobile);
}

describe('忘记密码', () => {
  it('asks for the captcha first, and answers the same whether or not the account exists', async () => {
    const wrongCaptcha = await send('leader2', 'nope');
    expect(wrongCaptcha).toMatchObject({ flag: false, data: [expect.objectContaining({ field: 'captchaCode' })] });
    const before = sent.length;
    const unknown = await send('nobody_here');
    const unknownMobile = await send('13999990000');
    expect(sent.length).toBe(before);
    const known = await send('leader2');
    expect(unknown).toEqual(known);
    expect(unknownMobile).toEqual(known);
    expect(known).toMatchObject({ flag: true, result: FORGOT_MESSAGES.sent });
    await expect.poll(() => sent.length).toBe(before + 1);
    expect(sent.at(-1)!.mobile).toBe(await mobileOf('leader2'));
  });

  it('resets with the code sent to the mobile, by the policy, and signs out every session', async () => {
    const elsewhere = await appLogin(t, 'expert2');
    await send('expert2');
    await expect.poll(() => sent.at(-1)?.mobile).toBe(await mobileOf('expert2'));
    const code = sent.at(-1)!.code;
    const weak = await reset('expert2', code, 'Qwer1234!');
    expect(weak.body).toMatchObject({ flag: false, result: PASSWORD_STRENGTH_MESSAGES.common });
    const wrong = await reset('expert2', '000000', 'Granite.Lake#Tiger');
    expect(wrong.body).toMatchObject({ flag: false, data: [expect.objectContaining({ field: 'smsCode' })] });
    const done = await reset('expert2', code, 'Granite.Lake#Tiger');
    expect(done.body).toMatchObject({ flag: true, result: FORGOT_MESSAGES.done });
    expect((await t.post('/api/home/queryMenuList', { subAct: 'a' }, elsewhere.headers)).status).toBe(401);
    expect((await ssoLogin(t, 'expert2', TEST_PASSWORD)).body.result).not.toBe('success');
    expect((await ssoLogin(t, 'expert2', 'Granite.Lake#Tiger')).body.result).toBe('success');
    // The code is used up.
    expect((await reset('expert2', code, 'Another.Lake#Tiger2')).body.flag).toBe(false);
  });

  it('refuses an unknown account at the code as it refuses a wrong code', async () => {
    const unknown = await reset('nobody_here', '123456', 'Granite.Lake#Tiger');
    expect(unknown.body).toMatchObject({ flag: false, data: [expect.objectContaining({ field: 'smsCode' })] });
  });
});
