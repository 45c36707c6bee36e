import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { NOTICE_CLOSED } from './noticeWindow.js';
import { newTopic, publishNotice } from './topics.fixture.js';
import { evaluate } from '../../../shared/rules/evaluate.js';
import type { ListPageDef, PickDef } from '../../../shared/schema/types.js';

describe('submit only while the stage notice is open, by the workflow guard the buttons also follow (SQLite and PostgreSQL)', () => {
  let t: TestApp;
  type H = Record<string, string>;
  let leader1: H, province: H, city1123: H;
  beforeAll(async () => {
    t = await createTestApp();
    [leader1, province, city1123] = await Promise.all(['leader1', 'province', 'city1123'].map((u) => t.loginAs(u)));
  });
  afterAll(async () => {
    await t?.close();
  });

  const submit = (rec: { id: number; version: number }) =>
    t.post(
      '/api/resource/topic/transition',
      { subAct: 'a', id: rec.id, version: rec.version, action: 'submit' },
      leader1,
    );

  it('refuses a submit when no notice of the stage is open for the topic area, and allows it once one is', async () => {
    // The demo seed's open notices closed first, through the store, so only this test's notices count.
    const store = KyselyRecordStore.of(t.ctx.database);
    const noticeEntity = t.ctx.schemas.entities.get('notice')!;
    const { rows } = await store.list(noticeEntity, {
      where: { t: 'cmp', field: 'status', op: '=', value: '1' },
      sort: [],
      offset: 0,
      limit: 1000,
    });
    for (const n of rows) expect(await store.update(noticeEntity, { ...n, status: '2' }, n.version)).toBe(true);
    const notice = await publishNotice(t, province, { stage: 1 });
    const topic = await newTopic(t, leader1, notice.id, '通知窗口课题');
    const closed = await t.post(
      '/api/resource/notice/transition',
      { subAct: 'a', id: notice.id, version: notice.version, action: 'close' },
      province,
    );
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);

    let res = await submit(topic);
    expect(res.status).toBe(403);
    expect(res.body.result).toBe(NOTICE_CLOSED);

    // A notice for another city, one not started yet, one of another stage, a draft: still closed for 1123.
    await publishNotice(t, province, { stage: 1, targetAreas: ['1101'] });
    await publishNotice(t, province, { stage: 1, startHours: 2, endHours: 48 });
    await publishNotice(t, province, { stage: 2 });
    await publishNotice(t, province, { stage: 1, publish: false });
    res = await submit(topic);
    expect(res.status).toBe(403);
    expect(res.body.result).toBe(NOTICE_CLOSED);
    const log = await t.post('/api/resource/topic/log', { subAct: 'a', id: topic.id }, leader1);
    expect(log.body.data.some((l: { action: string }) => l.action === 'submit')).toBe(false);

    // The same declarative rule (topic.json guards.submit) keeps 提交 out of the topic's _perm, in
    // its get and in the list rows, so the buttons hide while the server would refuse.
    const perm = async () =>
      (await t.post('/api/resource/topic/get', { subAct: 'a', id: topic.id }, leader1)).body.data._perm.transitions;
    const rowPerm = async () =>
      (await t.post('/api/resource/topic/list', { subAct: 'a', page: 1, pageSize: 50 }, leader1)).body.data.list.find(
        (r: { id: number }) => r.id === topic.id,
      )._perm.transitions;
    expect(await perm()).not.toContain('submit');
    expect(await rowPerm()).not.toContain('submit');

    // The city's own notice for its area opens the window.
    await publishNotice(t, city1123, { stage: 1 });
    expect(await perm()).toContain('submit');
    expect(await rowPerm()).toContain('submit');
    res = await submit(topic);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('2');
  });

  it('the 申报课题 picker of 我的课题列表 lists only the notices whose window holds now', async () => {
    const list = t.ctx.schemas.pages.get('topics/topic.list') as ListPageDef;
    const pick = list.toolbar?.map((a) => (a.type === 'link' ? a.pick : undefined)).find(Boolean) as PickDef;
    const open = await publishNotice(t, province, { stage: 1, title: '窗口内的申报通知' });
    const ended = await publishNotice(t, province, {
      stage: 1,
      title: '已截止的申报通知',
      startHours: -48,
      endHours: -1,
    });
    const early = await publishNotice(t, province, {
      stage: 1,
      title: '未开始的申报通知',
      startHours: 2,
      endHours: 48,
    });
    // The values as the dialog sends them: its rules evaluated at the moment it opens.
    const ctx = { now: Date.now() };
    const filters = (pick.filters ?? []).map((f) => ({
      ...f,
      value: Array.isArray(f.value) ? f.value.map((v) => (v && typeof v === 'object' ? evaluate(v, ctx) : v)) : f.value,
    }));
    const res = await t.post(
      `/api/resource/${pick.entity}/list`,
      { subAct: 'a', page: 1, pageSize: 100, pageId: pick.pageId, filters },
      leader1,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = res.body.data.list.map((n: { id: number }) => n.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(ended.id);
    expect(ids).not.toContain(early.id);
  });
});
