import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idCardCheckChar } from '../../../shared/idCard.js';
import { BuiltInSso } from '../../platform/sso/BuiltInSso.js';
import { useSsoService } from '../../platform/sso/ssoRegistry.js';
import { SSO_MESSAGES } from '../../platform/sso/ssoMessages.js';
import { startMailReceiver } from '../../platform/testing/mailReceiver.js';
import { newCaptcha } from '../../platform/testing/ssoTestHelpers.js';
import { createTestApp, TEST_CAPTCHA, type TestApp } from '../../testApp.js';
import { EMAIL_LINK_MESSAGES } from './signUpEmail.js';
import { SIGN_UP_MESSAGES as M } from './signUpMessages.js';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startMailReceiver>>;
const sent: { mobile: string; code: string }[] = [];
let nextCode = 700000;
let ip = 0;

beforeAll(async () => {
  receiver = await startMailReceiver('https://ky.example.cn/portal');
  t = await createTestApp({ demoData: true, channels: receiver.channels });
  useSsoService(
    t.ctx,
    new BuiltInSso(t.ctx, {
      generateSmsCode: () => String(nextCode++),
      smsSender: async (mobile, code) => {
        sent.push({ mobile, code });
      },
    }),
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const idNo = (serial: string) => {
  const base = `13068219900101${serial}`;
  return base + idCardCheckChar(base);
};
const sendSms = (mobile: string, captchaId: string) =>
  t
    .inject({
      method: 'POST',
      url: '/api/signUp/sendSms',
      payload: { subAct: 'a', mobile, captchaId, captchaCode: TEST_CAPTCHA },
      remoteAddress: `198.51.100.${++ip}`,
    })
    .then((r) => r.json());
const submit = (values: Record<string, unknown>) =>
  t.post('/api/signUp/submit', {
    subAct: 'a',
    password: 'Lantern-River-Quietly-47',
    realName: '钱老师',
    unit: '定州市实验小学',
    captchaCode: TEST_CAPTCHA,
    ...values,
  });

describe('sign-up: the captcha typed once, an e-mail confirmed by its link', () => {
  it('takes the captcha that sent the code once more at 注册, for that mobile only', async () => {
    const captchaId = await newCaptcha(t);
    expect((await sendSms('13912350001', captchaId)).flag).toBe(true);
    const code = sent.at(-1)!.code;
    // Not for another mobile, whatever code it brings.
    const elsewhere = await submit({
      username: 'teacher_qian0',
      idCardNo: idNo('200'),
      mobile: '13912350002',
      smsCode: code,
      captchaId,
    });
    expect(elsewhere.body.result).toBe(SSO_MESSAGES.captchaExpired);
    const res = await submit({
      username: 'teacher_qian',
      idCardNo: idNo('201'),
      mobile: '13912350001',
      smsCode: code,
      captchaId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toBe(M.done);
    // Once: the same captcha does not pass a third time.
    const again = await submit({
      username: 'teacher_qian2',
      idCardNo: idNo('202'),
      mobile: '13912350001',
      smsCode: code,
      captchaId,
    });
    expect(again.body.result).toBe(SSO_MESSAGES.captchaExpired);
  });

  it('keeps an optional e-mail unverified until the mailed link is opened, once', async () => {
    const captchaId = await newCaptcha(t);
    await sendSms('13912350003', captchaId);
    const bad = await submit({
      username: 'teacher_sun',
      idCardNo: idNo('203'),
      mobile: '13912350003',
      email: 'not-an-address',
      smsCode: sent.at(-1)!.code,
      captchaId,
    });
    expect(bad.body.data[0]).toMatchObject({ field: 'email', message: M.email });
    const fresh = await newCaptcha(t);
    const res = await submit({
      username: 'teacher_sun',
      idCardNo: idNo('203'),
      mobile: '13912350003',
      email: 'Sun.Teacher@school.example.cn',
      smsCode: sent.at(-1)!.code,
      captchaId: fresh,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = () =>
      t.ctx.database.db
        .selectFrom('users')
        .select(['email', 'email_verified'])
        .where('username', '=', 'teacher_sun')
        .executeTakeFirstOrThrow();
    expect(await stored()).toMatchObject({ email: 'Sun.Teacher@school.example.cn', email_verified: 0 });

    await expect.poll(() => receiver.mails.length, { timeout: 10_000 }).toBe(1);
    const mail = receiver.mails[0];
    expect(mail.to).toEqual(['Sun.Teacher@school.example.cn']);
    expect(mail.subject).toBe(EMAIL_LINK_MESSAGES.subject);
    const link = /https:\/\/ky\.example\.cn\/portal(\/api\/signUp\/verifyEmail\?token=[\w%-]+)/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    const url = link![1];
    const opened = await t.inject({ method: 'GET', url });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.body).toContain(EMAIL_LINK_MESSAGES.done);
    expect(await stored()).toMatchObject({ email_verified: 1 });
    const twice = await t.inject({ method: 'GET', url });
    expect(twice.body).toContain(EMAIL_LINK_MESSAGES.expired);
    const forged = await t.inject({ method: 'GET', url: '/api/signUp/verifyEmail?token=abc' });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).toContain(EMAIL_LINK_MESSAGES.expired);
  });
});
