import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CAPTCHA_CONFIG } from './captchaImage.js';
import { createTestApp, TEST_CAPTCHA, TEST_PASSWORD, type TestApp } from '../testing/testApp.js';
import { hashToken } from '../auth/secrets.js';
import { BuiltInSso, CAPTCHA_TTL_MS, CAPTCHAS_PER_IP_PER_MINUTE, TICKET_IDLE_MS } from './BuiltInSso.js';
import { useSsoService } from './ssoRegistry.js';
import { SSO_MESSAGES as M } from './ssoMessages.js';
import { SSO_COOKIE } from './ssoRoutes.js';
import { appLogin, newCaptcha, ssoLogin } from '../testing/ssoTestHelpers.js';

const login = (t: TestApp, payload: Record<string, unknown>, remoteAddress?: string) =>
  t.inject({ method: 'POST', url: '/sso/login', payload, remoteAddress }).then((r) => ({ status: r.statusCode, body: r.json(), res: r }));

describe('SSO with the test captcha code', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  it('hands out a picture captcha in the SSO shape', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/sso/captcha?appId=portal&client=web&captchaCustomConfig=${encodeURIComponent(JSON.stringify({ width: 90, height: 32, textLength: 4, textChars: 'abcdef2345', fontSize: 22, fontColor: '#333' }))}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Only the size comes from the client; the alphabet, length and glyph size are the server's.
    expect(body).toMatchObject({ code: 0, data: { captchaType: 'picture', captchaConf: { width: 90, height: 32, textLength: DEFAULT_CAPTCHA_CONFIG.textLength, textChars: DEFAULT_CAPTCHA_CONFIG.textChars, fontSize: DEFAULT_CAPTCHA_CONFIG.fontSize } } });
    expect(DEFAULT_CAPTCHA_CONFIG.textChars.length ** DEFAULT_CAPTCHA_CONFIG.textLength).toBeGreaterThan(100_000);
    expect(body.data.captchaId.length).toBeGreaterThanOrEqual(16);
    expect(body.data.captchaUrl).toBe(`/sso/captcha/image/${body.data.captchaId}`);

    const img = await t.inject({ method: 'GET', url: `${body.data.captchaUrl}?t=123` });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(img.body).toMatch(/^<svg [^>]*width="90" height="32"/);
    // Glyphs are paths, not text a script could read back.
    expect(img.body).not.toMatch(/<text/);
    expect((img.body.match(/<path d="M/g) ?? []).length).toBeGreaterThanOrEqual(4);
  });

  it('ignores a client asking for a tiny alphabet or a short code, and bounds the size', async () => {
    const conf = encodeURIComponent(JSON.stringify({ width: 5000, height: 1, textLength: 3, textChars: 'AB', fontSize: 200 }));
    const res = await t.inject({ method: 'GET', url: `/sso/captcha?captchaCustomConfig=${conf}` });
    expect(res.json().data.captchaConf).toMatchObject({ width: 400, height: 20, textLength: DEFAULT_CAPTCHA_CONFIG.textLength, textChars: DEFAULT_CAPTCHA_CONFIG.textChars });
    expect(res.json().data.captchaConf.fontSize).toBeLessThanOrEqual(20);
  });

  it('answers the callback-style call as a script, and refuses a callback name that is not one', async () => {
    const res = await t.inject({ method: 'GET', url: '/sso/captcha?callback=jQuery123_cb&_=1700000000' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    const m = /^\/\*\*\/jQuery123_cb\((.*)\);$/.exec(res.body);
    expect(m).not.toBeNull();
    expect(JSON.parse(m![1])).toMatchObject({ code: 0, data: { captchaType: 'picture' } });

    for (const callback of ['alert(1)//', '1abc', '<script>', 'a'.repeat(80)]) {
      const bad = await t.inject({ method: 'GET', url: `/sso/captcha?callback=${encodeURIComponent(callback)}` });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ flag: false, result: '参数不合法' });
    }
  });

  it('refuses a captchaCustomConfig that is not a JSON object, and unknown query keys', async () => {
    for (const cfg of ['{not json', '[1,2]', '"x"']) {
      const res = await t.inject({ method: 'GET', url: `/sso/captcha?captchaCustomConfig=${encodeURIComponent(cfg)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().result).toBe('参数不合法');
    }
    const res = await t.inject({ method: 'GET', url: '/sso/captcha?evil=1' });
    expect(res.json().result).toBe('参数不合法');
  });

  it('limits how many captchas one address may ask for in a minute', async () => {
    const ask = () => t.inject({ method: 'GET', url: '/sso/captcha', remoteAddress: '198.51.100.7' });
    for (let i = 0; i < CAPTCHAS_PER_IP_PER_MINUTE; i++) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: -1, message: '获取验证码过于频繁，请稍后再试', data: null });
    expect((await t.inject({ method: 'GET', url: '/sso/captcha', remoteAddress: '198.51.100.8' })).statusCode).toBe(200);
  });

  it('answers 404 for the picture of an unknown captcha', async () => {
    const res = await t.inject({ method: 'GET', url: '/sso/captcha/image/AAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(res.statusCode).toBe(404);
  });

  it('signs in with a login name, sets the SSO cookie and validates the ticket', async () => {
    const { status, body, cookie } = await ssoLogin(t, 'leader1');
    expect(status).toBe(200);
    expect(body.result).toBe('success');
    const tgt: string = body.data.tgt;
    expect(tgt).toMatch(/^TGT-[A-Za-z0-9_-]{43}$/);
    const c = String(cookie);
    expect(c).toContain(`${SSO_COOKIE}=${tgt}`);
    expect(c).toMatch(/HttpOnly/i);
    expect(c).toMatch(/SameSite=Lax/i);
    expect(c).toMatch(/Path=\/sso/);
    // Only the hash is stored.
    const row = await t.ctx.database.db.selectFrom('sso_tickets').selectAll().where('tgt_hash', '=', hashToken(tgt)).executeTakeFirst();
    expect(row).toBeTruthy();
    const raw = await t.ctx.database.db.selectFrom('sso_tickets').selectAll().where('tgt_hash', '=', tgt).executeTakeFirst();
    expect(raw).toBeUndefined();

    const v = await t.post('/sso/validate', { tgt });
    expect(v.body).toEqual({ result: 'success', data: { username: 'leader1' } });
    const bad = await t.post('/sso/validate', { tgt: 'TGT-nonsense' });
    expect(bad.body).toEqual({ result: 'fail', data: M.ticketInvalid });

    const state = await t.inject({ method: 'GET', url: '/sso/loginState', cookies: { [SSO_COOKIE]: tgt } });
    expect(state.json()).toEqual({ result: 'success', data: { loggedIn: true, username: 'leader1' } });
    expect(state.body).not.toContain(tgt);
    const none = await t.inject({ method: 'GET', url: '/sso/loginState' });
    expect(none.json()).toEqual({ result: 'success', data: { loggedIn: false } });
  });

  it('signs in with a mobile number or an email too', async () => {
    expect((await ssoLogin(t, '13800000007')).body.result).toBe('success');
    expect((await ssoLogin(t, 'Expert2@Example.org')).body.result).toBe('success');
  });

  it('says what is missing, in the words of SPEC §5', async () => {
    const captchaId = await newCaptcha(t);
    expect((await login(t, { account: '', password: 'x', captchaId, captchaCode: TEST_CAPTCHA })).body).toEqual({ result: 'fail', data: M.accountRequired });
    expect((await login(t, { account: 'leader1', password: '', captchaId, captchaCode: TEST_CAPTCHA })).body).toEqual({ result: 'fail', data: M.passwordRequired });
    expect((await login(t, { account: 'leader1', password: 'x', captchaId, captchaCode: '   ' })).body).toEqual({ result: 'fail', data: '请输入验证码!' });
    expect((await login(t, { account: 'leader1', password: 'x', captchaId })).body).toEqual({ result: 'fail', data: '请输入验证码!' });
    expect((await login(t, { account: 'leader1', password: 'x', captchaCode: TEST_CAPTCHA })).body).toEqual({ result: 'fail', data: M.captchaExpired });
  });

  it('answers 用户名或者密码错误！ for a wrong password and for an unknown account alike', async () => {
    for (const account of ['leader2', 'nobody-here', '13900000000', 'nobody@example.org']) {
      const captchaId = await newCaptcha(t);
      const r = await login(t, { account, password: 'Wrong@123', captchaId, captchaCode: TEST_CAPTCHA }, '10.1.1.1');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ result: 'fail', data: '用户名或者密码错误！' });
    }
  });

  it('accepts form-encoded bodies and refuses malformed ones with 参数不合法', async () => {
    const captchaId = await newCaptcha(t);
    const form = await t.inject({
      method: 'POST', url: '/sso/login', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ account: 'leader1', password: TEST_PASSWORD, captchaId, captchaCode: TEST_CAPTCHA }).toString(),
    });
    expect(form.json().result).toBe('success');
    for (const payload of [{ account: ['a', 'b'] }, { account: { a: 1 } }, { account: 'a', password: { x: 1 } }, { account: 'a', captchaCode: 'x'.repeat(21) }, { account: 'a', extra: 1 }]) {
      const r = await login(t, payload);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ flag: false, result: '参数不合法' });
    }
  });

  it('logout ends the ticket, every app token issued from it, and clears the cookie', async () => {
    const a = await appLogin(t, 'multi', 'FZR');
    // A second app session from the same ticket (role switch in another tab).
    const b = await t.post('/api/sys/login', { tgt: a.tgt, engName: 'ZJ' });
    expect(b.body.flag).toBe(true);
    expect((await t.post('/api/home/queryMenuList', {}, a.headers)).body.flag).toBe(true);

    const out = await t.inject({ method: 'POST', url: '/sso/logout', payload: { tgt: a.tgt } });
    expect(out.json()).toEqual({ result: 'success', data: M.loggedOut });
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`${SSO_COOKIE}=;`));

    for (const token of [a.user.token, b.body.data.token]) {
      const r = await t.post('/api/home/queryMenuList', {}, { authorization: token });
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ flag: false, code: 501, result: '用户未登录' });
    }
    expect((await t.post('/sso/validate', { tgt: a.tgt })).body.result).toBe('fail');
    expect((await t.post('/api/sys/login', { tgt: a.tgt })).body).toMatchObject({ code: 501, result: '用户未登录' });
  });

  it('logout takes the ticket from the cookie when the body has none', async () => {
    const { body } = await ssoLogin(t, 'leader2');
    const out = await t.inject({ method: 'POST', url: '/sso/logout', cookies: { [SSO_COOKIE]: body.data.tgt } });
    expect(out.json().result).toBe('success');
    expect((await t.post('/sso/validate', { tgt: body.data.tgt })).body.result).toBe('fail');
  });

  it('a ticket idle for 8 hours is over (row aged in the database)', async () => {
    const { body } = await ssoLogin(t, 'expert1');
    const tgt = body.data.tgt;
    await t.ctx.database.db.updateTable('sso_tickets')
      .set({ last_seen_at: Date.now() - TICKET_IDLE_MS - 1, expires_at: Date.now() - 1 })
      .where('tgt_hash', '=', hashToken(tgt)).execute();
    expect((await t.post('/sso/validate', { tgt })).body).toEqual({ result: 'fail', data: M.ticketInvalid });
    expect((await t.post('/api/sys/login', { tgt })).body).toMatchObject({ flag: false, code: 501, result: '用户未登录' });
    const state = await t.inject({ method: 'GET', url: '/sso/loginState', cookies: { [SSO_COOKIE]: tgt } });
    expect(state.json().data.loggedIn).toBe(false);
  });
});

describe('SSO on the real captcha path, with a clock', () => {
  let t: TestApp;
  let clock = Date.now();
  let nextCode = 'AB3D';
  const sent: { mobile: string; code: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp({ captchaTestCode: undefined });
    useSsoService(t.ctx, new BuiltInSso(t.ctx, {
      now: () => clock,
      generateCaptchaCode: () => nextCode,
      generateSmsCode: () => '246810',
      smsSender: async (mobile, code) => { sent.push({ mobile, code }); },
    }));
  });
  afterAll(async () => { await t.close(); });

  it('the test code does not answer when CAPTCHA_TEST_CODE is unset', async () => {
    const captchaId = await newCaptcha(t);
    expect((await login(t, { account: 'leader1', password: TEST_PASSWORD, captchaId, captchaCode: TEST_CAPTCHA })).body)
      .toEqual({ result: 'fail', data: '验证码错误' });
  });

  it('accepts the right code in any case, once', async () => {
    nextCode = 'XK7P';
    const captchaId = await newCaptcha(t);
    const stored = await t.ctx.database.db.selectFrom('sso_captchas').select('code_hash').where('id', '=', captchaId).executeTakeFirstOrThrow();
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
    expect((await login(t, { account: 'leader1', password: TEST_PASSWORD, captchaId, captchaCode: 'QWEX' })).body).toEqual({ result: 'fail', data: '验证码错误' });
    expect((await login(t, { account: 'leader1', password: TEST_PASSWORD, captchaId, captchaCode: 'QWER' })).body).toEqual({ result: 'fail', data: M.captchaExpired });
  });

  it('a captcha expires after 5 minutes', async () => {
    nextCode = 'ZZ22';
    const captchaId = await newCaptcha(t);
    clock += CAPTCHA_TTL_MS + 1;
    expect((await login(t, { account: 'leader1', password: TEST_PASSWORD, captchaId, captchaCode: 'ZZ22' })).body).toEqual({ result: 'fail', data: M.captchaExpired });
  });

  it('locks one account from one address after 5 failures in 15 minutes, for 15 minutes', async () => {
    nextCode = 'LOCK';
    const attempt = async (password: string, ip = '10.9.9.9') => login(t, { account: 'Leader2', password, captchaId: await newCaptcha(t), captchaCode: 'LOCK' }, ip);
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
      const r = await login(t, { account: 'expert2', password: 'Wrong@1', captchaId: await newCaptcha(t), captchaCode: 'SLOW' }, '10.7.7.7');
      expect(r.body.data).toBe('用户名或者密码错误！');
    }
  });

  it('a ticket idle for 8 hours expires; use keeps it alive', async () => {
    nextCode = 'TKT8';
    const r = await login(t, { account: 'expert1', password: TEST_PASSWORD, captchaId: await newCaptcha(t), captchaCode: 'TKT8' });
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
    expect((await t.post('/sso/sms/send', { mobile: '13800000007' })).body).toEqual({ result: 'fail', data: M.captchaRequired });
    nextCode = 'SMS3';
    expect((await t.post('/sso/sms/send', { mobile: '13800000007', captchaId: await newCaptcha(t), captchaCode: 'SMS4' })).body).toEqual({ result: 'fail', data: '验证码错误' });
    expect(sent.length).toBe(before);
    expect(await t.ctx.database.db.selectFrom('sso_sms_codes').select('id').where('mobile', '=', '13800000007').execute()).toEqual([]);
  });

  it('sends an SMS code through the pluggable sender and signs in with it', async () => {
    clock += 3600_000;
    const send = await smsSend({ mobile: '13800000005' });
    expect(send.body).toEqual({ result: 'success', data: M.smsSent });
    expect(sent.at(-1)).toEqual({ mobile: '13800000005', code: '246810' });
    const stored = await t.ctx.database.db.selectFrom('sso_sms_codes').select('code_hash').where('mobile', '=', '13800000005').execute();
    expect(stored.every((s) => !String(s.code_hash).includes('246810'))).toBe(true);

    expect((await login(t, { account: '13800000005', smsCode: '111111' })).body).toEqual({ result: 'fail', data: M.smsWrong });
    const ok = await login(t, { account: '13800000005', smsCode: '246810' });
    expect(ok.body.result).toBe('success');
    expect((await t.post('/sso/validate', { tgt: ok.body.data.tgt })).body.data.username).toBe('leader1');
    // Single use.
    expect((await login(t, { account: '13800000005', smsCode: '246810' })).body).toEqual({ result: 'fail', data: M.smsExpired });
    expect((await login(t, { account: 'leader1', smsCode: '246810' })).body).toEqual({ result: 'fail', data: M.mobileInvalid });
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
    expect((await login(t, { account: '13800000008', smsCode: '246810' })).body).toEqual({ result: 'fail', data: M.smsExpired });
  });
});
