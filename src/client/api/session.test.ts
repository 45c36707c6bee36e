// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session, type UserInfo } from './session.js';

const user: UserInfo = {
  username: 'multi',
  roleCode: '4',
  roleName: '课题负责人',
  isAdmin: false,
  token: 'tok-1',
  csrfToken: 'csrf-1',
  roleList: [
    { roleCode: '4', roleName: '课题负责人', engName: 'FZR' },
    { roleCode: '5', roleName: '评审专家', engName: 'ZJ' },
  ],
};

describe('session', () => {
  beforeEach(() => {
    localStorage.clear();
    session.clear();
  });

  it('stores userObj, engName of the active role and the CSRF token, never a ticket', () => {
    localStorage.setItem('tgt', 'TGT-left-by-an-old-version');
    session.save({ ...user, tgt: 'TGT-1' } as UserInfo);
    expect(localStorage.getItem('tgt')).toBeNull();
    expect(localStorage.getItem('userObj')).not.toContain('TGT-1');
    expect(JSON.parse(localStorage.getItem('userObj')!).username).toBe('multi');
    expect(localStorage.getItem('engName')).toBe('FZR');
    expect(localStorage.getItem('csrfToken')).toBe('csrf-1');
    expect(session.token()).toBe('tok-1');
    expect(session.isLoggedIn()).toBe(true);
    session.save({ ...user, roleCode: '5', token: 'tok-2' });
    expect(localStorage.getItem('engName')).toBe('ZJ');
    expect(localStorage.getItem('tgt')).toBeNull();
  });

  it('clears the login keys and keeps subAct', () => {
    session.setSubAct('b');
    session.save(user);
    session.clear();
    expect(session.user()).toBeNull();
    expect(session.isLoggedIn()).toBe(false);
    expect(['tgt', 'userObj', 'engName', 'csrfToken'].map((k) => localStorage.getItem(k))).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(session.subAct()).toBe('b');
  });

  it('notifies subscribers and login listeners', () => {
    const changed = vi.fn();
    const login = vi.fn();
    const off = session.subscribe(changed);
    const offLogin = session.onLoginRequest(login);
    session.save(user);
    session.requestLogin({ reason: 'notLoggedIn', message: '用户未登录' });
    expect(changed).toHaveBeenCalledTimes(1);
    expect(login).toHaveBeenCalledWith({ reason: 'notLoggedIn', message: '用户未登录' });
    off();
    offLogin();
  });

  it('keeps the same user object between reads until something changes', () => {
    session.save(user);
    expect(session.user()).toBe(session.user());
  });
});
