import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';

let t: TestApp;
let city: Record<string, string>;
let province: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  city = await t.loginAs('city1123');
  province = await t.loginAs('province');
});
afterAll(async () => {
  await t?.close();
});

const rolesOf = async (username: string) =>
  (
    await t.ctx.database.db
      .selectFrom('user_roles')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .select('role_code')
      .where('username', '=', username)
      .orderBy('role_code')
      .execute()
  ).map((r) => r.role_code);
const expertCount = async () =>
  Number(
    (
      await t.ctx.database.db
        .selectFrom('operation_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('entity', '=', 'expert')
        .executeTakeFirstOrThrow()
    ).n,
  );

function expert(over: Record<string, unknown>) {
  return {
    name: '测试专家',
    unit: '师范大学',
    area: '1123',
    subject: '3',
    enabled: true,
    mobile: '13900001001',
    ...over,
  };
}

describe('role grants through the accounts service', () => {
  it('refuses a city admin linking an expert to an account it could not administer, granting nothing', async () => {
    const before = await expertCount();
    for (const account of ['admin', 'province', 'city1101', 'leader2', 'expert2']) {
      const was = await rolesOf(account);
      const r = await t.post('/api/resource/expert/save', expert({ account }), city);
      expect(r.status, account).toBe(400);
      expect(r.body.data).toEqual([
        expect.objectContaining({ field: 'account', message: '该账号不在您的管理范围内，不能关联' }),
      ]);
      expect(await rolesOf(account)).toEqual(was);
    }
    // The admin's mobile number without an account name finds the admin's account: refused too.
    const byMobile = await t.post('/api/resource/expert/save', expert({ mobile: '13800000001' }), city);
    expect(byMobile.status).toBe(400);
    expect(await rolesOf('admin')).toEqual(['1']);
    // A city admin does not link its own account either.
    expect((await t.post('/api/resource/expert/save', expert({ account: 'city1123' }), city)).status).toBe(400);
    expect(await rolesOf('city1123')).toEqual(['3']);
    expect(await expertCount()).toBe(before);
  });

  it('lets a city admin link a leader of its own area, granting the expert role, and create a new account', async () => {
    const r = await t.post('/api/resource/expert/save', expert({ account: 'leader1', mobile: '13900001002' }), city);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await rolesOf('leader1')).toEqual(['4', '5']);
    const fresh = await t.post('/api/resource/expert/save', expert({ name: '新专家', mobile: '13900001003' }), city);
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    const made = await t.ctx.database.db
      .selectFrom('users')
      .select(['area_code'])
      .where('username', '=', 'zj13900001003')
      .executeTakeFirstOrThrow();
    expect(made.area_code).toBe('1123');
    expect(await rolesOf('zj13900001003')).toEqual(['5']);
  });

  it("lets a province admin link another city's leader, but not an administrator", async () => {
    const ok = await t.post(
      '/api/resource/expert/save',
      expert({ name: '李老师', area: '1101', account: 'leader2', mobile: '13900001004' }),
      province,
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await rolesOf('leader2')).toEqual(['4', '5']);
    const admin = await t.post(
      '/api/resource/expert/save',
      expert({ area: '1101', account: 'admin', mobile: '13900001005' }),
      province,
    );
    expect(admin.status).toBe(400);
    expect(await rolesOf('admin')).toEqual(['1']);
  });

  it('inserts user rows in one file only', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (
          /\.ts$/.test(e.name) &&
          !/\.test\.ts$/.test(e.name) &&
          /insertInto\(\s*['"]users['"]/.test(fs.readFileSync(p, 'utf8'))
        )
          offenders.push(path.relative(root, p));
      }
    };
    walk(root);
    expect(offenders).toEqual(['accounts/accounts.ts']);
  });
});

describe("area fields agree with the record's scope", () => {
  it("refuses a city admin's expert in another city instead of storing it under the city admin's area", async () => {
    const before = await expertCount();
    const r = await t.post(
      '/api/resource/expert/save',
      expert({ name: '外地专家', area: '1101', mobile: '13900001006' }),
      city,
    );
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual([expect.objectContaining({ field: 'area', message: '所属地区只能选择本地区' })]);
    expect(await expertCount()).toBe(before);
    expect(
      await t.ctx.database.db.selectFrom('users').select('id').where('mobile', '=', '13900001006').executeTakeFirst(),
    ).toBeUndefined();
  });

  it("refuses moving a city admin's expert to another city on edit", async () => {
    const made = await t.post('/api/resource/expert/save', expert({ name: '本地专家', mobile: '13900001007' }), city);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const moved = await t.post(
      '/api/resource/expert/save',
      {
        ...expert({ name: '本地专家', mobile: '13900001007' }),
        id: made.body.data.id,
        version: made.body.data.version,
        area: '1101',
      },
      city,
    );
    expect(moved.status).toBe(400);
    expect(moved.body.data[0]).toMatchObject({ field: 'area' });
  });
});
