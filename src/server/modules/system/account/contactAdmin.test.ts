import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSmsGateway } from '../../../platform/notifications/smsGateway.js';
import { startMailReceiver } from '../../../platform/testing/mailReceiver.js';
import { createTestApp, type TestApp } from '../../../testApp.js';
import { ACCOUNT_CODE_MESSAGES } from '../../../platform/accounts/accountCodes.js';
import { CONTACT_MESSAGES } from './contactChange.js';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startMailReceiver>>;
const texts: { mobile: string; text: string }[] = [];

beforeAll(async () => {
  receiver = await startMailReceiver();
  t = await createTestApp({ channels: receiver.channels });
  useSmsGateway(t.ctx, {
    driver: 'test',
    async send(mobile, text) {
      texts.push({ mobile, text });
    },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const C = '/api/resource/accountContact';
const codeIn = (text: string) => /验证码为(\d{6})/.exec(text)?.[1] ?? '';
const user = (username: string) =>
  t.ctx.database.db
    .selectFrom('users')
    .select(['mobile', 'email', 'email_verified'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
let ip = 0;
const sendCode = (headers: Record<string, string>, body: Record<string, string>) =>
  t
    .inject({
      method: 'POST',
      url: '/api/account/contactCode',
      payload: { subAct: 'a', ...body },
      headers,
      remoteAddress: `203.0.113.${++ip}`,
    })
    .then((r) => ({ status: r.statusCode, body: r.json() }));

describe('个人中心 › 更换手机号/邮箱', () => {
  it('keeps a new mobile only with the code the SMS brought to it', async () => {
    const h = await t.loginAs('leader1');
    const before = await user('leader1');
    const taken = await user('leader2');
    expect((await sendCode(h, { mobile: String(taken.mobile) })).body.data[0].message).toBe(
      CONTACT_MESSAGES.mobileTaken,
    );
    expect((await sendCode(h, { mobile: '12345' })).body.data[0].message).toBe(CONTACT_MESSAGES.mobileInvalid);

    const sent = await sendCode(h, { mobile: '13912345678' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await expect.poll(() => texts.length).toBe(1);
    expect(texts[0].mobile).toBe('13912345678');
    const code = codeIn(texts[0].text);
    // Another at once is refused, as sign-up's codes are.
    expect((await sendCode(h, { mobile: '13912345678' })).status).toBe(429);

    const save = (body: Record<string, unknown>) => t.post(`${C}/save`, { subAct: 'a', id: 1, version: 1, ...body }, h);
    // Neither a new mobile nor a new e-mail: the schema's requireOneOf refuses it, as the form says it.
    const nothing = await save({});
    expect(nothing.status).toBe(400);
    const rule = t.ctx.schemas.entities.get('accountContact')!.requireOneOf![0];
    expect(nothing.body.data).toEqual([{ field: 'newMobile', label: '新手机号', message: rule.message }]);
    expect(rule).toEqual({ fields: ['newMobile', 'newEmail'], message: '请输入新手机号或新电子邮箱及其验证码' });
    const wrong = await save({ newMobile: '13912345678', mobileCode: code === '000000' ? '111111' : '000000' });
    expect(wrong.body.data[0]).toMatchObject({ field: 'mobileCode', message: ACCOUNT_CODE_MESSAGES.wrong });
    expect((await user('leader1')).mobile).toBe(before.mobile);
    // The code belongs to the number it went to.
    const other = await save({ newMobile: '13912345679', mobileCode: code });
    expect(other.body.data[0]).toMatchObject({ field: 'mobileCode', message: ACCOUNT_CODE_MESSAGES.expired });
    // Nor does anyone else use it.
    const h2 = await t.loginAs('expert1');
    const stolen = await t.post(
      `${C}/save`,
      { subAct: 'a', id: 1, version: 1, newMobile: '13912345678', mobileCode: code },
      h2,
    );
    expect(stolen.status).toBe(400);

    const done = await save({ newMobile: '13912345678', mobileCode: code });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await user('leader1')).mobile).toBe('13912345678');
    expect(done.body.data.mobile).toBe('13*****5678');
    expect(JSON.stringify(done.body.data)).not.toContain('13912345678');
    // Used once.
    expect((await save({ newMobile: '13912345678', mobileCode: code })).status).toBe(400);
  });

  it('keeps a new e-mail only with the code mailed to it, and counts it verified', async () => {
    const h = await t.loginAs('expert2');
    const sent = await sendCode(h, { email: 'new.address@school.example.cn' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await expect.poll(() => receiver.mails.length, { timeout: 10_000 }).toBe(1);
    const mail = receiver.mails[0];
    expect(mail.to).toEqual(['new.address@school.example.cn']);
    expect(mail.subject).toBe('更换电子邮箱验证码');
    const code = codeIn(mail.text);
    expect(code).toMatch(/^\d{6}$/);
    expect((await user('expert2')).email).not.toBe('new.address@school.example.cn');
    const done = await t.post(
      `${C}/save`,
      { subAct: 'a', id: 1, version: 1, newEmail: 'new.address@school.example.cn', emailCode: code },
      h,
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await user('expert2')).toMatchObject({ email: 'new.address@school.example.cn', email_verified: 1 });
    expect(done.body.data).toMatchObject({ email: 'new.address@school.example.cn', emailVerified: true });
  });
});
