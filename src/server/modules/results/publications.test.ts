import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';

describe('public result lists (立项名单, 结题公示)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
  }, 120_000);
  afterAll(async () => t?.close());

  it('the demo data publishes a 立项名单 and a 结题公示; visitors read published lists only, with public fields only', async () => {
    const list = async (kind: string) =>
      (await t.post('/api/public/resultPublication/list', { pageId: `portal/resultPublication.${kind}` })).body.data;
    const approved = await list('approved');
    expect(approved.total).toBe(1);
    expect(approved.list[0].title).toMatch(/^\d{4}年度省教育科学规划课题立项名单$/);
    const concluded = await list('concluded');
    expect(concluded.total).toBe(1);
    const one = (await t.post('/api/public/resultPublication/get', { id: approved.list[0].id })).body.data;
    expect(one.items.length).toBeGreaterThan(0);
    for (const row of one.items)
      expect(Object.keys(row).sort()).toEqual(['areaCode', 'leader', 'name', 'topicNo', 'unit']);
    expect(one.status).toBeUndefined();
    expect(
      (await t.post('/api/public/resultPublication/get', { id: concluded.list[0].id })).body.data.items.length,
    ).toBeGreaterThan(0);

    // The draft (next year's) is not shown to visitors, by list or by id.
    const province = await t.loginAs('province');
    const draft = (
      await t.post(
        '/api/resource/resultPublication/save',
        { title: '下一年度立项名单', year: 2099, kind: 'approved' },
        province,
      )
    ).body.data as { id: number; status: string };
    expect(draft.status).toBe('draft');
    const hidden = await t.post('/api/public/resultPublication/get', { id: draft.id });
    expect(hidden.body.flag).not.toBe(true);
    expect((await list('approved')).list.map((p: { id: number }) => p.id)).not.toContain(draft.id);
  });

  it('the province publishes through the workflow, logged; others may not; one list per year and kind', async () => {
    const province = await t.loginAs('province');
    const leader = await t.loginAs('leader1');
    const city = await t.loginAs('city1123');
    const all = (await t.post('/api/resource/resultPublication/list', {}, province)).body.data.list as {
      id: number;
      version: number;
      status: string;
      year: number;
      kind: string;
    }[];
    const published = all.find((p) => p.status === 'published' && p.kind === 'approved')!;
    // A second 立项名单 of the same year is refused with a message on the year.
    const dup = await t.post(
      '/api/resource/resultPublication/save',
      { title: '重复名单', year: published.year, kind: 'approved' },
      province,
    );
    expect(dup.status).toBe(400);
    expect(JSON.stringify(dup.body)).toContain('该年度的此类名单已存在');
    expect((await t.post('/api/resource/resultPublication/list', {}, leader)).status).toBe(403);
    expect((await t.post('/api/resource/resultPublication/list', {}, city)).status).toBe(403);

    const withdrawn = await t.post(
      '/api/resource/resultPublication/transition',
      { id: published.id, action: 'withdraw', version: published.version },
      province,
    );
    expect(withdrawn.body.flag).toBe(true);
    expect(
      (await t.post('/api/public/resultPublication/list', { pageId: 'portal/resultPublication.approved' })).body.data
        .total,
    ).toBe(0);
    const fresh = (await t.post('/api/resource/resultPublication/get', { id: published.id }, province)).body.data;
    expect(
      (
        await t.post(
          '/api/resource/resultPublication/transition',
          { id: published.id, action: 'publish', version: fresh.version },
          leader,
        )
      ).body.flag,
    ).not.toBe(true);
    expect(
      (
        await t.post(
          '/api/resource/resultPublication/transition',
          { id: published.id, action: 'publish', version: fresh.version },
          province,
        )
      ).body.flag,
    ).toBe(true);
    expect(
      (await t.post('/api/public/resultPublication/list', { pageId: 'portal/resultPublication.approved' })).body.data
        .total,
    ).toBe(1);
    const logs = (await t.post('/api/resource/resultPublication/log', { id: published.id }, province)).body.data as {
      action: string;
      userName?: string;
    }[];
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(['publish', 'withdraw']));
  });
});
