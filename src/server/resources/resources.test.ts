import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp.js';

let t: TestApp;
type H = Record<string, string>;
let province: H, city1123: H, city1101: H, leader: H, admin: H;

beforeAll(async () => {
  t = await createTestApp();
  [province, city1123, city1101, leader, admin] = await Promise.all([
    t.loginAs('province'), t.loginAs('city1123'), t.loginAs('city1101'), t.loginAs('leader1'), t.loginAs('admin'),
  ]);
});
afterAll(async () => { await t?.close(); });

const A = '/api/resource/announcement';

async function create(h: H, fields: Record<string, unknown> = {}) {
  const res = await t.post(`${A}/save`, { subAct: 'a', title: '关于开展课题申报的通知', content: '<p>正文</p>', ...fields }, h);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('resources: announcement through HTTP', () => {
  it('creates a draft owned by the user with the server-set fields, and lists it with _perm', async () => {
    const rec = await create(province, { summary: '摘要', status: 'published', areaCode: '9999', publisher: '冒充', publishTime: '2020-01-01 00:00:00' });
    expect(rec).toMatchObject({ version: 1, status: 'draft', areaCode: null, publisher: '省教育科学研究院', publishTime: null, summary: '摘要' });
    expect(rec._perm).toEqual({ update: true, delete: true, transitions: ['publish'] });
    expect(rec.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const list = await t.post(`${A}/list`, { subAct: 'a', page: 1, pageSize: 10, filters: [{ field: 'title', op: 'like', value: '课题申报' }] }, province);
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBeGreaterThanOrEqual(1);
    expect(list.body.data.list.find((r: any) => r.id === rec.id)._perm.update).toBe(true);
  });
});

describe('schema endpoints', () => {
  it('serves the routes to anyone', async () => {
    const b = await t.post('/api/schema/routes', { subAct: 'a' });
    expect(b.status).toBe(200);
    expect(b.body.data.routes.length).toBeGreaterThan(0);
  });
});
