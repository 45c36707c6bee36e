import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testApp.js';
import { ssoLogin } from '../../../platform/testing/ssoTestHelpers.js';
import { assertNotLastSuper } from '../../../platform/accounts/roleGuard.js';
import { BuiltInSso } from '../../../platform/sso/BuiltInSso.js';
import { useSsoService } from '../../../platform/sso/ssoRegistry.js';
import { PASSWORD_STRENGTH_MESSAGES } from '../../../../shared/passwordStrength.js';
import { FIRST_PASSWORD_MESSAGE } from './passwordRoutes.js';

let t: TestApp;
type H = Record<string, string>;
let admin: H, province: H, city: H, leader: H;
const U = '/api/resource/user';

beforeAll(async () => {
  t = await createTestApp();
  // Five wrong passwords lock an account below; the growing wait before each guess is timed in
  // accountLimits.test.ts, not here.
  useSsoService(t.ctx, new BuiltInSso(t.ctx, { sleep: async () => undefined }));
  [admin, province, city, leader] = await Promise.all([
    t.loginAs('admin'),
    t.loginAs('province'),
    t.loginAs('city1123'),
    t.loginAs('leader1'),
  ]);
});
afterAll(async () => {
  await t?.close();
});

async function idOf(username: string): Promise<number> {
  const row = await t.ctx.database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
async function create(h: H, body: Record<string, unknown>) {
  return t.post(`${U}/save`, { subAct: 'a', password: 'Init@2026x', realName: '新用户', ...body }, h);
}
async function getUser(h: H, id: number) {
  return (await t.post(`${U}/get`, { subAct: 'a', id }, h)).body.data;
}

describe('users and roles', () => {
  it('lists users with filters; ID number and mobile whole to the admin who manages them, masked to a city admin who only reads them; leaders get 403', async () => {
    const res = await t.post(
      `${U}/list`,
      {
        subAct: 'a',
        filters: [
          { field: 'roles', value: '5' },
          { field: 'area', value: '1123' },
        ],
      },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((u: any) => u.username)).toEqual(['expert1']);
    const u = res.body.data.list[0];
    expect(u.idCardNo).toBe('110101198001010077');
    expect(u.mobile).toMatch(/^13\d{5}0007$/);
    expect(u._perm).toMatchObject({ update: true, delete: false });
    const asCity = await t.post(`${U}/list`, { subAct: 'a', filters: [{ field: 'roles', value: '5' }] }, city);
    const seenByCity = asCity.body.data.list.find((r: any) => r.username === 'expert1');
    expect(seenByCity).toMatchObject({ idCardNo: '1101**********0077', _perm: { update: false } });
    expect(seenByCity.mobile).toMatch(/^13\*+0007$/);
    expect(JSON.stringify(asCity.body)).not.toContain('110101198001010077');
    const byName = await t.post(
      `${U}/list`,
      {
        subAct: 'a',
        filters: [
          { field: 'realName', op: 'like', value: '专家' },
          { field: 'status', value: '1' },
        ],
      },
      admin,
    );
    expect(byName.body.data.total).toBe(2);
    expect((await t.post(`${U}/list`, { subAct: 'a' }, leader)).status).toBe(403);
  });

  it('refuses a filter on a name the object prototype holds, with a field message', async () => {
    for (const field of ['constructor', 'toString', '__proto__']) {
      const res = await t.post(`${U}/list`, { subAct: 'a', filters: [{ field, value: 'x' }] }, admin);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('不能按该字段查询');
    }
  });

  it('a province admin sees and manages only roles 3-5; a city admin only their own area', async () => {
    const p = await t.post(`${U}/list`, { subAct: 'a', pageSize: 100 }, province);
    const names = p.body.data.list.map((u: any) => u.username);
    expect(names).toEqual(expect.arrayContaining(['city1123', 'leader1', 'expert2']));
    expect(names).not.toContain('admin');
    expect(names).not.toContain('province');
    const c = await t.post(`${U}/list`, { subAct: 'a', pageSize: 100 }, city);
    expect(c.body.data.list.map((u: any) => u.username).sort()).toEqual(['expert1', 'leader1']);
    expect((await t.post(`${U}/get`, { subAct: 'a', id: await idOf('admin') }, province)).status).toBe(404);
  });

  it("keeps a user's gender from the xb dictionary (SPEC §3) and refuses any other value", async () => {
    const res = await create(admin, { username: 'teacher_gender', roles: ['4'], area: '1123', gender: '0' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ username: 'teacher_gender', gender: '0' });
    const id = Number(res.body.data.id);
    const edited = await t.post(`${U}/save`, { subAct: 'a', id, version: res.body.data.version, gender: '2' }, admin);
    expect(edited.body.data).toMatchObject({ gender: '2' });
    expect((await getUser(admin, id)).gender).toBe('2');
    const bad = await t.post(`${U}/save`, { subAct: 'a', id, version: edited.body.data.version, gender: '9' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([expect.objectContaining({ field: 'gender', message: '性别的取值不在字典范围内' })]);
  });

  it('creates a user with several roles; a duplicate account is refused', async () => {
    const res = await create(admin, { username: 'teacher01', roles: ['4', '5'], area: '1123', unit: '第一实验中学' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      username: 'teacher01',
      roles: ['4', '5'],
      area: '1123',
      unit: '第一实验中学',
      status: '1',
      mustChangePassword: true,
    });
    const dup = await create(admin, { username: 'teacher01', roles: ['4'] });
    expect(dup.status).toBe(400);
    expect(dup.body.data).toEqual([expect.objectContaining({ field: 'username', message: '该账号已存在' })]);
    const weak = await create(admin, { username: 'teacher02', roles: ['4'], password: '12345678' });
    expect(weak.body.data[0]).toMatchObject({ field: 'password' });
    const common = await create(admin, { username: 'teacher02', roles: ['4'], password: 'Password1' });
    expect(common.body.data[0]).toMatchObject({
      field: 'password',
      message: '该密码过于常见，容易被猜中，请换一个不常见的密码',
    });
    const named = await create(admin, { username: 'teacher02', roles: ['4'], password: 'Teacher02@x' });
    expect(named.body.data[0]).toMatchObject({ field: 'password', message: PASSWORD_STRENGTH_MESSAGES.personal });
  });

  it('refuses role escalation: a city admin granting role 2, a province admin granting 2, anyone changing their own roles', async () => {
    const target = await idOf('leader2');
    const byCity = await t.post(`${U}/save`, { subAct: 'a', id: target, version: 1, roles: ['2', '4'] }, city);
    expect(byCity.status).toBe(403);
    const byProvince = await t.post(`${U}/save`, { subAct: 'a', id: target, version: 1, roles: ['2', '4'] }, province);
    expect(byProvince.body).toMatchObject({ flag: false, result: '不能授予或移除高于自己权限的角色' });
    const newProvince = await create(province, { username: 'sneaky', roles: ['1'] });
    expect(newProvince.status).toBe(403);
    const self = await t.post(
      `${U}/save`,
      { subAct: 'a', id: await idOf('admin'), version: 1, roles: ['1', '5'] },
      admin,
    );
    expect(self.body).toMatchObject({ flag: false, result: '不能修改自己的角色' });
    expect((await getUser(admin, target)).roles).toEqual(['4']);
    const granted = await t.post(`${U}/save`, { subAct: 'a', id: target, version: 1, roles: ['4', '5'] }, province);
    expect(granted.body.data.roles).toEqual(['4', '5']);
  });

  it('keeps the last super admin: not removable, not disableable; every change is in the audit log', async () => {
    // The demo's second super admin (admin2) is disabled first: admin and root2 are then the only two.
    const admin2 = await t.post(
      `${U}/transition`,
      { subAct: 'a', id: await idOf('admin2'), version: 1, action: 'disable' },
      admin,
    );
    expect(admin2.status, JSON.stringify(admin2.body)).toBe(200);
    const second = await create(admin, { username: 'root2', roles: ['1'] });
    const rootId = await idOf('admin');
    const root2 = second.body.data.id;
    const root2Headers = await t.loginAs('root2');
    // With two super admins, one may take role 1 from the other; then the last is kept.
    const removed = await t.post(`${U}/save`, { subAct: 'a', id: rootId, version: 1, roles: ['2'] }, root2Headers);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const back = await t.post(`${U}/save`, { subAct: 'a', id: rootId, version: 1, roles: ['1'] }, root2Headers);
    expect(back.status).toBe(200);
    // Now root2 is disabled by admin: admin is the last enabled super admin, and nobody may take that away.
    const disableRoot2 = await t.post(
      `${U}/transition`,
      { subAct: 'a', id: root2, version: 1, action: 'disable' },
      admin,
    );
    expect(disableRoot2.status).toBe(200);
    const selfDisable = await t.post(
      `${U}/transition`,
      { subAct: 'a', id: rootId, version: 1, action: 'disable' },
      admin,
    );
    expect(selfDisable.body).toMatchObject({ flag: false, result: '不能对自己的账号执行该操作' });
    await expect(assertNotLastSuper(t.ctx.database.db, rootId)).rejects.toThrow('不能移除或停用最后一名超级管理员');
    await expect(assertNotLastSuper(t.ctx.database.db, root2)).resolves.toBeUndefined();
    const log = await t.post(`${U}/log`, { subAct: 'a', id: rootId }, admin);
    expect(log.body.data.map((r: any) => r.actionLabel)).toEqual(['修改用户', '修改用户']);
    expect(log.body.data[0].comment).toContain('角色：1 → 2');
  });

  it('disables and enables, unlocks a locked account, resets a password that must be changed at the next login', async () => {
    const id = await idOf('expert2');
    for (let i = 0; i < 5; i++) await ssoLogin(t, 'expert2', 'Wrong@1234', { remoteAddress: '198.51.100.7' });
    expect((await getUser(province, id)).locked).toBe(true);
    const unlock = await t.post(`${U}/transition`, { subAct: 'a', id, version: 1, action: 'unlock' }, province);
    expect(unlock.body.data).toMatchObject({ locked: false });
    const dis = await t.post(`${U}/transition`, { subAct: 'a', id, version: 1, action: 'disable' }, province);
    expect(dis.body.data.status).toBe('0');
    const en = await t.post(`${U}/transition`, { subAct: 'a', id, version: 1, action: 'enable' }, province);
    expect(en.body.data.status).toBe('1');
    const reset = await t.post(`${U}/transition`, { subAct: 'a', id, version: 1, action: 'resetPassword' }, province);
    expect(reset.body.data.mustChangePassword).toBe(true);
    const sso = await ssoLogin(t, 'expert2', 'Reset@2026');
    expect(sso.body.result).toBe('success');
    const tgt = sso.body.data.tgt;
    const login = await t.post('/api/sys/login', { subAct: 'a', tgt });
    expect(login.body).toMatchObject({ flag: false, result: '密码已被管理员重置，请先修改密码后再登录' });
    const weak = await t.post('/api/sys/changePassword', {
      subAct: 'a',
      tgt,
      oldPassword: 'Reset@2026',
      newPassword: 'abc',
    });
    expect(weak.status).toBe(400);
    const common = await t.post('/api/sys/changePassword', {
      subAct: 'a',
      tgt,
      oldPassword: 'Reset@2026',
      newPassword: 'Aa123456',
    });
    expect(common.body.data[0]).toMatchObject({
      field: 'newPassword',
      message: '该密码过于常见，容易被猜中，请换一个不常见的密码',
    });
    const named = await t.post('/api/sys/changePassword', {
      subAct: 'a',
      tgt,
      oldPassword: 'Reset@2026',
      newPassword: 'Expert2@2026',
    });
    expect(named.body.data[0]).toMatchObject({ field: 'newPassword', message: PASSWORD_STRENGTH_MESSAGES.personal });
    const changed = await t.post('/api/sys/changePassword', {
      subAct: 'a',
      tgt,
      oldPassword: 'Reset@2026',
      newPassword: 'Mine@2026ok',
    });
    expect(changed.body).toMatchObject({ flag: true, result: '密码修改成功' });
    const again = await t.post('/api/sys/login', { subAct: 'a', tgt });
    expect(again.body.flag).toBe(true);
    const log = await t.post(`${U}/log`, { subAct: 'a', id }, province);
    expect(log.body.data.map((r: any) => r.actionLabel)).toEqual(['解锁', '停用', '启用', '重置密码']);
  });

  it('asks an account an administrator created for its first password, in words for that case', async () => {
    const made = await create(province, { username: 'firstday', realName: '初次', roles: ['4'], area: '1123' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const sso = await ssoLogin(t, 'firstday', 'Init@2026x');
    const login = await t.post('/api/sys/login', { subAct: 'a', tgt: sso.body.data.tgt });
    expect(login.body).toMatchObject({ flag: false, code: 4031, result: FIRST_PASSWORD_MESSAGE });
    expect(login.body.result).not.toContain('重置');
  });

  it('refuses a guessable first password for a new account', async () => {
    for (const password of ['Qwer1234!', 'Admin@123', 'Passw0rd!']) {
      const made = await create(province, { username: 'weakone', password, roles: ['4'], area: '1123' });
      expect(made.body.data?.[0], password).toMatchObject({ field: 'password' });
    }
  });
});
