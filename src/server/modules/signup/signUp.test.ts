import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idCardCheckChar } from '../../../shared/idCard.js';
import { BuiltInSso, SMS_TTL_MS } from '../../platform/sso/BuiltInSso.js';
import { useSsoService } from '../../platform/sso/ssoRegistry.js';
import { newCaptcha, ssoLogin } from '../../platform/testing/ssoTestHelpers.js';
import { createTestApp, TEST_CAPTCHA, type TestApp } from '../../testApp.js';
import { SIGN_UP_MESSAGES as M } from './signUpMessages.js';
import { PASSWORD_STRENGTH_MESSAGES } from '../../../shared/passwordStrength.js';

let t: TestApp;
let clock = Date.now();
const sent: { mobile: string; code: string }[] = [];
let nextCode = 100000;
let ipCounter = 0;
/** How long the SMS gateway takes to answer (a slow gateway must not tell registered numbers apart). */
let gatewayMs = 0;

/** A checksum-valid ID number with the given serial (3 digits). */
function idNo(serial: string): string {
  const base = `13068219850612${serial}`;
  return base + idCardCheckChar(base);
}

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  useSsoService(
    t.ctx,
    new BuiltInSso(t.ctx, {
      now: () => clock,
      generateSmsCode: () => String(nextCode++),
      smsSender: async (mobile, code) => {
        sent.push({ mobile, code });
        if (gatewayMs) await new Promise((resolve) => setTimeout(resolve, gatewayMs));
      },
    }),
  );
});
afterAll(async () => {
  await t?.close();
});

async function sendSms(mobile: string, captcha: { captchaId?: string; captchaCode?: string } | null = {}) {
  ipCounter++;
  const proof =
    captcha === null
      ? {}
      : { captchaId: captcha.captchaId ?? (await newCaptcha(t)), captchaCode: captcha.captchaCode ?? TEST_CAPTCHA };
  const res = await t.inject({
    method: 'POST',
    url: '/api/signUp/sendSms',
    payload: { subAct: 'a', mobile, ...proof },
    remoteAddress: `198.51.100.${ipCounter}`,
  });
  return { status: res.statusCode, body: res.json() };
}

async function submit(values: Record<string, unknown>) {
  const captchaId = await newCaptcha(t);
  return t.post('/api/signUp/submit', { subAct: 'a', captchaId, captchaCode: TEST_CAPTCHA, ...values });
}

function form(over: Record<string, unknown> = {}) {
  return {
    username: 'teacher_zhou',
    password: 'Zhou@2026ok',
    realName: '周老师',
    idCardNo: idNo('101'),
    mobile: '13912340001',
    unit: '定州市实验小学',
    ...over,
  };
}

