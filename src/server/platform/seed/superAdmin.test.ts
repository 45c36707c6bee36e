import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { ssoLogin } from '../testing/ssoTestHelpers.js';
import { createSuperAdmin, passwordProblem, usernameProblem } from './superAdmin.js';

describe('createSuperAdmin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a super admin who can sign in through the SSO', async () => {
    const id = await createSuperAdmin(t.ctx.database.db, {
      username: 'chief',
      password: 'Granite.Lake#Tiger',
      realName: '王主任',
    });
    expect(id).toBeGreaterThan(0);
    const sso = await ssoLogin(t, 'chief', 'Granite.Lake#Tiger');
    const user = (await t.post('/api/sys/login', { subAct: 'a', tgt: sso.body.data.tgt })).body.data;
    expect(user).toMatchObject({
      username: 'chief',
      realName: '王主任',
      roleCode: '1',
      isAdmin: true,
      roleList: [{ roleCode: '1', engName: 'SUPER' }],
    });
  });

  it('refuses a taken name (in any case), a weak password and a bad name', async () => {
    const db = t.ctx.database.db;
    await expect(createSuperAdmin(db, { username: 'Admin', password: 'Strong@123', realName: '' })).rejects.toThrow(
      '已存在',
    );
    await expect(createSuperAdmin(db, { username: 'root2', password: 'short1', realName: '' })).rejects.toThrow(
      '8-64位',
    );
    await expect(createSuperAdmin(db, { username: 'root2', password: 'Root2@2026', realName: '' })).rejects.toThrow(
      '账号',
    );
    await expect(createSuperAdmin(db, { username: '1root', password: 'Strong@123', realName: '' })).rejects.toThrow(
      '用户名',
    );
    await expect(
      createSuperAdmin(db, { username: 'adminnologin', password: 'Strong@123', realName: '' }),
    ).rejects.toThrow('nologin');
    expect(passwordProblem('Strong@123')).toBeNull();
    expect(passwordProblem('Password1')).toBe('该密码过于常见，容易被猜中，请换一个不常见的密码');
    expect(passwordProblem('Qwer1234!')).toBe('该密码过于常见，容易被猜中，请换一个不常见的密码');
    expect(usernameProblem('root_2')).toBeNull();
  });
});
