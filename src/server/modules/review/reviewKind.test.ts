import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { ensureTopicContract, insertTopic } from './review.fixture.js';

type H = Record<string, string>;
let t: TestApp;
let city: H;
const store = () => KyselyRecordStore.of(t.ctx.database);

async function batch(stage: string, extra: Record<string, unknown> = {}) {
  const b = await t.post(
    '/api/resource/reviewBatch/save',
    {
      name: `阶段${stage}评审`,
      level: '1',
      stage,
      targetEntity: 'topic',
      startTime: '2020-01-01 00:00:00',
      endTime: '2099-12-31 23:59:59',
      blind: true,
      outOfArea: false,
      expertsPerTopic: 1,
      rule: '1',
      ...extra,
    },
    city,
  );
  expect(b.status, JSON.stringify(b.body)).toBe(200);
  return (await store().get(t.ctx.schemas.entities.get('reviewBatch')!, b.body.data.id as number))!;
}

beforeAll(async () => {
  t = await createTestApp();
  ensureTopicContract(t);
  city = await t.loginAs('city1123');
});
afterAll(async () => {
  await t?.close();
});

describe('each review kind speaks its stage', () => {
  it('a new batch left without a template takes its stage’s options, criteria and note; one given its own keeps them', async () => {
    const names = (b: Record<string, unknown>) =>
      (b.recommendations as Array<string | { name: string }>).map((o) => (typeof o === 'string' ? o : o.name));
    const crit = (b: Record<string, unknown>) => (b.criteria as Array<{ name: string }>).map((c) => c.name);
    const closing = await batch('5');
    expect(names(closing)).toEqual(['同意结题', '修改后结题', '暂缓结题']);
    expect(crit(closing)).toEqual(['目标完成', '成果质量', '成果应用']);
    expect(closing.description).toContain('结题');
    const mid = await batch('3');
    expect(names(mid)).toEqual(['同意通过中期检查', '整改后继续研究', '不同意通过中期检查']);
    expect(crit(mid)).toEqual(['研究进展', '阶段成果', '问题与调整']);
    const appraisal = await batch('4');
    expect(names(appraisal)).toEqual(['同意通过鉴定', '修改后通过鉴定', '不同意通过鉴定']);
    const apply = await batch('1');
    expect(names(apply)).toEqual(['同意立项', '修改后立项', '不同意立项']);
    const opening = await batch('2');
    expect(names(opening)).toEqual(['同意开题', '修改后开题', '不同意开题']);
    expect(crit(opening)).toEqual(['研究方案', '可行性', '预期成果']);
    expect(opening.description).toContain('开题报告');
    // No kind's wording leaks into another's.
    for (const b of [closing, mid, appraisal, opening]) expect(JSON.stringify(b.recommendations)).not.toContain('立项');
    const own = await batch('5', {
      criteria: [{ name: '总体', maxScore: 100 }],
      recommendations: ['通过'],
      description: '自定说明',
    });
    expect([crit(own), names(own), own.description]).toEqual([['总体'], ['通过'], '自定说明']);
    // The organiser edits the copy.
    const edited = await t.post(
      '/api/resource/reviewBatch/save',
      { ...closing, recommendations: [{ name: '同意结题' }, { name: '不同意结题' }] },
      city,
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(names((await store().get(t.ctx.schemas.entities.get('reviewBatch')!, closing.id))!)).toEqual([
      '同意结题',
      '不同意结题',
    ]);
  });

  it('the 决定 dialog of an ended 中期 batch offers only what the workflow carries out, in 中期 words', async () => {
    const b = await batch('3');
    const topicId = await insertTopic(t, {
      name: '中期决定课题',
      leader: '张老师',
      unit: '第一中学',
      subject: '3',
      areaCode: '1123',
      status: '11',
      stage: 3,
    });
    const topicDef = t.ctx.schemas.entities.get('topic')!;
    const topic = (await store().get(topicDef, topicId))!;
    await store().update(
      topicDef,
      { ...topic, reviewResults: { '3': { batchId: b.id, batchName: b.name, finalScore: 80, experts: 1 } } },
      topic.version,
    );
    const now = Date.now();
    await store().insert(t.ctx.schemas.entities.get('review')!, {
      status: '2',
      ownerId: 1,
      areaCode: '1123',
      createdAt: now,
      updatedAt: now,
      createdBy: 1,
      updatedBy: 1,
      batchId: b.id,
      batchName: b.name,
      stage: '3',
      targetEntity: 'topic',
      targetId: topicId,
      targetName: '中期决定课题',
      expertId: 901,
      expertUserId: null,
      expertName: '王专家',
      scores: { 研究进展: 30, 阶段成果: 25, 问题与调整: 25 },
      total: 80,
    });
    const batchDef = t.ctx.schemas.entities.get('reviewBatch')!;
    const cur = (await store().get(batchDef, b.id))!;
    await store().update(batchDef, { ...cur, status: '2' }, cur.version);

    const rowAs = async (h: H) => {
      const r = await t.post('/api/review/ranking', { batchId: b.id }, h);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.rows[0];
    };
    // The province cannot carry a decision from 中期报告市级审核中: only 待议 is offered, never 立项.
    const province = await t.loginAs('province');
    expect((await rowAs(province)).decisions).toEqual([{ value: '3', label: '待议' }]);
    // The batch's city chair is offered the 中期 decisions, worded for 中期.
    expect((await rowAs(city)).decisions).toEqual([
      { value: '1', label: '通过中期检查' },
      { value: '2', label: '不通过中期检查' },
      { value: '3', label: '待议' },
    ]);
    const d = await t.post('/api/review/decide', { batchId: b.id, targetId: topicId, decision: '1' }, city);
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(d.body.data).toMatchObject({ decisionLabel: '通过中期检查', status: '13' });
    const after = await rowAs(city);
    expect([after.decisionLabel, after.decisions]).toEqual(['通过中期检查', []]);
  });

  it('a 开题 batch takes a topic from 开题报告市级审核中 into 开题报告市级评审中, its end brings it back, and the 决定 dialog offers 开题 decisions the status allows', async () => {
    const topicDef = t.ctx.schemas.entities.get('topic')!;
    const statusOf = async (id: number) => (await store().get(topicDef, id))!.status;
    const province = await t.loginAs('province');
    const e = await t.post(
      '/api/resource/expert/save',
      { enabled: true, name: '开题专家', unit: '师范学院', area: '1101', subject: '3', mobile: '13900000021' },
      province,
    );
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    const topicId = await insertTopic(t, {
      name: '开题评审课题',
      leader: '李老师',
      unit: '第二中学',
      subject: '3',
      areaCode: '1123',
      status: '7',
      stage: 2,
    });
    const b = await batch('2', { blind: false });
    const c = await t.post('/api/review/candidates', { batchId: b.id }, city);
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.data.targets.map((x: { id: number }) => x.id)).toContain(topicId);
    const a = await t.post('/api/review/allocate', { batchId: b.id, mode: 'auto', targetIds: [topicId] }, city);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(await statusOf(topicId)).toBe('5');
    expect(t.ctx.schemas.dictionaries.get('sjzt')!.options.find((o) => o.value === '5')?.text).toBe(
      '开题报告市级评审中',
    );

    // The expert's score, in the batch's 开题 criteria; then the chair ends the review.
    const reviewDef = t.ctx.schemas.entities.get('review')!;
    const [task] = (
      await store().list(reviewDef, {
        where: { t: 'cmp', field: 'batchId', op: '=', value: b.id },
        sort: [{ field: 'id', order: 'asc' }],
        offset: 0,
        limit: 5,
      })
    ).rows;
    expect(task).toBeDefined();
    await store().update(
      reviewDef,
      {
        ...task!,
        status: '2',
        scores: { 研究方案: 34, 可行性: 25, 预期成果: 26 },
        total: 85,
        recommendation: '同意开题',
      },
      task!.version,
    );
    const end = await t.post('/api/tTopicReview/checkEndReview', { batchId: b.id }, city);
    expect(end.status, JSON.stringify(end.body)).toBe(200);
    expect(await statusOf(topicId)).toBe('7');
    expect((await store().get(topicDef, topicId))!.reviewResults).toMatchObject({ '2': { batchId: b.id } });

    const rowAs = async (h: H) => {
      const r = await t.post('/api/review/ranking', { batchId: b.id }, h);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.rows.find((x: { targetId: number }) => x.targetId === topicId);
    };
    // At 开题报告市级审核中 only the city decides: the province is offered 待议 alone.
    expect((await rowAs(province)).decisions).toEqual([{ value: '3', label: '待议' }]);
    expect((await rowAs(city)).decisions).toEqual([
      { value: '1', label: '通过开题' },
      { value: '2', label: '不通过开题' },
      { value: '3', label: '待议' },
    ]);
    const d = await t.post('/api/review/decide', { batchId: b.id, targetId: topicId, decision: '1' }, city);
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(d.body.data).toMatchObject({ decisionLabel: '通过开题', status: '8' });
  });
});
