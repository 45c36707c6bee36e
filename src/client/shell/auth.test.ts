// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../api/session.js';
import {
  LOGIN_MESSAGES,
  LoginError,
  PasswordChangeRequired,
  changePasswordAndLogin,
  finishTour,
  login,
  logout,
  restoreSession,
  switchRole,
  switchSubSystem,
} from './auth.js';

type Handler = (body: any, url: string) => unknown | Promise<unknown>;
let routes: Record<string, Handler>;
let seen: { url: string; body: any; headers: Record<string, string> }[];

const user = (roleCode: string, token: string) => ({
  username: 'multi',
  realName: '刘老师',
  roleCode,
  roleName: roleCode === '4' ? '课题负责人' : '评审专家',
  isAdmin: false,
  token,
  csrfToken: `csrf-${token}`,
  roleList: [
    { roleCode: '4', roleName: '课题负责人', engName: 'FZR' },
    { roleCode: '5', roleName: '评审专家', engName: 'ZJ' },
  ],
  subSystemId: 1,
});

function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  session.clear();
  seen = [];
  routes = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0];
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const headers: Record<string, string> = {};
      new Headers(init?.headers).forEach((v, k) => {
        headers[k] = v;
      });
      seen.push({ url, body, headers });
      const handler = routes[path];
      if (!handler) return reply({ flag: false, data: null, result: '接口不存在', code: 404 }, 404);
      const out = await handler(body, url);
      return out instanceof Response ? out : reply(out);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('login', () => {
  it('gets a ticket from the SSO, then the user from sys/login, and stores userObj and engName but not the ticket', async () => {
    routes['/sso/login'] = () => ({ result: 'success', data: { tgt: 'TGT-1' } });
    routes['/api/sys/login'] = (b) => ({ flag: true, data: user('4', 'tok-1'), result: 'ok', echo: b });
    const u = await login({ account: 'multi', password: 'pw', captchaId: 'c1', captchaCode: 'test' });
    expect(u.username).toBe('multi');
    expect(seen[0].body).toEqual({
      subAct: 'a',
      account: 'multi',
      password: 'pw',
      captchaId: 'c1',
      captchaCode: 'test',
    });
    expect(seen[1].body).toEqual({ subAct: 'a', tgt: 'TGT-1' });
    expect(localStorage.getItem('tgt')).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain('TGT-1');
    expect(localStorage.getItem('engName')).toBe('FZR');
    expect(JSON.parse(localStorage.getItem('userObj')!).token).toBe('tok-1');
    expect(localStorage.getItem('csrfToken')).toBe('csrf-tok-1');
  });

  it('shows the SSO message, or 用户名或者密码错误！ when there is none', async () => {
    routes['/sso/login'] = () => ({ result: 'fail', data: '验证码错误' });
    await expect(login({ account: 'a', password: 'b', captchaId: 'c', captchaCode: 'x' })).rejects.toThrow(
      '验证码错误',
    );
    routes['/sso/login'] = () => ({ result: 'fail', data: null });
    await expect(login({ account: 'a', password: 'b' })).rejects.toThrow(LOGIN_MESSAGES.badCredentials);
    expect(session.isLoggedIn()).toBe(false);
  });

  it('after an admin reset asks for a new password with the ticket, then signs in with that same ticket', async () => {
    routes['/sso/login'] = () => ({ result: 'success', data: { tgt: 'TGT-R' } });
    let changed = false;
    routes['/api/sys/login'] = () =>
      changed
        ? { flag: true, data: user('4', 'tok-r'), result: 'ok' }
        : new Response(
            JSON.stringify({ flag: false, data: null, result: '密码已被管理员重置，请先修改密码后再登录', code: 4031 }),
            { status: 403, headers: { 'content-type': 'application/json' } },
          );
    routes['/api/sys/changePassword'] = () => {
      changed = true;
      return { flag: true, data: null, result: '密码修改成功' };
    };
    const error = await login({ account: 'multi', password: 'Reset@2026' }).catch((e) => e);
    expect(error).toBeInstanceOf(PasswordChangeRequired);
    expect(error).toMatchObject({ tgt: 'TGT-R', message: '密码已被管理员重置，请先修改密码后再登录' });
    expect(session.isLoggedIn()).toBe(false);
    const u = await changePasswordAndLogin(error.tgt, 'Reset@2026', 'Mine@2026ok');
    expect(u.username).toBe('multi');
    expect(seen.find((c) => c.url.startsWith('/api/sys/changePassword'))!.body).toEqual({
      subAct: 'a',
      tgt: 'TGT-R',
      oldPassword: 'Reset@2026',
      newPassword: 'Mine@2026ok',
    });
    expect(localStorage.getItem('tgt')).toBeNull();
  });

  it('reports an SSO that fails outright as 登录失败,出现异常！ with code -1', async () => {
    routes['/sso/login'] = () => new Response('down', { status: 503 });
    const error = await login({ account: 'a', password: 'b' }).catch((e) => e);
    expect(error).toBeInstanceOf(LoginError);
    expect(error).toMatchObject({ message: '登录失败,出现异常！', code: -1 });
  });

  it('skips the SSO for a nologin user name (the server decides whether it is allowed)', async () => {
    routes['/api/sys/login'] = () => ({ flag: true, data: user('4', 'tok-n'), result: 'ok' });
    await login({ account: 'nologin:leader1', password: '' });
    expect(seen.map((s) => s.url)).toEqual(['/api/sys/login']);
    expect(seen[0].body.tgt).toBe('nologin:leader1');
  });

  it('restores only a stored user, never signing in with a stored ticket', async () => {
    localStorage.setItem('tgt', 'TGT-9');
    expect(await restoreSession()).toBe(false);
    expect(seen).toEqual([]);
    session.save(user('5', 'tok-9'));
    expect(await restoreSession()).toBe(true);
  });
});

