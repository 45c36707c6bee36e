import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { createRecord, publishRecord, resourceWorld } from '../testing/resourceWorld.js';

// The record engine through HTTP on announcements: saving, reading, row scopes and validation.
type H = Record<string, string>;
let t: TestApp;
let province: H, city1123: H, city1101: H, leader: H, admin: H;
beforeAll(async () => {
  ({ t, province, city1123, city1101, leader, admin } = await resourceWorld(await createTestApp()));
});
afterAll(async () => {
  await t?.close();
});

const A = '/api/resource/announcement';
const create = (h: H, fields?: Record<string, unknown>, entity?: string) => createRecord(t, h, fields, entity);
const publish = (h: H, rec: { id: number; version: number }, entity?: string) => publishRecord(t, h, rec, entity);

describe('saving and reading', () => {
  it('creates a draft owned by the user with the server-set fields, and lists it with _perm', async () => {
    const rec = await create(province, {
      summary: '摘要',
      status: 'published',
      areaCode: '9999',
      publisher: '冒充',
      publishTime: '2020-01-01 00:00:00',
      _perm: { update: true },
    });
    expect(rec).toMatchObject({
      version: 1,
      status: 'draft',
      areaCode: null,
      publisher: '省教育科学研究院',
      publishTime: null,
      summary: '摘要',
    });
    expect(rec._perm).toEqual({ update: true, delete: true, transitions: ['publish'] });
    expect(rec.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const list = await t.post(
      `${A}/list`,
      { subAct: 'a', page: 1, pageSize: 10, filters: [{ field: 'title', op: 'like', value: '课题申报' }] },
      province,
    );
    expect(list.status).toBe(200);
    const row = list.body.data.list.find((r: any) => r.id === rec.id);
    expect(row).toMatchObject({
      title: '关于开展课题申报的通知',
      status: 'draft',
      _perm: { update: true, delete: true, transitions: ['publish'] },
    });
    expect(list.body.data).toMatchObject({ page: 1, pageSize: 10 });
  });

  it('updates with the current version, refuses a stale one with 409, and logs both', async () => {
    const rec = await create(province);
    const upd = await t.post(`${A}/save`, { subAct: 'a', id: rec.id, version: 1, title: '修改后的标题' }, province);
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ title: '修改后的标题', version: 2, content: '<p>正文</p>' });
    const stale = await t.post(`${A}/save`, { subAct: 'a', id: rec.id, version: 1, title: '旧版本上的修改' }, province);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ flag: false, result: '记录已被他人修改，请刷新后重试' });
    const staleT = await t.post(
      `${A}/transition`,
      { subAct: 'a', id: rec.id, version: 1, action: 'publish' },
      province,
    );
    expect(staleT.status).toBe(409);
    const got = await t.post(`${A}/get`, { subAct: 'a', id: rec.id }, province);
    expect(got.body.data.title).toBe('修改后的标题');
    const log = await t.post(`${A}/log`, { subAct: 'a', id: rec.id }, province);
    expect(log.body.data.map((r: any) => r.actionLabel)).toEqual(['新增', '修改']);
  });

  it('filters by status, by publish date range and sorts', async () => {
    const a = await create(province, { title: '区间测试甲' });
    const b = await create(province, { title: '区间测试乙' });
    const pb = await publish(province, b);
    const today = pb.publishTime.slice(0, 10);
    const q = (filters: unknown[], sort?: unknown) =>
      t.post(`${A}/list`, { subAct: 'a', page: 1, pageSize: 100, filters, sort }, province);
    const published = await q([
      { field: 'title', op: 'like', value: '区间测试' },
      { field: 'status', op: 'eq', value: 'published' },
    ]);
    expect(published.body.data.list.map((r: any) => r.id)).toEqual([b.id]);
    const inRange = await q([
      { field: 'title', op: 'like', value: '区间测试' },
      { field: 'publishTime', op: 'range', value: [today, today] },
    ]);
    expect(inRange.body.data.list.map((r: any) => r.id)).toEqual([b.id]);
    const before = await q([{ field: 'publishTime', op: 'range', value: [null, '2000-01-01'] }]);
    expect(before.body.data.total).toBe(0);
    // Epoch bounds (a schema's {"var": "now"}) compare as the stored province-local time.
    const published_ms = Date.parse(`${pb.publishTime.replace(' ', 'T')}+08:00`);
    const sinceEpoch = await q([
      { field: 'title', op: 'like', value: '区间测试' },
      { field: 'publishTime', op: 'range', value: [published_ms - 60_000, published_ms + 60_000] },
    ]);
    expect(sinceEpoch.body.data.list.map((r: any) => r.id)).toEqual([b.id]);
    const afterEpoch = await q([
      { field: 'title', op: 'like', value: '区间测试' },
      { field: 'publishTime', op: 'range', value: [published_ms + 60_000, null] },
    ]);
    expect(afterEpoch.body.data.total).toBe(0);
    const asc = await q([{ field: 'title', op: 'like', value: '区间测试' }], { field: 'title', order: 'asc' });
    expect(asc.body.data.list.map((r: any) => r.title)).toEqual(['区间测试乙', '区间测试甲'].sort());
    expect(asc.body.data.list.map((r: any) => r.id)).toContain(a.id);
    const created = await q([
      { field: 'title', op: 'like', value: '区间测试' },
      { field: 'createdAt', op: 'range', value: [today, today] },
    ]);
    expect(created.body.data.total).toBe(2);
  });

  it('publishes and withdraws through the information workflow, with publishTime and the log', async () => {
    const rec = await create(province);
    const pub = await publish(province, rec);
    expect(pub).toMatchObject({ status: 'published', version: 2 });
    expect(pub.publishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(pub._perm).toEqual({ update: false, delete: false, transitions: ['withdraw'] });
    const edit = await t.post(`${A}/save`, { subAct: 'a', id: rec.id, version: 2, title: '已发布不能改' }, province);
    expect(edit.status).toBe(403);
    const del = await t.post(`${A}/delete`, { subAct: 'a', ids: [rec.id] }, province);
    expect(del.status).toBe(403);
    const again = await t.post(`${A}/transition`, { subAct: 'a', id: rec.id, version: 2, action: 'publish' }, province);
    expect(again.status).toBe(403);
    expect(again.body.result).toBe('当前状态不能执行该操作');
    const wd = await t.post(
      `${A}/transition`,
      { subAct: 'a', id: rec.id, version: 2, action: 'withdraw', comment: '内容需更新' },
      province,
    );
    expect(wd.body.data).toMatchObject({
      status: 'withdrawn',
      version: 3,
      _perm: { update: true, delete: true, transitions: ['publish', 'redraft'] },
    });
    const log = await t.post(`${A}/log`, { subAct: 'a', id: rec.id }, province);
    expect(log.body.data.map((r: any) => [r.action, r.fromStatus, r.toStatus])).toEqual([
      ['create', null, 'draft'],
      ['publish', 'draft', 'published'],
      ['withdraw', 'published', 'withdrawn'],
    ]);
    expect(log.body.data[2]).toMatchObject({
      actionLabel: '撤回',
      comment: '内容需更新',
      userName: '省级管理员',
      roleCode: '2',
    });
    const unknown = await t.post(
      `${A}/transition`,
      { subAct: 'a', id: rec.id, version: 3, action: 'explode' },
      province,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.result).toBe('参数不合法');
  });

  it('deletes drafts (with ids), and the record is gone', async () => {
    const rec = await create(province);
    const del = await t.post(`${A}/delete`, { subAct: 'a', ids: [rec.id] }, province);
    expect(del.status).toBe(200);
    expect((await t.post(`${A}/get`, { subAct: 'a', id: rec.id }, province)).status).toBe(404);
  });

  it('gives exactly one transition to two people deciding on the same version at once', async () => {
    for (let round = 0; round < 3; round++) {
      const rec = await create(city1123);
      const body = { subAct: 'a', id: rec.id, version: 1, action: 'publish' };
      const answers = await Promise.all([
        t.post(`${A}/transition`, body, city1123),
        t.post(`${A}/transition`, body, province),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const log = await t.post(`${A}/log`, { subAct: 'a', id: rec.id }, province);
      expect(log.body.data.filter((r: any) => r.action === 'publish')).toHaveLength(1);
      const got = await t.post(`${A}/get`, { subAct: 'a', id: rec.id }, province);
      expect(got.body.data).toMatchObject({ status: 'published', version: 2 });
    }
  });
});

describe('row scopes', () => {
  it("keeps a city admin to their own city: 1101 cannot read, list, update, publish or delete 1123's item", async () => {
    const rec = await create(city1123, { title: '1123市的通知' });
    expect(rec.areaCode).toBe('1123');
    const list = await t.post(`${A}/list`, { subAct: 'a', page: 1, pageSize: 100 }, city1101);
    expect(list.status).toBe(200);
    expect(list.body.data.list.every((r: any) => r.areaCode === '1101')).toBe(true);
    expect(list.body.data.list.some((r: any) => r.id === rec.id)).toBe(false);
    const calls: [string, Record<string, unknown>][] = [
      ['get', { id: rec.id }],
      ['save', { id: rec.id, version: 1, title: '越权修改' }],
      ['delete', { ids: [rec.id] }],
      ['transition', { id: rec.id, version: 1, action: 'publish' }],
      ['log', { id: rec.id }],
    ];
    for (const [op, body] of calls) {
      const res = await t.post(`${A}/${op}`, { subAct: 'a', ...body }, city1101);
      expect(res.status, op).toBe(404);
      expect(res.body).toMatchObject({ flag: false, result: '记录不存在' });
      expect(JSON.stringify(res.body)).not.toContain('1123市的通知');
    }
    // Own city and the province see it.
    expect((await t.post(`${A}/get`, { subAct: 'a', id: rec.id }, city1123)).status).toBe(200);
    expect((await t.post(`${A}/get`, { subAct: 'a', id: rec.id }, province)).status).toBe(200);
    expect((await t.post(`${A}/get`, { subAct: 'a', id: rec.id }, admin)).status).toBe(200);
    const still = await t.post(`${A}/get`, { subAct: 'a', id: rec.id }, city1123);
    expect(still.body.data).toMatchObject({ title: '1123市的通知', version: 1 });
  });

  it('refuses a project leader every admin call and admin page (403)', async () => {
    const rec = await create(province);
    for (const [op, body] of [
      ['list', { page: 1, pageSize: 10 }],
      ['get', { id: rec.id }],
      ['save', { title: 'x', content: 'y' }],
      ['delete', { ids: [rec.id] }],
      ['export', {}],
      ['log', { id: rec.id }],
    ] as const) {
      const res = await t.post(`${A}/${op}`, { subAct: 'a', ...body }, leader);
      expect(res.status, op).toBe(403);
      expect(res.body.flag).toBe(false);
    }
    const tr = await t.post(`${A}/transition`, { subAct: 'a', id: rec.id, version: 1, action: 'publish' }, leader);
    expect(tr.status).toBe(404);
    const page = await t.post('/api/schema/page', { subAct: 'a', id: 'information/announcement.list' }, leader);
    expect(page.status).toBe(403);
    const anon = await t.post('/api/schema/page', { subAct: 'a', id: 'information/announcement.list' });
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe(501);
    const noLogin = await t.post(`${A}/list`, { subAct: 'a' });
    expect(noLogin.body.code).toBe(501);
  });
});

describe('validation', () => {
  it('answers 参数不合法 with the failing fields, and changes nothing', async () => {
    const missing = await t.post(`${A}/save`, { subAct: 'a', summary: 'x'.repeat(501) }, province);
    expect(missing.status).toBe(400);
    expect(missing.body.result).toBe('参数不合法');
    expect(missing.body.data).toEqual(
      expect.arrayContaining([
        { field: 'summary', label: '摘要', message: '摘要不能超过500个字符' },
        { field: 'title', label: '标题', message: '标题不能为空' },
        { field: 'content', label: '正文', message: '正文不能为空' },
      ]),
    );
    const unknown = await t.post(`${A}/save`, { subAct: 'a', title: 't', content: 'c', hacker: 1 }, province);
    expect(unknown.status).toBe(400);
    expect(unknown.body.data).toEqual([{ field: 'hacker', label: 'hacker', message: '不允许的字段：hacker' }]);
    const emptyRich = await t.post(`${A}/save`, { subAct: 'a', title: 't', content: '<p><br></p>' }, province);
    expect(emptyRich.body.data).toEqual([{ field: 'content', label: '正文', message: '正文不能为空' }]);
    const list = await t.post(
      `${A}/list`,
      { subAct: 'a', page: 1, pageSize: 100, filters: [{ field: 'title', op: 'eq', value: 't' }] },
      province,
    );
    expect(list.body.data.total).toBe(0);
  });

  it('never answers 500 to malformed bodies', async () => {
    const rec = await create(province);
    const bad: [string, unknown][] = [
      ['save', { title: { a: 1 }, content: 'x' }],
      ['save', { title: ['a'], content: 'x' }],
      ['save', { id: 'abc', version: 1 }],
      ['save', { id: rec.id, version: 'x' }],
      ['save', { id: rec.id }],
      ['save', { id: -1, version: 1 }],
      ['save', { attachments: 'nope', title: 't', content: 'c' }],
      ['save', { attachments: [{ id: 'x' }], title: 't', content: 'c' }],
      ['save', { attachments: [1, 2, 3, 4, 5, 6], title: 't', content: 'c' }],
      ['list', { page: 0 }],
      ['list', { pageSize: 1000 }],
      ['list', { filters: 'x' }],
      ['list', { filters: [{ field: 'nope', op: 'eq', value: 1 }] }],
      ['list', { filters: [{ field: 'title', op: 'regex', value: 1 }] }],
      ['list', { filters: [{ field: 'title', op: 'in', value: 'x' }] }],
      ['list', { filters: [{ field: 'title', op: 'eq', value: { $ne: 1 } }] }],
      ['list', { sort: { field: 'data', order: 'asc' } }],
      ['list', { sort: { field: 'title; drop table users', order: 'asc' } }],
      ['list', { pageId: 'information/rules.list' }],
      ['list', { filters: [{ field: 'publishTime', op: 'range', value: 'x' }] }],
      ['get', { id: 'x' }],
      ['get', {}],
      ['delete', { ids: [] }],
      ['delete', { ids: ['x'] }],
      ['transition', { id: rec.id, action: 'publish' }],
      ['transition', { id: rec.id, version: 1, action: 'publish', comment: { a: 1 } }],
    ];
    for (const [op, body] of bad) {
      const res = await t.post(`${A}/${op}`, { subAct: 'a', ...(body as object) }, province);
      expect(res.status, `${op} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body).toMatchObject({ flag: false, result: '参数不合法' });
    }
    const unknownEntity = await t.post('/api/resource/nothing/list', { subAct: 'a' }, province);
    expect(unknownEntity.status).toBe(400);
    const got = await t.post(`${A}/get`, { subAct: 'a', id: rec.id }, province);
    expect(got.body.data.version).toBe(1);
  });

  it('stores rich text sanitised: script, handlers and javascript: URLs are gone', async () => {
    const rec = await create(province, {
      content:
        '<p onclick="alert(1)">你好<script>alert("x")</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a><b>粗</b></p>',
    });
    for (const text of [
      rec.content,
      (await t.post(`${A}/get`, { subAct: 'a', id: rec.id }, province)).body.data.content,
    ]) {
      expect(text).not.toMatch(/script|onclick|onerror|javascript:/i);
      expect(text).toContain('<b>粗</b>');
      expect(text).toContain('你好');
    }
    const pub = await publish(province, rec);
    const open = await t.post('/api/public/announcement/get', { subAct: 'a', id: pub.id });
    expect(open.body.data.content).not.toMatch(/script|onerror|javascript:/i);
  });
});
