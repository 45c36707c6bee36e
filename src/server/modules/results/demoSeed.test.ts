import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoData: true });
});
afterAll(async () => {
  await t?.close();
});

describe('results demo data', () => {
  it('holds notices and results in every status in both demo areas, with files, a duplicate, scores and a review in progress', async () => {
    const province = await t.loginAs('province');
    const notices = (await t.post('/api/resource/achievementNotice/list', { pageSize: 50 }, province)).body.data.list;
    expect(new Set(notices.map((n: any) => n.status))).toEqual(new Set(['0', '1', '2']));
    const leader1 = await t.loginAs('leader1');
    const visible = (await t.post('/api/resource/achievementNotice/list', { pageSize: 50 }, leader1)).body.data.list;
    expect(visible.map((n: any) => n.title)).not.toContain('石家庄市2026年度教研论文征集通知');
    const results = (await t.post('/api/resource/achievement/list', { pageSize: 50 }, province)).body.data.list;
    expect(new Set(results.map((r: any) => r.status))).toEqual(new Set(['1', '2', '3', '4', '5']));
    expect(new Set(results.map((r: any) => r.areaCode))).toEqual(new Set(['1123', '1101']));
    expect(results.some((r: any) => r.duplicateFlag)).toBe(true);
    expect(results.filter((r: any) => r.finalScore !== null).length).toBeGreaterThan(0);
    const mine = (await t.post('/api/resource/achievement/list', { pageSize: 50 }, leader1)).body.data.list;
    expect(mine.some((r: any) => r.status === '0')).toBe(true);
    // Every result's file downloads for its leader.
    const f = mine[0].attachments[0];
    const res = await t.inject({ method: 'GET', url: `/api/file/download?id=${f.id}`, headers: leader1 });
    expect([200, 302]).toContain(res.statusCode);
    const expert = await t.loginAs('expert1');
    const tasks = (await t.post('/api/resource/review/list', { pageSize: 50 }, expert)).body.data.list;
    expect(tasks.some((r: any) => r.targetEntity === 'achievement')).toBe(true);
  });

  it("tells each result's author of its decision as the engine would, and each topic's leader of its return", async () => {
    for (const who of ['leader1', 'leader2']) {
      const h = await t.loginAs(who);
      const results = (await t.post('/api/resource/achievement/list', { pageSize: 50 }, h)).body.data.list;
      const notices = (await t.post('/api/notification/list', { pageSize: 50 }, h)).body.data.list;
      const kinds: Record<string, string> = { '3': 'resultReturned', '4': 'resultApproved', '5': 'resultRejected' };
      const decided = results.filter((r: any) => kinds[r.status]);
      expect(decided.length, who).toBeGreaterThan(0);
      for (const r of decided) {
        const link = `/resultsManagement/resultList/look?id=${r.id}`;
        expect(
          notices.filter((n: any) => n.link === link).map((n: any) => n.kind),
          `${who} ${r.name}`,
        ).toEqual([kinds[r.status]]);
      }
      // Results still waiting (draft, submitted, under review) have no decision notice.
      for (const r of results.filter((x: any) => !kinds[x.status]))
        expect(notices.some((n: any) => n.link === `/resultsManagement/resultList/look?id=${r.id}`)).toBe(false);
    }
    const leader1 = await t.loginAs('leader1');
    const notices = (await t.post('/api/notification/list', { pageSize: 50 }, leader1)).body.data.list;
    const topics = (await t.post('/api/resource/topic/list', { pageSize: 100 }, leader1)).body.data.list;
    const returned = topics.filter((x: any) =>
      ['902', '904', '907', '28', '911', '931', '916', '979'].includes(x.status),
    );
    expect(returned.length).toBeGreaterThan(0);
    for (const topic of returned)
      expect(
        notices.some(
          (n: any) =>
            n.kind === 'topicReturned' && n.link === `/projectManagement/projectList/projectDetail?id=${topic.id}`,
        ),
        topic.name,
      ).toBe(true);
  });
});
