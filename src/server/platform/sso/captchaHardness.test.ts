import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_CAPTCHA, type TestApp } from '../../testApp.js';
import { captchaHardness, DEFAULT_CAPTCHA_CONFIG, renderCaptchaSvg } from './captchaImage.js';
import { SSO_MESSAGES as M } from './ssoMessages.js';

/** A client that keeps failing reads a harder captcha: longer, noisier, more distorted. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A login captcha issued to `ip`: its length as the answer says, and its picture's glyphs and noise. */
async function captchaFor(ip: string, url = '/sso/captcha') {
  const res = await t.inject({
    method: url === '/sso/captcha' ? 'GET' : 'POST',
    url,
    remoteAddress: ip,
    ...(url === '/sso/captcha' ? {} : { payload: {} }),
  });
  const data = res.json().data as { captchaId: string; captchaUrl: string; captchaConf?: { textLength: number } };
  const svg = (await t.inject({ method: 'GET', url: data.captchaUrl })).body;
  return {
    captchaId: data.captchaId,
    length: data.captchaConf?.textLength,
    glyphs: svg.match(/stroke-linecap="round"/g)?.length ?? 0,
    noise: svg.match(/<circle /g)?.length ?? 0,
  };
}

async function failLogin(ip: string, i: number) {
  const { captchaId } = await captchaFor(ip);
  // Each try names another unknown account: the address's count grows, no account's lock comes first.
  const res = await t.inject({
    method: 'POST',
    url: '/sso/login',
    remoteAddress: ip,
    payload: { account: `nobody${ip}x${i}`, password: 'Wrong@123', captchaId, captchaCode: TEST_CAPTCHA },
  });
  expect(res.json().data).toBe(M.badCredentials);
}

describe('a harder captcha after failures', () => {
  it('grows by level: more characters, noise and distortion', () => {
    expect([0, 2, 3, 9, 10, 50].map(captchaHardness)).toEqual([0, 0, 1, 1, 2, 2]);
    const count = (svg: string) => (svg.match(/<(path|circle) /g) ?? []).length;
    expect(count(renderCaptchaSvg('ABCD', DEFAULT_CAPTCHA_CONFIG, 2))).toBeGreaterThan(
      2 * count(renderCaptchaSvg('ABCD', DEFAULT_CAPTCHA_CONFIG, 0)),
    );
  });

  it('after three failed logins from an address its captcha is longer and noisier, after ten longer still; other addresses are not touched', async () => {
    const ip = '10.9.0.1';
    const first = await captchaFor(ip);
    expect([first.length, first.glyphs]).toEqual([4, 4]);
    for (let i = 0; i < 3; i++) await failLogin(ip, i);
    const harder = await captchaFor(ip);
    expect([harder.length, harder.glyphs]).toEqual([5, 5]);
    expect(harder.noise).toBeGreaterThan(first.noise * 1.5);
    for (let i = 3; i < 10; i++) await failLogin(ip, i);
    const hardest = await captchaFor(ip);
    expect([hardest.length, hardest.glyphs]).toEqual([6, 6]);
    const elsewhere = await captchaFor('10.9.0.2');
    expect([elsewhere.length, elsewhere.glyphs]).toEqual([4, 4]);
    // The sign-up form's captcha, from the same client, is the harder one too.
    expect((await captchaFor(ip, '/api/signUp/captcha')).glyphs).toBe(6);
  }, 120_000);

  it('a client asking for sign-up codes again and again gets the harder captcha too', async () => {
    const ip = '10.9.1.1';
    for (let i = 0; i < 5; i++) {
      const { captchaId } = await captchaFor(ip, '/api/signUp/captcha');
      const res = await t.inject({
        method: 'POST',
        url: '/api/signUp/sendSms',
        remoteAddress: ip,
        payload: { subAct: 'a', mobile: `1390000${String(1000 + i)}`, captchaId, captchaCode: TEST_CAPTCHA },
      });
      expect(res.json().flag, res.body).toBe(true);
    }
    expect((await captchaFor(ip, '/api/signUp/captcha')).glyphs).toBe(5);
    expect((await captchaFor('10.9.1.2', '/api/signUp/captcha')).glyphs).toBe(4);
  }, 120_000);
});
