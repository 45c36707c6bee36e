import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { newTopic, publishNotice } from '../topics/topics.fixture.js';
import { rng, replaceSynonyms } from './corpus.js';
import { DEMO_REPORTS } from './demoTexts.js';
import { settled } from './later.js';
import { workQueue } from './queue.js';

type H = Record<string, string>;
let t: TestApp;
let h: Record<string, H>;
let original: { id: number; name: string };
let copy: { id: number };
let noticeA: { id: number; version: number };
let noticeB: { id: number; version: number };
let unrelated: { id: number };

const text = (i: number) => DEMO_REPORTS[i].paragraphs.join('\n');
const altered = (i: number, seed: number) =>
  replaceSynonyms(DEMO_REPORTS[i].paragraphs, 0.2, rng(seed)).paragraphs.join('\n');

async function indexAll() {
  await settled(t.ctx);
  while ((await workQueue(t.ctx, undefined, 50, Date.now() + 1)) > 0);
}

async function report(who: H, id: number) {
  return t.post('/api/similarity/report', { subAct: 'a', id }, who);
}

beforeAll(async () => {
  t = await createTestApp();
  h = Object.fromEntries(
    await Promise.all(
      ['admin', 'province', 'city1123', 'city1101', 'leader1', 'leader2', 'expert1'].map(async (u) => [
        u,
        await t.loginAs(u),
      ]),
    ),
  );
  noticeA = await publishNotice(t, h.province, { title: '查重测试通知甲' });
  // The province opens the applicant's own report on this notice and lowers its threshold.
  const draft = await publishNotice(t, h.province, { title: '查重测试通知乙', publish: false });
  const set = await t.post(
    '/api/resource/notice/save',
    { subAct: 'a', id: draft.id, version: draft.version, similaritySelfCheck: true, similarityThreshold: 25 },
    h.province,
  );
  noticeB = (
    await t.post(
      '/api/resource/notice/transition',
      { subAct: 'a', id: draft.id, version: set.body.data.version, action: 'publish' },
      h.province,
    )
  ).body.data;
  original = await newTopic(t, h.leader2, noticeA.id, '原课题', { researchContent: `${text(0)}\n${text(5)}` });
  await indexAll();
  copy = await newTopic(t, h.leader1, noticeB.id, '改写课题', { researchContent: altered(0, 5) });
  unrelated = await newTopic(t, h.leader1, noticeA.id, '无关课题', { researchContent: text(3) });
  await indexAll();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('查重 on the review pages', () => {
  it('flags the altered copy in the city list with its score, and not the unrelated topic', async () => {
    const list = await t.post('/api/resource/topic/list', { subAct: 'a', page: 1, pageSize: 50 }, h.city1123);
    expect(list.status).toBe(200);
    const rows = list.body.data.list as { id: number; name: string; similarity: string; similarityScore: number }[];
    const flagged = rows.find((r) => r.id === copy.id)!;
    expect(flagged.similarity).toBe('2');
    expect(flagged.similarityScore).toBeGreaterThanOrEqual(30);
    expect(rows.find((r) => r.name === '无关课题')!.similarity).toBe('1');
  });

  it("gives the city reviewer the matched topic and the passages side by side, not another city's leader", async () => {
    const r = await report(h.city1123, copy.id);
    expect(r.status).toBe(200);
    expect(r.body.data.verdict).toBe('2');
    const [doc] = r.body.data.documents;
    const [m] = doc.matches;
    expect(m.topicName).toBe('原课题');
    expect(m.samePerson).toBe(false);
    expect(m.owner).toBeNull();
    expect(m.passages.length).toBeGreaterThan(0);
    expect(m.passages[0].theirs).toEqual(expect.any(String));
    const province = await report(h.province, copy.id);
    expect(province.body.data.documents[0].matches[0].owner).toContain('张明');
    expect(province.body.data.documents[0].matches[0].topicId).toBe(original.id);
  });

  it('does not blame the original for its later copy', async () => {
    const r = await report(h.province, original.id);
    expect(r.body.data.verdict).toBe('1');
  });

  it('keeps the report from experts, from other cities, and from the applicant unless the notice allows it', async () => {
    expect((await report(h.expert1, copy.id)).status).toBe(403);
    expect((await report(h.city1101, copy.id)).status).toBe(404);
    // The applicant's tab says the report is closed to them, with nothing of it (not a refusal).
    const closed = await report(h.leader1, unrelated.id);
    expect(closed.status).toBe(200);
    expect(closed.body.data.closed).toBe('本批次未开放申请人查看查重报告');
    expect(closed.body.data.documents).toEqual([]);
  });

  it("shows the applicant's list the verdict only where the notice opens the report to them", async () => {
    const rows = (
      await t.post('/api/resource/topic/list', { subAct: 'a', pageSize: 50, pageId: 'topics/topic.list' }, h.leader1)
    ).body.data.list;
    const row = (id: number) => rows.find((r: { id: number }) => r.id === id);
    expect(row(unrelated.id).similarity ?? null).toBeNull();
    expect(row(unrelated.id).similarityScore ?? null).toBeNull();
    expect(row(copy.id).similarity).toBe('2');
    const one = await t.post('/api/resource/topic/get', { subAct: 'a', id: unrelated.id }, h.leader1);
    expect(one.body.data.similarity ?? null).toBeNull();
    // The city reviewer sees the verdict of the same topic.
    const city = await t.post('/api/resource/topic/get', { subAct: 'a', id: unrelated.id }, h.city1123);
    expect(city.body.data.similarity).toBe('1');
  });

  it('lets only the province set the check of a notice', async () => {
    const byCity = await t.post(
      '/api/resource/notice/save',
      {
        subAct: 'a',
        title: '市级通知',
        stage: 3,
        year: '2026',
        startTime: '2026-01-01 00:00:00',
        endTime: '2026-12-31 00:00:00',
        body: '<p>通知</p>',
        similarityThreshold: 10,
      },
      h.city1123,
    );
    expect(byCity.status).toBe(400);
    expect(JSON.stringify(byCity.body)).toContain('查重设置由省级管理员设置');
  });

  it("shows the applicant their own report where the notice allows it, hiding the other's text and name", async () => {
    const r = await report(h.leader1, copy.id);
    expect(r.status).toBe(200);
    expect(r.body.data.threshold).toBe(25);
    const [m] = r.body.data.documents[0].matches;
    expect(m.topicName).toBe('其他课题');
    expect(m.owner).toBeNull();
    expect(m.passages[0].ours).toEqual(expect.any(String));
    expect(m.passages.every((p: { theirs: unknown }) => p.theirs === null)).toBe(true);
  });

  it("calls a copy of the applicant's own earlier work 本人延续, not plagiarism", async () => {
    const own = await newTopic(t, h.leader2, noticeB.id, '延续课题', { researchContent: altered(5, 9) });
    await indexAll();
    const r = await report(h.province, own.id);
    expect(r.body.data.verdict).toBe('3');
    expect(r.body.data.documents[0].matches[0].samePerson).toBe(true);
  });
});
