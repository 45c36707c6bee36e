import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testApp.js';

let t: TestApp;
type H = Record<string, string>;
let admin: H, leader: H, province: H;
const M = '/api/resource/menuItem';

beforeAll(async () => {
  t = await createTestApp();
  [admin, leader, province] = await Promise.all([t.loginAs('admin'), t.loginAs('leader1'), t.loginAs('province')]);
});
afterAll(async () => {
  await t?.close();
});

const menuOf = async (h: H) => (await t.post('/api/home/queryMenuList', {}, h)).body.data;

describe('menus edited in the portal', () => {
  it('answers the seeded menu as schemas/menus says, until edited', async () => {
    const seeded = await menuOf(leader);
    const file = t.ctx.schemas.menus.get('4')!.items;
    expect(seeded.map((n: any) => n.path)).toEqual(file.map((n) => n.path));
    expect(seeded.map((n: any) => n.name)).toEqual(file.map((n) => n.name));
    expect(seeded.map((n: any) => n.code)).toEqual(file.map((n) => n.code));
  });

  it('a menu entry renamed, hidden and re-ordered by the super admin is what home/queryMenuList answers', async () => {
    const list = await t.post(
      `${M}/list`,
      { subAct: 'a', pageSize: 100, filters: [{ field: 'roleCode', value: '4' }] },
      admin,
    );
    expect(list.status).toBe(200);
    const q = list.body.data.list.find((r: any) => r.path === '/expertQuetion');
    const res = await t.post(`${M}/save`, { subAct: 'a', id: q.id, version: 1, name: '专家咨询', sortNo: 1 }, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const menu = await menuOf(leader);
    expect(menu[0]).toMatchObject({ name: '专家咨询', path: '/expertQuetion' });
    const added = await t.post(
      `${M}/save`,
      {
        subAct: 'a',
        roleCode: '4',
        name: '单位列表',
        code: 'unitList',
        path: '/systemManagement/schoolManage',
        sortNo: 99,
        invisible: true,
      },
      admin,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await menuOf(leader)).at(-1)).toMatchObject({ name: '单位列表', code: 'unitList', invisible: true });
  });

  it('saves an entry without a version (menu_items keeps none: the last save wins)', async () => {
    const list = await t.post(`${M}/list`, { subAct: 'a', filters: [{ field: 'roleCode', value: '3' }] }, admin);
    const first = list.body.data.list[0];
    const res = await t.post(`${M}/save`, { subAct: 'a', id: first.id, invisible: !first.invisible }, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.invisible).toBe(!first.invisible);
  });

  it('refuses an entry pointing at a route that does not exist, a duplicate code, and anyone but the super admin', async () => {
    const nowhere = await t.post(
      `${M}/save`,
      { subAct: 'a', roleCode: '4', name: '坏链接', code: 'bad', path: '/no/such/page' },
      admin,
    );
    expect(nowhere.body.data).toEqual([
      expect.objectContaining({ field: 'path', message: '路由地址不存在：只能指向已有页面' }),
    ]);
    const dup = await t.post(
      `${M}/save`,
      { subAct: 'a', roleCode: '4', name: '重复', code: 'unitList', path: '/homePage' },
      admin,
    );
    expect(dup.body.data[0]).toMatchObject({ field: 'code' });
    expect((await t.post(`${M}/list`, { subAct: 'a' }, province)).status).toBe(403);
  });
});
