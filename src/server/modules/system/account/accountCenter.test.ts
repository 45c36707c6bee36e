import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_STRENGTH_MESSAGES } from '../../../../shared/passwordStrength.js';
import { appLogin, ssoLogin } from '../../../platform/testing/ssoTestHelpers.js';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../testApp.js';
import { PASSWORD_CHANGE_MESSAGES } from './passwordChangeAdmin.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const P = '/api/resource/passwordChange';
const ask = (headers: Record<string, string>) => t.post('/api/home/queryMenuList', { subAct: 'a' }, headers);

describe('个人中心', () => {
  it('shows every role its own account; identity fields stay read-only with whom to ask', async () => {
    for (const [account, who] of [
      ['leader1', '市级管理员'],
      ['city1123', '省级管理员'],
      ['province', '超级管理员'],
    ] as const) {
      const { headers } = await appLogin(t, account);
      const me = (await t.post('/api/resource/accountProfile/get', { subAct: 'a', id: 1 }, headers)).body.data;
      expect(me.username).toBe(account);
      expect(me.note).toContain(who);
      expect(me._perm).toBeTruthy();
    }
    const { headers } = await appLogin(t, 'leader1');
    const saved = await t.post(
      '/api/resource/accountProfile/save',
      { subAct: 'a', id: 1, version: 1, title: '中学高级教师', realName: '改名', username: 'other' },
      headers,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const row = await t.ctx.database.db
      .selectFrom('users')
      .select(['username', 'real_name', 'title', 'mobile'])
      .where('username', '=', 'leader1')
      .executeTakeFirstOrThrow();
    expect(row.title).toBe('中学高级教师');
    expect(row.real_name).not.toBe('改名');
    expect(saved.body.data.mobile).not.toBe(row.mobile);
  });

  it('changes the password after the old one, by the policy, and signs out every other session', async () => {
    const here = await appLogin(t, 'expert1');
    const there = await appLogin(t, 'expert1');
    expect((await ask(there.headers)).status).toBe(200);
    const read = (await t.post(`${P}/get`, { subAct: 'a', id: 1 }, here.headers)).body.data;
    expect(read.otherSessions).toBeGreaterThanOrEqual(1);
    const change = (body: Record<string, unknown>) =>
      t.post(`${P}/save`, { subAct: 'a', id: 1, version: 1, ...body }, here.headers);
    const wrongOld = await change({
      oldPassword: 'Nope@1234',
      newPassword: 'Granite.Lake#Tiger',
      confirmPassword: 'Granite.Lake#Tiger',
    });
    expect(wrongOld.body.data[0]).toMatchObject({ field: 'oldPassword', message: PASSWORD_CHANGE_MESSAGES.oldWrong });
    for (const weak of ['Qwer1234!', 'Admin@123', 'Passw0rd!']) {
      const refused = await change({ oldPassword: TEST_PASSWORD, newPassword: weak, confirmPassword: weak });
      expect(refused.body.data[0], weak).toMatchObject({
        field: 'newPassword',
        message: PASSWORD_STRENGTH_MESSAGES.common,
      });
    }
    const mismatch = await change({
      oldPassword: TEST_PASSWORD,
      newPassword: 'Granite.Lake#Tiger',
      confirmPassword: 'x',
    });
    expect(mismatch.body.data[0]).toMatchObject({ field: 'confirmPassword' });
    expect((await ask(there.headers)).status).toBe(200);

    const done = await change({
      oldPassword: TEST_PASSWORD,
      newPassword: 'Granite.Lake#Tiger',
      confirmPassword: 'Granite.Lake#Tiger',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.otherSessions).toBe(0);
    expect(JSON.stringify(done.body)).not.toContain('Granite');
    // The other browser is signed out, its ticket too; this one goes on.
    expect((await ask(there.headers)).status).toBe(401);
    expect((await t.post('/sso/validate', { tgt: there.tgt })).body.result).not.toBe('success');
    expect((await ask(here.headers)).status).toBe(200);
    expect((await ssoLogin(t, 'expert1', TEST_PASSWORD)).body.result).not.toBe('success');
    expect((await ssoLogin(t, 'expert1', 'Granite.Lake#Tiger')).body.result).toBe('success');
  });
});
