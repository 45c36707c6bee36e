import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { indexPlan } from '../../platform/records/indexPlan.js';

/** The orders 发布申报通知 and 课题审核管理 open in and offer (schemas/pages/topics). */
describe('notice and topic list orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (who: string, entity: string, body: Record<string, unknown>) => {
    const res = await t.post(
      `/api/resource/${entity}/list`,
      { subAct: 'a', page: 1, pageSize: 100, ...body },
      await t.loginAs(who),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.list as Record<string, any>[];
  };
  const descending = (values: string[]) => [...values].sort((a, b) => b.localeCompare(a));

  it('发布申报通知 opens with the newest year first, for the province and the super admin', async () => {
    for (const who of ['province', 'admin']) {
      const years = (await list(who, 'notice', { pageId: 'topics/notice.list' })).map((n) => String(n.year));
      expect(new Set(years).size).toBeGreaterThan(3);
      expect(years).toEqual(descending(years));
    }
  });

  it('课题审核管理 sorts by 课题编号 and 年度 as well as 更新时间, each through an index', async () => {
    const page = t.ctx.schemas.pages.get('topics/topic.list') as { columns: { field: string; sortable?: boolean }[] };
    expect(page.columns.filter((c) => c.sortable).map((c) => c.field)).toEqual(['topicNo', 'year', 'updatedAt']);
    for (const field of ['topicNo', 'year']) {
      const rows = await list('province', 'topic', { pageId: 'topics/topic.list', sort: { field, order: 'desc' } });
      const values = rows.map((r) => String(r[field] ?? '')).filter(Boolean);
      expect(values.length).toBeGreaterThan(5);
      expect(values).toEqual(descending(values));
    }
    const plan = indexPlan(t.ctx.schemas.entities.get('topic')!, t.ctx.schemas);
    expect(plan.sort).toEqual(expect.arrayContaining(['topicNo', 'year', 'updatedAt']));
  });
});
