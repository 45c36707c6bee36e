import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { ensureTopicContract, insertTopic } from './review.fixture.js';

type H = Record<string, string>;
let t: TestApp;
let city: H;
let e1: H;
let topicId: number;
const criteria = [
  { name: '选题价值', maxScore: 50 },
  { name: '研究设计', maxScore: 50 },
];

async function newBatch(name: string) {
  const b = await t.post(
    '/api/resource/reviewBatch/save',
    {
      name,
      level: '1',
      stage: '1',
      targetEntity: 'topic',
      startTime: '2020-01-01 00:00:00',
      endTime: '2099-12-31 23:59:59',
      blind: true,
      outOfArea: false,
      expertsPerTopic: 2,
      rule: '1',
      disagreementThreshold: 20,
      criteria,
      recommendations: ['同意立项'],
    },
    city,
  );
  expect(b.status, JSON.stringify(b.body)).toBe(200);
  return b.body.data.id as number;
}

async function tasks(h: H, batchId: number) {
  // As 评审列表 asks (its page's fixed filter: the task statuses an expert works on or has done).
  const r = await t.post(
    '/api/resource/review/list',
    {
      pageId: 'review/review.list',
      pageSize: 100,
      filters: [
        { field: 'batchId', op: 'eq', value: batchId },
        { field: 'status', op: 'in', value: ['0', '1', '2', '3'] },
      ],
    },
    h,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.list as Array<Record<string, any>>;
}

beforeAll(async () => {
  t = await createTestApp();
  ensureTopicContract(t);
  city = await t.loginAs('city1123');
  topicId = await insertTopic(t, {
    name: '家校协同育人研究',
    leader: '马明',
    unit: '第十中学',
    subject: '3',
    areaCode: '1123',
    status: '2',
  });
  const province = await t.loginAs('province');
  for (const [i, v] of [
    ['王专家', 'expert1'],
    ['赵专家', 'expert2'],
    ['钱专家', 'expertq'],
    ['孙专家', 'experts'],
  ].entries()) {
    const r = await t.post(
      '/api/resource/expert/save',
      {
        enabled: true,
        name: v[0],
        unit: `单位${i}`,
        area: '1123',
        subject: '3',
        mobile: `1390000010${i}`,
        account: v[1],
      },
      province,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  e1 = await t.loginAs('expert1');
});
afterAll(async () => {
  await t?.close();
});

describe('conflicts and declines', () => {
  it('an expert declares a conflict, the task leaves their list, the chair confirms a replacement that keeps the rules; a later batch never pairs them again', async () => {
    const batchId = await newBatch('回避测试批次');
    const manual = await t.post(
      '/api/review/allocate',
      { batchId, mode: 'manual', targetIds: [topicId], pairs: [] },
      city,
    );
    expect(manual.status).toBe(400);
    const experts = (await t.post('/api/review/candidates', { batchId }, city)).body.data.experts as Array<{
      id: number;
      name: string;
    }>;
    const id = (n: string) => experts.find((e) => e.name === n)!.id;
    const a = await t.post(
      '/api/review/allocate',
      {
        batchId,
        mode: 'manual',
        targetIds: [topicId],
        pairs: [
          { targetId: topicId, expertId: id('王专家') },
          { targetId: topicId, expertId: id('赵专家') },
        ],
      },
      city,
    );
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const [mine] = await tasks(e1, batchId);
    expect(mine).toBeTruthy();

    // Bad input changes nothing; another expert cannot touch the task.
    expect(
      JSON.stringify(
        (await t.post('/api/review/decline', { id: mine!.id, kind: 'conflict', reason: '同事' }, e1)).body,
      ),
    ).toContain('请选择回避类型');
    expect(
      JSON.stringify(
        (await t.post('/api/review/decline', { id: mine!.id, kind: 'conflict', conflictType: '2', reason: ' ' }, e1))
          .body,
      ),
    ).toContain('请填写回避说明');
    expect(
      (
        await t.post(
          '/api/review/decline',
          { id: mine!.id, kind: 'conflict', conflictType: '2', reason: 'x' },
          await t.loginAs('expert2'),
        )
      ).status,
    ).toBe(404);
    expect(
      (await t.post('/api/review/decline', { id: mine!.id, kind: 'conflict', conflictType: '2', reason: 'x' }, city))
        .status,
    ).toBe(403);

    const d = await t.post(
      '/api/review/decline',
      { id: mine!.id, kind: 'conflict', conflictType: '2', reason: '负责人是我指导过的研究生' },
      e1,
    );
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(await tasks(e1, batchId)).toHaveLength(0);
    const listed = await t.post('/api/resource/review/list', { pageSize: 100 }, e1);
    // The door is closed: not even its own record is read through the entity any more.
    expect(listed.body.data.list.some((x: any) => x.id === mine!.id)).toBe(false);
    const again = await t.post('/api/review/score', { id: mine!.id, version: 2, scores: { 选题价值: 10 } }, e1);
    expect(again.status).toBe(403);

    // The chair of another city sees nothing; the batch's own chair gets a proposal.
    expect((await t.post('/api/review/replacement', { id: mine!.id }, await t.loginAs('city1101'))).status).toBe(404);
    const p = await t.post('/api/review/replacement', { id: mine!.id }, city);
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    const names = p.body.data.candidates.map((c: any) => c.name);
    expect(names).not.toContain('王专家');
    expect(names).not.toContain('赵专家');
    expect(names.length).toBeGreaterThan(0);
    expect(p.body.data.review.conflictType).toBe('师生关系');
    const bad = await t.post('/api/review/replace', { id: mine!.id, expertId: id('赵专家') }, city);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('不符合分配规则');
    const ok = await t.post(
      '/api/review/replace',
      { id: mine!.id, expertId: p.body.data.candidates[0].expertId },
      city,
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const prog = (await t.post('/api/review/progress', { batchId }, city)).body.data;
    expect(prog.total).toBe(2);
    expect(prog.left).toEqual([expect.objectContaining({ reviewId: mine!.id, status: '5', declineKind: 'conflict' })]);
    const log = await t.ctx.database.db
      .selectFrom('operation_log')
      .select(['action', 'comment'])
      .where('entity', '=', 'review')
      .where('record_id', '=', mine!.id)
      .execute();
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['declareConflict', 'confirmReplacement']));
    const notices = await t.ctx.database.db
      .selectFrom('notification')
      .select(['kind'])
      .where('kind', 'in', ['reviewDeclined', 'reviewReplaced'])
      .execute();
    expect(notices.length).toBe(2);

    // Remembered: a later batch's allocation never offers expert1 for this topic (once this batch has
    // ended: a topic is reviewed in one running batch at a time).
    const ended = await t.post(
      '/api/tTopicReview/checkEndReview',
      { batchId, force: true, reason: '转入下一批次' },
      city,
    );
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    const later = await newBatch('回避记忆批次');
    const c = (await t.post('/api/review/candidates', { batchId: later }, city)).body.data;
    const row = c.targets.find((x: any) => x.id === topicId);
    expect(row.conflicts.find((x: any) => x.expertId === id('王专家'))?.reasons.join()).toContain('申报回避');
    const refused = await t.post(
      '/api/review/allocate',
      { batchId: later, mode: 'manual', targetIds: [topicId], pairs: [{ targetId: topicId, expertId: id('王专家') }] },
      city,
    );
    expect(refused.status).toBe(400);
    const auto = await t.post('/api/review/allocate', { batchId: later, mode: 'auto', targetIds: [topicId] }, city);
    expect(auto.status, JSON.stringify(auto.body)).toBe(200);
    expect(auto.body.data.assignments.map((x: any) => x.expertId)).not.toContain(id('王专家'));
    const laterEnd = await t.post(
      '/api/tTopicReview/checkEndReview',
      { batchId: later, force: true, reason: '测试结束' },
      city,
    );
    expect(laterEnd.status, JSON.stringify(laterEnd.body)).toBe(200);
  });

  it('a declined task is not handed back to its expert; a submitted task cannot be declined', async () => {
    const batchId = await newBatch('谢绝测试批次');
    const experts = (await t.post('/api/review/candidates', { batchId }, city)).body.data.experts as Array<{
      id: number;
      name: string;
    }>;
    const id = (n: string) => experts.find((e) => e.name === n)!.id;
    const a = await t.post(
      '/api/review/allocate',
      {
        batchId,
        mode: 'manual',
        targetIds: [topicId],
        pairs: [
          { targetId: topicId, expertId: id('赵专家') },
          { targetId: topicId, expertId: id('钱专家') },
        ],
      },
      city,
    );
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const e2 = await t.loginAs('expert2');
    const [task] = await tasks(e2, batchId);
    const d = await t.post(
      '/api/review/decline',
      { id: task!.id, kind: 'decline', reason: '近期出差，无法按时完成' },
      e2,
    );
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    const p = (await t.post('/api/review/replacement', { id: task!.id }, city)).body.data;
    const names = p.candidates.map((c: any) => c.name);
    expect(names).toContain('孙专家');
    expect(names).not.toContain('赵专家');
    expect(names).not.toContain('钱专家');
    const eq = await t.loginAs('expertq');
    const [qt] = await tasks(eq, batchId);
    const s = await t.post(
      '/api/review/score',
      {
        id: qt!.id,
        version: qt!.version,
        scores: { 选题价值: 40, 研究设计: 40 },
        comment: '好',
        recommendation: '同意立项',
        submit: true,
      },
      eq,
    );
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    // Peers' reviews only after one's own submission; the chair reopens with a reason only.
    expect((await t.post('/api/review/peers', { id: task!.id }, e2)).status).toBe(403);
    const peers = await t.post('/api/review/peers', { id: qt!.id }, eq);
    expect(peers.status, JSON.stringify(peers.body)).toBe(200);
    expect(peers.body.data.reviews).toEqual([]);
    expect((await t.post('/api/review/reopen', { id: qt!.id, comment: ' ' }, city)).status).toBe(400);
    expect((await t.post('/api/review/reopen', { id: qt!.id, comment: '请补充研究基础的评分依据' }, city)).status).toBe(
      200,
    );
    const told = await t.ctx.database.db
      .selectFrom('notification')
      .select(['body'])
      .where('kind', '=', 'reviewReopened')
      .execute();
    expect(told.map((n) => n.body)).toContain('退回原因：请补充研究基础的评分依据');
    const again = await t.post(
      '/api/review/score',
      {
        id: qt!.id,
        version: qt!.version + 2,
        scores: { 选题价值: 40, 研究设计: 40 },
        comment: '好',
        recommendation: '同意立项',
        confidence: '2',
        submit: true,
      },
      eq,
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.confidence).toBe('2');
    const late = await t.post('/api/review/decline', { id: qt!.id, kind: 'decline', reason: '不想评' }, eq);
    expect(late.status).toBe(403);
    expect(JSON.stringify(late.body)).toContain('已提交');
  });
});
