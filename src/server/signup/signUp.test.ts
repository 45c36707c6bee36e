import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idCardCheckChar } from '../../shared/idCard.js';
import { BuiltInSso, SMS_TTL_MS } from '../sso/BuiltInSso.js';
import { useSsoService } from '../sso/ssoRegistry.js';
import { newCaptcha, ssoLogin } from '../sso/ssoTestHelpers.js';
import { createTestApp, TEST_CAPTCHA, type TestApp } from '../testing/testApp.js';
import { SIGN_UP_MESSAGES as M } from './signUpMessages.js';

let t: TestApp;
let clock = Date.now();
const sent: { mobile: string; code: string }[] = [];
let nextCode = 100000;
let ipCounter = 0;

/** A checksum-valid ID number with the given serial (3 digits). */
function idNo(serial: string): string {
  const base = `13068219850612${serial}`;
  return base + idCardCheckChar(base);
}

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  useSsoService(t.ctx, new BuiltInSso(t.ctx, {
    now: () => clock,
    generateSmsCode: () => String(nextCode++),
    smsSender: async (mobile, code) => { sent.push({ mobile, code }); },
  }));
});
afterAll(async () => { await t?.close(); });

async function sendSms(mobile: string) {
  ipCounter++;
  const res = await t.inject({ method: 'POST', url: '/api/signUp/sendSms', payload: { subAct: 'a', mobile }, remoteAddress: `198.51.100.${ipCounter}` });
  return { status: res.statusCode, body: res.json() };
}

async function submit(values: Record<string, unknown>) {
  const captchaId = await newCaptcha(t);
  return t.post('/api/signUp/submit', { subAct: 'a', captchaId, captchaCode: TEST_CAPTCHA, ...values });
}

function form(over: Record<string, unknown> = {}) {
  return { username: 'teacher_zhou', password: 'Zhou@2026ok', realName: '周老师', idCardNo: idNo('101'), mobile: '13912340001', unit: '定州市实验小学', ...over };
}