describe('sign-up', () => {
  it('answers a registered mobile as an unknown one, and sends the code only to the unknown one', async () => {
    const before = sent.length;
    const taken = await sendSms('13800000005');
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ flag: true, result: '短信验证码已发送' });
    expect(sent.length).toBe(before);
    // Counted all the same: a second request for the registered number within the minute is refused like any other.
    const soon = await sendSms('13800000005');
    expect(soon.body).toMatchObject({ flag: false, result: '短信发送过于频繁，请稍后再试' });
    const bad = await sendSms('12912340001');
    expect(bad.body).toMatchObject({ flag: false, result: M.mobile });
    const ok = await sendSms('13912340001');
    expect(ok.body).toMatchObject({ flag: true, result: '短信验证码已发送' });
    expect(sent.at(-1)?.mobile).toBe('13912340001');
  });

  it('refuses a bad ID checksum, a wrong SMS code, a weak password, an unknown unit and a wrong captcha with their messages', async () => {
    const code = sent.at(-1)!.code;
    const badId = await submit(form({ idCardNo: '130682198506121010', smsCode: code }));
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({
      flag: false,
      result: M.idCardNo,
      data: [expect.objectContaining({ field: 'idCardNo' })],
    });
    const wrongSms = await submit(form({ smsCode: '000000' }));
    expect(wrongSms.body).toMatchObject({
      flag: false,
      result: '短信验证码错误',
      data: [expect.objectContaining({ field: 'smsCode' })],
    });
    const weak = await submit(form({ password: 'abcdefgh', smsCode: code }));
    expect(weak.body.data[0]).toMatchObject({ field: 'password' });
    for (const password of ['Aa123456', 'Password1', 'Qwer1234!', 'Admin@123', 'Passw0rd!']) {
      const common = await submit(form({ password, smsCode: code }));
      expect(common.body).toMatchObject({
        flag: false,
        result: '该密码过于常见，容易被猜中，请换一个不常见的密码',
        data: [expect.objectContaining({ field: 'password' })],
      });
    }
    for (const password of ['Teacher_zhou1', 'Zz#13912340001']) {
      const personal = await submit(form({ password, smsCode: code }));
      expect(personal.body).toMatchObject({ flag: false, result: PASSWORD_STRENGTH_MESSAGES.personal });
    }
    const unit = await submit(form({ unit: '不存在的学校', smsCode: code }));
    expect(unit.body).toMatchObject({ flag: false, result: M.unit });
    const captchaId = await newCaptcha(t);
    const captcha = await t.post('/api/signUp/submit', {
      subAct: 'a',
      ...form({ smsCode: code }),
      captchaId,
      captchaCode: 'nope',
    });
    expect(captcha.body).toMatchObject({ flag: false, result: '验证码错误' });
    const count = await t.ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'teacher_zhou')
      .execute();
    expect(count).toHaveLength(0);
  });

  it("creates an active project leader in the unit's area, who signs in at once", async () => {
    const code = sent.at(-1)!.code;
    const res = await submit(form({ smsCode: code, gender: '1', realName: '周\uFFFE老\u0001师' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Characters XML cannot hold are not stored (the application .docx would not open).
    const stored = await t.ctx.database.db
      .selectFrom('users')
      .select('real_name')
      .where('username', '=', 'teacher_zhou')
      .executeTakeFirstOrThrow();
    expect(stored.real_name).toBe('周老师');
    expect(res.body).toMatchObject({ flag: true, result: M.done, data: { username: 'teacher_zhou', status: '1' } });
    // The gender chosen on the form (SPEC §3, dictionary xb) is the account's.
    const row = await t.ctx.database.db
      .selectFrom('users')
      .select('gender')
      .where('username', '=', 'teacher_zhou')
      .executeTakeFirstOrThrow();
    expect(Number(row.gender)).toBe(1);
    const sso = await ssoLogin(t, 'teacher_zhou', 'Zhou@2026ok');
    expect(sso.body.result).toBe('success');
    const login = await t.post('/api/sys/login', { subAct: 'a', tgt: sso.body.data.tgt });
    expect(login.body.data).toMatchObject({
      roleCode: '4',
      areaCode: '1123',
      orgName: '定州市实验小学',
      idCardNo: `1306**********${idNo('101').slice(-4)}`,
    });
    // A used code does not pass twice; the now registered mobile is told nothing more than that.
    const again = await submit(form({ username: 'teacher_zhou2', idCardNo: idNo('102'), smsCode: code }));
    expect(again.body.result).toBe('短信验证码已失效，请重新获取');
  });

  it('refuses a duplicate account, ID number and mobile', async () => {
    await sendSms('13912340002');
    const code = sent.at(-1)!.code;
    const account = await submit(
      form({ username: 'Teacher_Zhou', mobile: '13912340002', idCardNo: idNo('103'), smsCode: code }),
    );
    expect(account.body).toMatchObject({ flag: false, result: M.usernameTaken });
    const idCard = await submit(form({ username: 'teacher_wu', mobile: '13912340002', smsCode: code }));
    expect(idCard.body).toMatchObject({ flag: false, result: M.idCardTaken });
    // A registered mobile (teacher_zhou's) never gets a code: refused at the code like any number without one.
    const mobile = await submit(form({ username: 'teacher_wu', idCardNo: idNo('103'), smsCode: code }));
    expect(mobile.body).toMatchObject({ flag: false, data: [expect.objectContaining({ field: 'smsCode' })] });
  });

  it('asks for the captcha before looking anything up, and counts every request', async () => {
    const none = await sendSms('13912340009', null);
    expect(none.body).toMatchObject({ flag: false, data: [expect.objectContaining({ field: 'captchaCode' })] });
    const wrong = await sendSms('13800000005', { captchaCode: 'nope' });
    expect(wrong.body).toMatchObject({ flag: false, result: '验证码错误' });
    // A captcha is used once: sending again with the same one is refused.
    const captchaId = await newCaptcha(t);
    expect((await sendSms('13912340010', { captchaId })).body.flag).toBe(true);
    expect((await sendSms('13912340011', { captchaId })).body.flag).toBe(false);
    // Known and unknown numbers: one answer, byte for byte.
    clock += 2 * 60 * 1000;
    const known = await sendSms('13800000006');
    const unknown = await sendSms('13912340012');
    expect(JSON.stringify(known.body)).toBe(JSON.stringify(unknown.body));
  });

  it('costs the same for a registered number: the answer does not wait for the SMS gateway', async () => {
    gatewayMs = 2000;
    try {
      clock += 2 * 60 * 1000;
      const timed = async (mobile: string) => {
        const start = performance.now();
        const r = await sendSms(mobile);
        return { r, ms: performance.now() - start };
      };
      const known = await timed('13800000007');
      const unknown = await timed('13912340013');
      expect(known.r.body.flag && unknown.r.body.flag).toBe(true);
      expect(sent.at(-1)?.mobile).toBe('13912340013');
      expect(unknown.ms).toBeLessThan(1500);
      expect(known.ms).toBeLessThan(1500);
    } finally {
      gatewayMs = 0;
    }
  });

  it('an expired SMS code is refused', async () => {
    clock += 2 * 60 * 1000;
    await sendSms('13912340003');
    const code = sent.at(-1)!.code;
    clock += SMS_TTL_MS + 1000;
    const res = await submit(
      form({ username: 'teacher_late', mobile: '13912340003', idCardNo: idNo('104'), smsCode: code }),
    );
    expect(res.body).toMatchObject({
      flag: false,
      result: '短信验证码已失效，请重新获取',
      data: [expect.objectContaining({ field: 'smsCode' })],
    });
  });

  it('waits for the city admin when the settings ask for approval; city1123 approves it from the users list', async () => {
    const admin = await t.loginAs('admin');
    const saved = await t.post('/api/resource/siteSetting/save', { subAct: 'a', id: 1, signUpApproval: true }, admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    clock += 2 * 60 * 1000;
    await sendSms('13912340004');
    const res = await submit(
      form({ username: 'teacher_wait', mobile: '13912340004', idCardNo: idNo('105'), smsCode: sent.at(-1)!.code }),
    );
    expect(res.body).toMatchObject({ flag: true, result: M.pending, data: { status: '2' } });
    const before = await ssoLogin(t, 'teacher_wait', 'Zhou@2026ok');
    expect(before.body).toMatchObject({ result: 'fail', data: '账号正在等待审核，请审核通过后再登录' });

    const city = await t.loginAs('city1123');
    const list = await t.post(
      '/api/resource/user/list',
      { subAct: 'a', filters: [{ field: 'status', value: '2' }] },
      city,
    );
    const row = list.body.data.list.find((u: any) => u.username === 'teacher_wait');
    expect(row._perm.transitions).toEqual(expect.arrayContaining(['approve', 'reject']));
    expect(row.idCardNo).toMatch(/^1306\*+/);
    const other = await t.post(
      '/api/resource/user/transition',
      { subAct: 'a', id: row.id, version: 1, action: 'approve' },
      await t.loginAs('city1101'),
    );
    expect(other.status).toBe(404);
    const approved = await t.post(
      '/api/resource/user/transition',
      { subAct: 'a', id: row.id, version: 1, action: 'approve' },
      city,
    );
    expect(approved.body.data.status).toBe('1');
    expect((await ssoLogin(t, 'teacher_wait', 'Zhou@2026ok')).body.result).toBe('success');
  });

  it("注册用户审核: each city reviews only its own area's sign-ups; a refusal needs a reason, which the applicant is told", async () => {
    const city = await t.loginAs('city1123');
    const other = await t.loginAs('city1101');
    const queue = async (who: Record<string, string>) =>
      (
        await t.post(
          '/api/resource/user/list',
          { subAct: 'a', pageId: 'system/user.list', filters: [{ field: 'status', value: '2' }] },
          who,
        )
      ).body.data.list as any[];
    // The demo leaves one sign-up waiting in each city.
    const mine = (await queue(city)).find((u) => u.username === 'newteacher1');
    expect(mine).toMatchObject({ status: '2', area: '1123', roles: ['4'] });
    expect(mine._perm.transitions).toEqual(expect.arrayContaining(['approve', 'reject']));
    // The reviewing city reads the applicant's ID number and mobile masked, in the queue and the look
    // page alike: only the applicant and the administrators who manage accounts read them whole.
    const whole = (await t.post('/api/resource/user/get', { subAct: 'a', id: mine.id }, await t.loginAs('province')))
      .body.data;
    expect(whole.idCardNo).toMatch(/^\d{17}[\dX]$/);
    const look = (await t.post('/api/resource/user/get', { subAct: 'a', id: mine.id }, city)).body.data;
    expect(look.idCardNo).toMatch(/^\d{4}\*{10}[\dX]{4}$/);
    expect(look.mobile).toMatch(/^1\d\*{5}\d{4}$/);
    expect(mine.mobile).toBe(look.mobile);
    for (const answer of [mine, look]) {
      expect(JSON.stringify(answer)).not.toContain(whole.idCardNo);
      expect(JSON.stringify(answer)).not.toContain(whole.mobile);
    }
    expect((await queue(city)).map((u) => u.username)).not.toContain('newteacher2');
    expect((await queue(other)).map((u) => u.username)).toContain('newteacher2');

    const fire = (who: Record<string, string>, action: string, comment?: string) =>
      t.post('/api/resource/user/transition', { subAct: 'a', id: mine.id, version: 1, action, comment }, who);
    // Another city neither sees nor decides it; a city admin has no other action on it.
    expect((await fire(other, 'reject', '不是本市单位')).status).toBe(404);
    expect((await fire(other, 'approve')).status).toBe(404);
    expect((await fire(city, 'disable')).body.flag).toBe(false);
    const bare = await fire(city, 'reject');
    expect(bare.status).toBe(400);
    expect(bare.body.data).toEqual([expect.objectContaining({ field: 'comment', message: '请输入意见' })]);

    const refused = await fire(city, 'reject', '所在单位与身份证信息不符');
    expect(refused.body).toMatchObject({ flag: true, data: { status: '3' } });
    const login = await ssoLogin(t, 'newteacher1', t.ctx.config.demoPassword);
    expect(login.body).toMatchObject({
      result: 'fail',
      data: '注册申请未通过审核，原因：所在单位与身份证信息不符。请联系所在地市管理员',
    });
    const notices = await t.ctx.database.db
      .selectFrom('notification')
      .select(['kind', 'title', 'body'])
      .where('user_id', '=', mine.id)
      .execute();
    expect(notices).toEqual([
      { kind: 'signUpRejected', title: '您的注册申请未通过审核：冯老师', body: '原因：所在单位与身份证信息不符' },
    ]);
  });
});
