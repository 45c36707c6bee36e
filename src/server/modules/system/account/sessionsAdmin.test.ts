import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../../../platform/auth/authPlugin.js';
import { ssoLogin } from '../../../platform/testing/ssoTestHelpers.js';
import { createTestApp, type TestApp } from '../../../testApp.js';
import { deviceName } from './deviceName.js';
import { SESSION_MESSAGES } from './sessionsAdmin.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

/** A browser's whole sign-in (sign-on, then sys/login) with its own User-Agent and address. */
async function signIn(account: string, userAgent: string, remoteAddress: string) {
  const sso = await ssoLogin(t, account);
  const res = await t.inject({
    method: 'POST',
    url: '/api/sys/login',
    payload: { tgt: sso.body.data.tgt, subAct: 'a' },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  const user = res.json().data;
  return { tgt: sso.body.data.tgt as string, headers: { authorization: user.token, [CSRF_HEADER]: user.csrfToken } };
}

const S = '/api/resource/accountSession';
const ask = (headers: Record<string, string>) => t.post('/api/home/queryMenuList', { subAct: 'a' }, headers);

describe('个人中心 › 登录设备', () => {
  it('names a device by its browser and system', () => {
    expect(deviceName(CHROME_WIN)).toBe('Chrome 120 · Windows');
    expect(deviceName(SAFARI_IPHONE)).toBe('Safari 17 · iOS');
    expect(deviceName('<script>')).toBe('未知浏览器 · 未知系统');
  });

  it('lists only the caller’s own sessions, the one in use marked; 退出 ends another, 退出其他设备 the rest', async () => {
    const here = await signIn('leader2', CHROME_WIN, '198.51.100.7');
    const phone = await signIn('leader2', SAFARI_IPHONE, '198.51.100.8');
    const third = await signIn('leader2', CHROME_WIN, '198.51.100.9');
    const someoneElse = await signIn('expert2', CHROME_WIN, '198.51.100.10');

    const list = (await t.post(`${S}/list`, { subAct: 'a', page: 1, pageSize: 10 }, here.headers)).body.data;
    expect(list.total).toBe(3);
    const mine = list.list.find((r: any) => r.status === 'current');
    expect(mine).toMatchObject({ device: 'Chrome 120 · Windows', ip: '198.51.100.7' });
    expect(mine._perm).toMatchObject({ delete: false, transitions: ['signOutOthers'] });
    expect(mine.lastSeen).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    const phoneRow = list.list.find((r: any) => r.ip === '198.51.100.8');
    expect(phoneRow).toMatchObject({ status: 'other', device: 'Safari 17 · iOS' });
    expect(phoneRow._perm).toMatchObject({ delete: true, transitions: [] });
    expect(JSON.stringify(list)).not.toContain('198.51.100.10');

    // Nobody ends a session of someone else, nor their own current one through 退出.
    const foreign = await t.post(`${S}/delete`, { subAct: 'a', ids: [phoneRow.id] }, someoneElse.headers);
    expect(foreign.body.data?.deleted ?? 0).toBe(0);
    expect((await ask(phone.headers)).status).toBe(200);
    const self = await t.post(`${S}/delete`, { subAct: 'a', ids: [mine.id] }, here.headers);
    expect(self.status).toBe(400);
    expect(self.body.result).toBe(SESSION_MESSAGES.current);
    expect((await ask(here.headers)).status).toBe(200);

    const out = await t.post(`${S}/delete`, { subAct: 'a', ids: [phoneRow.id] }, here.headers);
    expect(out.body.data.deleted).toBe(1);
    expect((await ask(phone.headers)).status).toBe(401);
    expect((await t.post('/sso/validate', { tgt: phone.tgt })).body.result).not.toBe('success');
    expect((await ask(third.headers)).status).toBe(200);

    const wrongRow = await t.post(
      `${S}/transition`,
      { subAct: 'a', id: phoneRow.id, version: 1, action: 'signOutOthers' },
      here.headers,
    );
    expect(wrongRow.status).toBe(400);
    const others = await t.post(
      `${S}/transition`,
      { subAct: 'a', id: mine.id, version: 1, action: 'signOutOthers' },
      here.headers,
    );
    expect(others.status, JSON.stringify(others.body)).toBe(200);
    expect((await ask(third.headers)).status).toBe(401);
    expect((await ask(here.headers)).status).toBe(200);
    expect((await ask(someoneElse.headers)).status).toBe(200);
    expect((await t.post(`${S}/list`, { subAct: 'a' }, here.headers)).body.data.total).toBe(1);
  });
});
