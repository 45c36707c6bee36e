import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { rankRows } from './ranking.js';
import { ensureTopicContract, insertTopic } from './review.fixture.js';

type H = Record<string, string>;
let t: TestApp;
let city: H;
let batchId: number;
let ids: Record<string, number>;
const criteria = [{ name: '总体评价', maxScore: 100 }];
const EXPERTS = ['王专家', '赵专家', '钱专家'];

/** Inserts a submitted review directly: scoring itself is tested in reviewRoutes.test.ts. */
async function review(
  targetId: number,
  targetName: string,
  expert: string,
  i: number,
  status: string,
  total: number | null,
) {
  const store = KyselyRecordStore.of(t.ctx.database);
  const e = t.ctx.schemas.entities.get('review')!;
  const now = Date.now();
  await store.insert(e, {
    status,
    ownerId: 1,
    areaCode: '1123',
    createdAt: now,
    updatedAt: now,
    createdBy: 1,
    updatedBy: 1,
    batchId,
    batchName: '排名测试批次',
    stage: '1',
    targetEntity: 'topic',
    targetId,
    targetName,
    expertId: 900 + i,
    expertUserId: null,
    expertName: expert,
    scores: total === null ? null : { 总体评价: total },
    total,
    recommendation: null,
    confidence: null,
    comment: null,
    endTime: null,
    submittedAt: null,
  });
}

async function batchAs(owner: H, name: string) {
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
      expertsPerTopic: 3,
      rule: '2',
      disagreementThreshold: 20,
      criteria,
      recommendations: ['同意立项'],
    },
    owner,
  );
  expect(b.status, JSON.stringify(b.body)).toBe(200);
  return b.body.data.id as number;
}

async function setBatchStatus(id: number, status: string) {
  const store = KyselyRecordStore.of(t.ctx.database);
  const e = t.ctx.schemas.entities.get('reviewBatch')!;
  const b = (await store.get(e, id))!;
  await store.update(e, { ...b, status }, b.version);
}

const decide = (body: Record<string, unknown>, h: H = city) => t.post('/api/review/decide', { batchId, ...body }, h);
const topicOf = async (id: number) =>
  (await KyselyRecordStore.of(t.ctx.database).get(t.ctx.schemas.entities.get('topic')!, id))!;

beforeAll(async () => {
  t = await createTestApp();
  ensureTopicContract(t);
  city = await t.loginAs('city1123');
  const topic = (name: string, status = '1') =>
    insertTopic(t, { name, leader: '张老师', unit: '第一中学', subject: '3', areaCode: '1123', status });
  ids = {
    a: await topic('甲课题'),
    b: await topic('乙课题'),
    c: await topic('丙课题'),
    d: await topic('丁课题'),
    outside: await topic('批外课题', '2'),
  };
  batchId = await batchAs(city, '排名测试批次');
  await setBatchStatus(batchId, '1');
  // rule 2 drops the highest and the lowest: 甲 80, 乙 90, 丙 80 (tie with 甲), 丁 no score yet.
  const scores: Record<string, Array<number | null>> = {
    a: [70, 80, 95],
    b: [90, 60, 91],
    c: [80, 80, 80],
    d: [null, null, null],
  };
  for (const [k, totals] of Object.entries(scores))
    for (const [i, total] of totals.entries())
      await review(
        ids[k]!,
        `${{ a: '甲', b: '乙', c: '丙', d: '丁' }[k]}课题`,
        EXPERTS[i]!,
        i,
        total === null ? '0' : '2',
        total,
      );
});
afterAll(async () => {
  await t?.close();
});