describe('sign-up', () => {
  it('sends the code only to a mobile nobody registered, through the sign-on sender', async () => {
    const taken = await sendSms('13800000005');
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ flag: false, result: M.mobileTaken });
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
    expect(badId.body).toMatchObject({ flag: false, result: M.idCardNo, data: [expect.objectContaining({ field: 'idCardNo' })] });
    const wrongSms = await submit(form({ smsCode: '000000' }));
    expect(wrongSms.body).toMatchObject({ flag: false, result: '短信验证码错误', data: [expect.objectContaining({ field: 'smsCode' })] });
    const weak = await submit(form({ password: 'abcdefgh', smsCode: code }));
    expect(weak.body.data[0]).toMatchObject({ field: 'password' });
    for (const password of ['Aa123456', 'Password1']) {
      const common = await submit(form({ password, smsCode: code }));
      expect(common.body).toMatchObject({ flag: false, result: '该密码过于常见，容易被猜中，请换一个不常见的密码', data: [expect.objectContaining({ field: 'password' })] });
    }
    for (const password of ['Teacher_zhou1', 'Zz#13912340001']) {
      const personal = await submit(form({ password, smsCode: code }));
      expect(personal.body).toMatchObject({ flag: false, result: '密码不能包含账号或手机号' });
    }
    const unit = await submit(form({ unit: '不存在的学校', smsCode: code }));
    expect(unit.body).toMatchObject({ flag: false, result: M.unit });
    const captchaId = await newCaptcha(t);
    const captcha = await t.post('/api/signUp/submit', { subAct: 'a', ...form({ smsCode: code }), captchaId, captchaCode: 'nope' });
    expect(captcha.body).toMatchObject({ flag: false, result: '验证码错误' });
    const count = await t.ctx.database.db.selectFrom('users').select('id').where('username', '=', 'teacher_zhou').execute();
    expect(count).toHaveLength(0);
  });

  it('creates an active project leader in the unit\'s area, who signs in at once', async () => {
    const code = sent.at(-1)!.code;
    const res = await submit(form({ smsCode: code }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ flag: true, result: M.done, data: { username: 'teacher_zhou', status: '1' } });
    const sso = await ssoLogin(t, 'teacher_zhou', 'Zhou@2026ok');
    expect(sso.body.result).toBe('success');
    const login = await t.post('/api/sys/login', { subAct: 'a', tgt: sso.body.data.tgt });
    expect(login.body.data).toMatchObject({ roleCode: '4', areaCode: '1123', orgName: '定州市实验小学', idCardNo: `1306**********${idNo('101').slice(-4)}` });
    // A used code does not pass twice.
    const again = await submit(form({ username: 'teacher_zhou2', idCardNo: idNo('102'), smsCode: code }));
    expect(again.body.result).toBe(M.mobileTaken);
  });

  it('refuses a duplicate account, ID number and mobile', async () => {
    await sendSms('13912340002');
    const code = sent.at(-1)!.code;
    const account = await submit(form({ username: 'Teacher_Zhou', mobile: '13912340002', idCardNo: idNo('103'), smsCode: code }));
    expect(account.body).toMatchObject({ flag: false, result: M.usernameTaken });
    const idCard = await submit(form({ username: 'teacher_wu', mobile: '13912340002', smsCode: code }));
    expect(idCard.body).toMatchObject({ flag: false, result: M.idCardTaken });
    const mobile = await submit(form({ username: 'teacher_wu', idCardNo: idNo('103'), smsCode: code }));
    expect(mobile.body).toMatchObject({ flag: false, result: M.mobileTaken });
  });

  it('an expired SMS code is refused', async () => {
    clock += 2 * 60 * 1000;
    await sendSms('13912340003');
    const code = sent.at(-1)!.code;
    clock += SMS_TTL_MS + 1000;
    const res = await submit(form({ username: 'teacher_late', mobile: '13912340003', idCardNo: idNo('104'), smsCode: code }));
    expect(res.body).toMatchObject({ flag: false, result: '短信验证码已失效，请重新获取', data: [expect.objectContaining({ field: 'smsCode' })] });
  });

  it('waits for the city admin when the settings ask for approval; city1123 approves it from the users list', async () => {
    const admin = await t.loginAs('admin');
    const saved = await t.post('/api/resource/siteSetting/save', { subAct: 'a', id: 1, signUpApproval: true }, admin);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    clock += 2 * 60 * 1000;
    await sendSms('13912340004');
    const res = await submit(form({ username: 'teacher_wait', mobile: '13912340004', idCardNo: idNo('105'), smsCode: sent.at(-1)!.code }));
    expect(res.body).toMatchObject({ flag: true, result: M.pending, data: { status: '2' } });
    const before = await ssoLogin(t, 'teacher_wait', 'Zhou@2026ok');
    expect(before.body).toMatchObject({ result: 'fail', data: '账号正在等待审核，请审核通过后再登录' });

    const city = await t.loginAs('city1123');
    const list = await t.post('/api/resource/user/list', { subAct: 'a', filters: [{ field: 'status', value: '2' }] }, city);
    const row = list.body.data.list.find((u: any) => u.username === 'teacher_wait');
    expect(row._perm.transitions).toEqual(expect.arrayContaining(['approve', 'reject']));
    expect(row.idCardNo).toMatch(/^1306\*+/);
    const other = await t.post('/api/resource/user/transition', { subAct: 'a', id: row.id, version: 1, action: 'approve' }, await t.loginAs('city1101'));
    expect(other.status).toBe(404);
    const approved = await t.post('/api/resource/user/transition', { subAct: 'a', id: row.id, version: 1, action: 'approve' }, city);
    expect(approved.body.data.status).toBe('1');
    expect((await ssoLogin(t, 'teacher_wait', 'Zhou@2026ok')).body.result).toBe('success');
  });
});
