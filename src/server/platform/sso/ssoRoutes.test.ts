import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CAPTCHA_CONFIG } from './captchaImage.js';
import { createTestApp, TEST_CAPTCHA, TEST_PASSWORD, type TestApp } from '../../testApp.js';
import { hashToken } from '../auth/secrets.js';
import { CAPTCHAS_PER_IP_PER_MINUTE, TICKET_IDLE_MS } from './BuiltInSso.js';
import { SSO_MESSAGES as M } from './ssoMessages.js';
import { SSO_COOKIE } from './ssoRoutes.js';
import { appLogin, newCaptcha, postSsoLogin as login, ssoLogin } from '../testing/ssoTestHelpers.js';

describe('SSO with the test captcha code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('hands out a picture captcha in the SSO shape', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/sso/captcha?appId=portal&client=web&captchaCustomConfig=${encodeURIComponent(JSON.stringify({ width: 90, height: 32, textLength: 4, textChars: 'abcdef2345', fontSize: 22, fontColor: '#333' }))}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Only the size comes from the client; the alphabet, length and glyph size are the server's.
    expect(body).toMatchObject({
      code: 0,
      data: {
        captchaType: 'picture',
        captchaConf: {
          width: 90,
          height: 32,
          textLength: DEFAULT_CAPTCHA_CONFIG.textLength,
          textChars: DEFAULT_CAPTCHA_CONFIG.textChars,
          fontSize: DEFAULT_CAPTCHA_CONFIG.fontSize,
        },
      },
    });
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
    const conf = encodeURIComponent(
      JSON.stringify({ width: 5000, height: 1, textLength: 3, textChars: 'AB', fontSize: 200 }),
    );
    const res = await t.inject({ method: 'GET', url: `/sso/captcha?captchaCustomConfig=${conf}` });
    expect(res.json().data.captchaConf).toMatchObject({
      width: 400,
      height: 20,
      textLength: DEFAULT_CAPTCHA_CONFIG.textLength,
      textChars: DEFAULT_CAPTCHA_CONFIG.textChars,
    });
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
    expect((await t.inject({ method: 'GET', url: '/sso/captcha', remoteAddress: '198.51.100.8' })).statusCode).toBe(
      200,
    );
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
    const row = await t.ctx.database.db
      .selectFrom('sso_tickets')
      .selectAll()
      .where('tgt_hash', '=', hashToken(tgt))
      .executeTakeFirst();
    expect(row).toBeTruthy();
    const raw = await t.ctx.database.db
      .selectFrom('sso_tickets')
      .selectAll()
      .where('tgt_hash', '=', tgt)
      .executeTakeFirst();
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
    expect((await login(t, { account: '', password: 'x', captchaId, captchaCode: TEST_CAPTCHA })).body).toEqual({
      result: 'fail',
      data: M.accountRequired,
    });
    expect((await login(t, { account: 'leader1', password: '', captchaId, captchaCode: TEST_CAPTCHA })).body).toEqual({
      result: 'fail',
      data: M.passwordRequired,
    });
    expect((await login(t, { account: 'leader1', password: 'x', captchaId, captchaCode: '   ' })).body).toEqual({
      result: 'fail',
      data: '请输入验证码!',
    });
    expect((await login(t, { account: 'leader1', password: 'x', captchaId })).body).toEqual({
      result: 'fail',
      data: '请输入验证码!',
    });
    expect((await login(t, { account: 'leader1', password: 'x', captchaCode: TEST_CAPTCHA })).body).toEqual({
      result: 'fail',
      data: M.captchaExpired,
    });
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
      method: 'POST',
      url: '/sso/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        account: 'leader1',
        password: TEST_PASSWORD,
        captchaId,
        captchaCode: TEST_CAPTCHA,
      }).toString(),
    });
    expect(form.json().result).toBe('success');
    for (const payload of [
      { account: ['a', 'b'] },
      { account: { a: 1 } },
      { account: 'a', password: { x: 1 } },
      { account: 'a', captchaCode: 'x'.repeat(21) },
      { account: 'a', extra: 1 },
    ]) {
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
    await t.ctx.database.db
      .updateTable('sso_tickets')
      .set({ last_seen_at: Date.now() - TICKET_IDLE_MS - 1, expires_at: Date.now() - 1 })
      .where('tgt_hash', '=', hashToken(tgt))
      .execute();
    expect((await t.post('/sso/validate', { tgt })).body).toEqual({ result: 'fail', data: M.ticketInvalid });
    expect((await t.post('/api/sys/login', { tgt })).body).toMatchObject({
      flag: false,
      code: 501,
      result: '用户未登录',
    });
    const state = await t.inject({ method: 'GET', url: '/sso/loginState', cookies: { [SSO_COOKIE]: tgt } });
    expect(state.json().data.loggedIn).toBe(false);
  });
});
