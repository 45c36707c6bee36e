import { TEST_CAPTCHA, TEST_PASSWORD, type TestApp } from './testApp.js';
import { CSRF_HEADER } from '../auth/authPlugin.js';

let counter = 0;

/**
 * For tests: a fresh captcha id from GET /sso/captcha. Each comes from another (made-up) address,
 * so a test signing in many times stays under the per-address captcha limit.
 */
export async function newCaptcha(t: TestApp): Promise<string> {
  counter++;
  const res = await t.inject({ method: 'GET', url: '/sso/captcha', remoteAddress: `192.0.2.${counter % 250}` });
  return res.json().data.captchaId;
}

/** For tests: POST /sso/login with this body, from this address; the status, the answer and the whole response. */
export const postSsoLogin = (t: TestApp, payload: Record<string, unknown>, remoteAddress?: string) =>
  t
    .inject({ method: 'POST', url: '/sso/login', payload, remoteAddress })
    .then((r) => ({ status: r.statusCode, body: r.json(), res: r }));

/** For tests: signs in at the SSO with the test captcha code; returns the SSO answer and the Set-Cookie header. */
export async function ssoLogin(
  t: TestApp,
  account: string,
  password = TEST_PASSWORD,
  extra: { remoteAddress?: string } = {},
) {
  const captchaId = await newCaptcha(t);
  const res = await t.inject({
    method: 'POST',
    url: '/sso/login',
    remoteAddress: extra.remoteAddress,
    payload: { account, password, captchaId, captchaCode: TEST_CAPTCHA },
  });
  return { status: res.statusCode, body: res.json(), cookie: res.headers['set-cookie'] };
}

/** For tests: the whole sign-in a browser does (SSO ticket, then sys/login); returns user info and auth headers. */
export async function appLogin(t: TestApp, account: string, engName?: string) {
  const sso = await ssoLogin(t, account);
  if (sso.body.result !== 'success') throw new Error(`SSO login failed: ${JSON.stringify(sso.body)}`);
  const tgt: string = sso.body.data.tgt;
  const res = await t.post('/api/sys/login', { tgt, engName, subAct: 'a' });
  if (!res.body.flag) throw new Error(`sys/login failed: ${JSON.stringify(res.body)}`);
  const user = res.body.data;
  return { tgt, user, headers: { authorization: user.token as string, [CSRF_HEADER]: user.csrfToken as string } };
}