describe('logout', () => {
  beforeEach(() => {
    session.save(user('4', 'tok-1'));
    sessionStorage.setItem('listBasicObj', '{"page":3}');
  });

  it('ends the SSO ticket and the app session, then clears userObj, engName and the CSRF token', async () => {
    routes['/sso/logout'] = () => ({ result: 'success', data: '退出成功' });
    routes['/api/sys/logout'] = () => ({ flag: true, data: null, result: '退出成功' });
    await logout();
    expect(seen.find((s) => s.url === '/sso/logout')?.body).toEqual({ subAct: 'a' });
    expect(seen.find((s) => s.url === '/api/sys/logout')?.headers.authorization).toBe('tok-1');
    for (const k of ['tgt', 'userObj', 'engName', 'csrfToken']) expect(localStorage.getItem(k)).toBeNull();
    expect(sessionStorage.getItem('listBasicObj')).toBeNull();
  });

  it('goes on after 1 s when the SSO does not answer', async () => {
    vi.useFakeTimers();
    routes['/sso/logout'] = () => new Promise<Response>(() => {});
    routes['/api/sys/logout'] = () => new Promise<Response>(() => {});
    let done = false;
    const p = logout().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    expect(session.isLoggedIn()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await p;
    expect(done).toBe(true);
    expect(session.isLoggedIn()).toBe(false);
  });
});

describe('role and sub-system switch', () => {
  beforeEach(() => session.save(user('4', 'tok-1')));

  it('switches role by reloading the user with the chosen English name, from the app token (no ticket)', async () => {
    routes['/api/sys/login'] = (b) => ({
      flag: true,
      data: user(b.engName === 'ZJ' ? '5' : '4', 'tok-2'),
      result: 'ok',
    });
    const u = await switchRole('ZJ');
    expect(seen[0].body).toEqual({ subAct: 'a', engName: 'ZJ' });
    expect(seen[0].headers.authorization).toBe('tok-1');
    expect(u.roleCode).toBe('5');
    expect(localStorage.getItem('engName')).toBe('ZJ');
    expect(session.token()).toBe('tok-2');
  });

  it('switches sub-system (optionally as default), then reloads the user in the same role', async () => {
    routes['/api/sys/saveDefaultNavigation'] = () => ({ flag: true, data: null, result: '操作成功！' });
    routes['/api/sys/login'] = () => ({ flag: true, data: { ...user('4', 'tok-3'), subSystemId: 2 }, result: 'ok' });
    await switchSubSystem(2, true);
    expect(seen[0].url).toBe('/api/sys/saveDefaultNavigation');
    expect(seen[0].body).toEqual({ subAct: 'a', defaultSystem: 2, setDefault: 1 });
    expect(seen[0].headers['x-csrf-token']).toBe('csrf-tok-1');
    expect(seen[1].body).toEqual({ subAct: 'a', engName: 'FZR' });
    expect(session.user()?.subSystemId).toBe(2);
    await switchSubSystem(1, false);
    expect(seen[2].body.setDefault).toBe(0);
  });

  it('saves remindAgain 1 when the tour is finished', async () => {
    routes['/api/sys/saveDefaultNavigation'] = () => ({ flag: true, data: null, result: '操作成功！' });
    await finishTour();
    expect(seen[0].body).toEqual({ subAct: 'a', remindAgain: 1 });
  });

  it('refuses to switch without a ticket', async () => {
    session.clear();
    await expect(switchRole('ZJ')).rejects.toThrow('用户未登录');
  });
});
