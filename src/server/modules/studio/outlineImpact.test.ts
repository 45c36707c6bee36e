import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { schemaOutline } from '../../../shared/schema/schemaOutline.js';

/**
 * The dry run's pages: a change of an entity or a page reports each page whose outline changes
 * (the lines that go and come, as schemaOutline draws the page), with the roles whose menus lead
 * there; a change no reader meets reports none.
 */
let t: TestApp;
let analyst: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  analyst = await t.loginAs('analyst1');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function dryRun(key: string, change: (doc: any) => void) {
  const got = await t.post('/api/studio/get', { key }, analyst);
  const doc = JSON.parse(got.body.data.content);
  change(doc);
  const res = await t.post('/api/studio/dryRun', { key, content: JSON.stringify(doc) }, analyst);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.problems).toEqual([]);
  return res.body.data.outlines as { page: string; title: string; roles: string[]; lines: any[] }[];
}

describe('dry run: pages whose outline changes', () => {
  it('reports every page of an entity whose field label changes, with the roles that see it', async () => {
    const outlines = await dryRun('entities/topic', (e) => (e.fields.leader.label = '主持人'));
    const topicPages = [...t.ctx.schemas.pages.values()].filter(
      (p) =>
        (p as { entity?: string }).entity === 'topic' &&
        schemaOutline(p, t.ctx.schemas.entities.get('topic')).some((l) => l.includes('（leader）')),
    );
    expect(topicPages.length).toBeGreaterThan(0);
    expect(outlines.map((o) => o.page).sort()).toEqual(topicPages.map((p) => p.id).sort());
    for (const o of outlines) {
      expect(o.lines.some((l) => l.kind === 'removed' && l.text.includes('课题负责人（leader）'))).toBe(true);
      expect(o.lines.some((l) => l.kind === 'added' && l.text.includes('主持人（leader）'))).toBe(true);
      expect(o.lines.every((l) => l.kind !== 'same')).toBe(true);
    }
    // The leaders' own topic list is seen by them (their menu leads there).
    const seen = outlines.filter((o) => o.roles.includes('课题负责人'));
    expect(seen.length).toBeGreaterThan(0);
    expect(outlines.some((o) => o.roles.includes('省级管理员'))).toBe(true);
  });

  it('reports a page whose own field goes, and nothing for a change no reader meets', async () => {
    const key = 'pages/system/accountContact.form';
    const outlines = await dryRun(key, (p) => p.sections[2].fields.pop());
    expect(outlines).toEqual([
      {
        page: 'system/accountContact.form',
        title: '更换手机号/邮箱',
        roles: expect.arrayContaining(['课题负责人', '评审专家', '超级管理员']),
        lines: [{ kind: 'removed', text: expect.stringContaining('邮箱验证码（emailCode）') }],
      },
    ]);
    expect(await dryRun(key, (p) => (p.afterSave = '/personalSettings/contact?id=2'))).toEqual([]);
    expect(await dryRun('entities/topic', (e) => (e.description = '说明'))).toEqual([]);
  });

  it("reports a workflow's new role on the pages of its entity for that role alone", async () => {
    const outlines = await dryRun('workflows/topic', (w) => {
      for (const tr of w.transitions) if (tr.action === 'cityApprove') tr.roles = [...tr.roles, '2'];
    });
    const list = outlines.filter((o) => o.page === 'topics/topic.list');
    expect(list).toEqual([
      {
        page: 'topics/topic.list',
        title: '课题列表',
        roles: ['省级管理员'],
        lines: expect.arrayContaining([
          { kind: 'added', text: expect.stringContaining('审核通过（transition → cityApprove）') },
          { kind: 'added', text: expect.stringContaining('批量通过（transition → cityApprove）') },
        ]),
      },
    ]);
    expect(list[0]!.lines.every((l) => l.kind === 'added')).toBe(true);
  });

  it('groups the roles that meet the same change of a page, apart from those who meet another', async () => {
    const outlines = await dryRun('pages/topics/topic.list', (p) => {
      const link = p.rowActions.find((a: { action?: string }) => a.action === 'cityApprove');
      link.label = '同意推荐';
    });
    expect(outlines).toEqual([
      {
        page: 'topics/topic.list',
        title: '课题列表',
        roles: ['市级管理员'],
        lines: expect.arrayContaining([
          { kind: 'removed', text: expect.stringContaining('审核通过（transition → cityApprove）') },
          { kind: 'added', text: expect.stringContaining('同意推荐（transition → cityApprove）') },
        ]),
      },
    ]);
    expect(outlines[0]!.lines).toHaveLength(2);
  });
});
