import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCaptcha } from '../testing/ssoTestHelpers.js';
import { createTestApp, TEST_CAPTCHA, TEST_PASSWORD, type TestApp } from '../../testApp.js';
import { CONTENT_SECURITY_POLICY } from './securityHeaders.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('security headers', () => {
  it('come with every answer of the API, errors and refusals included', async () => {
    const auth = await t.loginAs('province');
    const answers = [
      await t.inject({ method: 'POST', url: '/api/basicInfoMaintain/querySysName', payload: {} }),
      await t.inject({
        method: 'POST',
        url: '/api/resource/topic/list',
        headers: auth,
        payload: { page: 1, pageSize: 1 },
      }),
      await t.inject({ method: 'POST', url: '/api/resource/topic/list', payload: {} }),
      await t.inject({ method: 'GET', url: '/api/no/such/call' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 404]);
    for (const res of answers) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    }
  });
});

describe('transport and caching headers', () => {
  it('send HSTS only when the request came over https as a believed proxy reports it', async () => {
    const proxied = await createTestApp({ trustProxy: '127.0.0.1' });
    try {
      const overHttps = await proxied.inject({
        method: 'POST',
        url: '/api/basicInfoMaintain/querySysName',
        payload: {},
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000');
      const overHttp = await proxied.inject({
        method: 'POST',
        url: '/api/basicInfoMaintain/querySysName',
        payload: {},
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY the header is the client's word: no HSTS on a plain-http deployment.
    const claimed = await t.inject({
      method: 'POST',
      url: '/api/basicInfoMaintain/querySysName',
      payload: {},
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('mark every signed-in API answer no-store, refusals included', async () => {
    const auth = await t.loginAs('province');
    const answers = [
      await t.inject({
        method: 'POST',
        url: '/api/resource/topic/list',
        headers: auth,
        payload: { page: 1, pageSize: 1 },
      }),
      await t.inject({ method: 'POST', url: '/api/resource/topic/get', headers: auth, payload: { id: 999999 } }),
      await t.inject({
        method: 'POST',
        url: '/api/resource/user/list',
        headers: auth,
        payload: { page: 1, pageSize: 1 },
      }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 200]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('mark no-store every answer that carries a ticket or a token, signed in or not', async () => {
    const captchaId = await newCaptcha(t);
    const sso = await t.inject({
      method: 'POST',
      url: '/sso/login',
      payload: { account: 'province', password: TEST_PASSWORD, captchaId, captchaCode: TEST_CAPTCHA },
    });
    expect(sso.json().data.tgt).toMatch(/^TGT-/);
    expect(sso.headers['cache-control']).toBe('no-store');
    const app = await t.inject({ method: 'POST', url: '/api/sys/login', payload: { tgt: sso.json().data.tgt } });
    expect(app.json().data.token).toBeTruthy();
    expect(app.headers['cache-control']).toBe('no-store');
    const validate = await t.inject({ method: 'POST', url: '/sso/validate', payload: { tgt: sso.json().data.tgt } });
    expect(validate.headers['cache-control']).toBe('no-store');
  });
});