describe('ranked results and decisions', () => {
  it('ranks competition style: ties share a rank, unscored rows last without one', () => {
    const rows = rankRows([
      { targetName: 'b', finalScore: 80, rank: null },
      { targetName: 'x', finalScore: null, rank: null },
      { targetName: 'a', finalScore: 80, rank: null },
      { targetName: 'c', finalScore: 90, rank: null },
      { targetName: 'd', finalScore: 70, rank: null },
    ]);
    expect(rows.map((r) => [r.targetName, r.rank])).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 2],
      ['d', 4],
      ['x', null],
    ]);
  });

  it('lists the batch ranked by aggregate with experts anonymised in a blind batch', async () => {
    const r = await t.post('/api/review/ranking', { batchId }, city);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = r.body.data.rows as Array<Record<string, any>>;
    expect(rows.map((x) => [x.targetName, x.rank, x.finalScore])).toEqual([
      ['乙课题', 1, 90],
      ['丙课题', 2, 80],
      ['甲课题', 2, 80],
      ['丁课题', null, null],
    ]);
    expect(rows[0]).toMatchObject({ spread: 31, disagreement: true, conflicts: 0, decision: null });
    expect(rows[0]!.experts.map((e: any) => e.name)).toEqual(['专家1', '专家2', '专家3']);
    expect(JSON.stringify(r.body)).not.toMatch(/王专家|赵专家|钱专家/);
    expect(rows[3]!.expertScores).toBe('专家1：未提交；专家2：未提交；专家3：未提交');
  });

  it('refuses decisions before the review ends, by another city, on a topic outside the batch, and bad input', async () => {
    const early = await decide({ targetId: ids.a, decision: '1' });
    expect(early.status).toBe(403);
    expect(early.body.result).toBe('评审结束后才能作出决定');
    const end = await t.post('/api/tTopicReview/checkEndReview', { batchId, force: true, reason: '截止' }, city);
    expect(end.status, JSON.stringify(end.body)).toBe(200);
    expect((await topicOf(ids.a!)).status).toBe('2');
    const other = await decide({ targetId: ids.a, decision: '1' }, await t.loginAs('city1101'));
    expect(other.status).toBe(404);
    expect((await t.post('/api/review/ranking', { batchId }, await t.loginAs('city1101'))).status).toBe(404);
    const outside = await decide({ targetId: ids.outside, decision: '1' });
    expect(outside.status).toBe(400);
    expect(JSON.stringify(outside.body)).toContain('该课题不在本评审批次中');
    const bad = await decide({ targetId: ids.a, decision: '9' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('请选择决定');
    expect((await decide({ targetId: ids.a, decision: '1' }, await t.loginAs('expert1'))).status).toBe(403);
  });

  it('carries 立项 and 不立项 through the topic workflow, leaves 待议 as is, and logs each decision', async () => {
    const yes = await decide({ targetId: ids.b, decision: '1', note: '排名第一' });
    expect(yes.status, JSON.stringify(yes.body)).toBe(200);
    expect(yes.body.data).toMatchObject({ decisionLabel: '立项', status: '4' });
    expect((await topicOf(ids.b!)).status).toBe('4');
    const wait = await decide({ targetId: ids.a, decision: '3' });
    expect(wait.status).toBe(200);
    expect((await topicOf(ids.a!)).status).toBe('2');
    const no = await decide({ targetId: ids.c, decision: '2' });
    expect(no.status, JSON.stringify(no.body)).toBe(200);
    expect((await topicOf(ids.c!)).status).toBe('902');
    // 待议 may be decided again; a final decision may not.
    expect((await decide({ targetId: ids.a, decision: '1' })).status).toBe(200);
    const again = await decide({ targetId: ids.b, decision: '2' });
    expect(again.status).toBe(403);
    expect(again.body.result).toContain('不能更改');
    const log = await t.ctx.database.db
      .selectFrom('operation_log')
      .selectAll()
      .where('record_id', '=', ids.b!)
      .where('entity', '=', 'topic')
      .execute();
    expect(log.map((l: any) => l.action)).toEqual(expect.arrayContaining(['reviewDecision', 'cityApprove']));
    expect(log.find((l: any) => l.action === 'reviewDecision')!.comment).toBe('排名测试批次：立项（排名第一）');
    const rows = (await t.post('/api/review/ranking', { batchId }, city)).body.data.rows as Array<Record<string, any>>;
    expect(rows.find((r) => r.targetId === ids.b)).toMatchObject({
      decisionLabel: '立项',
      decisionNote: '排名第一',
      statusLabel: '申报省级审核中',
    });
  });

  it('exports the ranked list with decisions as sheet 排名与决定', async () => {
    const x = await t.inject({ method: 'POST', url: `/api/review/export?batchId=${batchId}`, headers: city });
    expect(x.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('排名与决定')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      '排名',
      '课题名称',
      '总评',
      '平均分',
      '分差',
      '意见分歧',
      '各专家评分',
      '申报回避',
      '当前状态',
      '决定',
      '说明',
    ]);
    const rows = sheet
      .getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows.map((r) => [r[0] ?? '', r[1], r[9]])).toEqual([
      [1, '乙课题', '立项'],
      [2, '丙课题', '不立项'],
      [2, '甲课题', '立项'],
      ['', '丁课题', '未决定'],
    ]);
    expect(rows.map((r) => String(r[6])).join()).not.toMatch(/王专家|赵专家|钱专家/);
  });
});
