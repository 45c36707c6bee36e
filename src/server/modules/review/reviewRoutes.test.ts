import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { batchFields, criteria, ensureTopicContract, insertTopic, splitTotal } from './review.fixture.js';
import { readWorkbook, styledHeader } from '../../platform/testing/xlsxChecks.js';

type H = Record<string, string>;
let t: TestApp;
let city: H;
let topicIds: number[];
let batchId: number;
const SECRET = ['张明远', '第一实验中学', '李秘成员'];

/** Experts of the city are the city admin's; those of another city (and their accounts) the province admin's. */
async function saveExpert(v: Record<string, unknown>) {
  const r = await t.post(
    '/api/resource/expert/save',
    { enabled: true, ...v },
    v.area === '1123' ? city : await t.loginAs('province'),
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

async function tasksOf(h: H) {
  const r = await t.post('/api/resource/review/list', { pageSize: 100 }, h);
  expect(r.status).toBe(200);
  return r.body.data.list as Array<Record<string, any>>;
}

beforeAll(async () => {
  t = await createTestApp();
  ensureTopicContract(t);
  city = await t.loginAs('city1123');
  topicIds = [
    await insertTopic(t, {
      name: '阅读教学研究',
      leader: '张明远',
      unit: '第一实验中学',
      subject: '3',
      areaCode: '1123',
      status: '2',
      members: [{ name: '李秘成员', unit: '第一实验中学' }],
    }),
    await insertTopic(t, {
      name: '劳动教育研究',
      leader: '孙老师',
      unit: '第五中学',
      subject: '2',
      areaCode: '1123',
      status: '2',
    }),
    await insertTopic(t, {
      name: '作业设计研究',
      leader: '周老师',
      unit: '第六中学',
      subject: '3',
      areaCode: '1123',
      status: '1',
    }),
  ];
  await saveExpert({
    name: '王专家',
    unit: '师范大学',
    area: '1123',
    subject: '3',
    mobile: '13900000001',
    account: 'expert1',
  });
  await saveExpert({
    name: '赵专家',
    unit: '教育科学研究所',
    area: '1101',
    subject: '2',
    mobile: '13900000002',
    account: 'expert2',
  });
  await saveExpert({
    name: '钱专家',
    unit: '第一实验中学',
    area: '1123',
    subject: '3',
    mobile: '13900000003',
    account: 'expertq',
  });
  await saveExpert({ name: '孙专家', unit: '第二师范学院', area: '1101', subject: '1', mobile: '13900000004' });
  await saveExpert({
    name: '李秘成员',
    unit: '第九中学',
    area: '1101',
    subject: '3',
    mobile: '13900000005',
    account: 'expertl',
  });
  const b = await t.post(
    '/api/resource/reviewBatch/save',
    {
      name: '2026年立项评审',
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
      recommendations: ['同意立项', '不同意立项'],
    },
    city,
  );
  expect(b.status, JSON.stringify(b.body)).toBe(200);
  batchId = b.body.data.id;
});
afterAll(async () => {
  await t?.close();
});

describe('expert review', () => {
  it('links an expert to an existing user by account and gives it the expert role; a second expert on that account is refused', async () => {
    const r = await t.post(
      '/api/resource/expert/save',
      { name: '重复', unit: 'x', area: '1123', subject: '1', mobile: '13900000009', account: 'expert1', enabled: true },
      city,
    );
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('该账号已关联其他专家');
    const created = await t.ctx.database.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select(['username', 'role_code'])
      .where('username', '=', 'zj13900000004')
      .execute();
    expect(created).toEqual([{ username: 'zj13900000004', role_code: '5' }]);
  });

  it('lists the topics of the stage with their conflicts', async () => {
    const r = await t.post('/api/review/candidates', { batchId }, city);
    expect(r.status).toBe(200);
    const a = r.body.data.targets.find((x: any) => x.id === topicIds[0]);
    expect(a.conflicts.map((c: any) => c.reasons).flat()).toEqual(
      expect.arrayContaining(['专家与课题同单位，须回避', '专家是课题负责人或成员，须回避']),
    );
  });

  it('refuses a manual allocation that breaks a hard rule, naming it', async () => {
    const c = await t.post('/api/review/candidates', { batchId }, city);
    const qian = c.body.data.experts.find((e: any) => e.name === '钱专家');
    const r = await t.post(
      '/api/review/allocate',
      { batchId, mode: 'manual', targetIds: [topicIds[0]], pairs: [{ targetId: topicIds[0], expertId: qian.id }] },
      city,
    );
    expect(r.status).toBe(400);
    expect(r.body.result).toContain('同单位');
    expect(await tasksOf(city)).toHaveLength(0);
  });

  it('auto-allocates 3 experts per topic, fires send-to-review, and notifies the experts', async () => {
    const r = await t.post('/api/review/allocate', { batchId, mode: 'auto', targetIds: topicIds }, city);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.created).toBe(9);
    const topic = t.ctx.schemas.entities.get('topic')!;
    const { KyselyRecordStore } = await import('../../platform/records/RecordStore.js');
    for (const id of topicIds) expect((await KyselyRecordStore.of(t.ctx.database).get(topic, id))!.status).toBe('1');
    const notes = await t.ctx.database.db
      .selectFrom('notification')
      .selectAll()
      .where('kind', '=', 'reviewTask')
      .execute();
    expect(notes.length).toBe(5);
  });

  it("an expert sees only their own tasks, cannot read another expert's task nor a topic, and a blind batch leaks no leader, unit or member", async () => {
    const e1 = await t.loginAs('expert1');
    const e2 = await t.loginAs('expert2');
    const mine = await tasksOf(e1);
    expect(mine.length).toBeGreaterThan(0);
    const e1User = await t.ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'expert1')
      .executeTakeFirstOrThrow();
    expect(mine.every((r) => r.expertUserId === Number(e1User.id))).toBe(true);
    const theirs = await tasksOf(e2);
    expect((await t.post('/api/review/task', { id: theirs[0]!.id }, e1)).status).toBe(404);
    expect((await t.post('/api/resource/review/get', { id: theirs[0]!.id }, e1)).status).toBe(404);
    expect((await t.post('/api/resource/topic/get', { id: topicIds[0] }, e1)).status).toBe(404);
    const answers = [JSON.stringify(mine)];
    for (const r of mine) answers.push(JSON.stringify((await t.post('/api/review/task', { id: r.id }, e1)).body));
    for (const a of answers) for (const s of SECRET) expect(a).not.toContain(s);
    const task = (await t.post('/api/review/task', { id: mine[0]!.id }, e1)).body.data;
    expect(task.target.name).toBeTruthy();
    expect(task.batch.criteria).toHaveLength(3);
  });

  it("refuses scores outside a criterion's range, keeps drafts, locks after submit, and one of two concurrent submits wins", async () => {
    const e1 = await t.loginAs('expert1');
    const [task] = await tasksOf(e1);
    const bad = await t.post(
      '/api/review/score',
      { id: task!.id, version: task!.version, scores: { 选题价值: 31 } },
      e1,
    );
    expect(bad.status).toBe(400);
    // A field message at the criterion's own input, and nothing stored (no silent clamp to 30).
    expect(bad.body.data).toEqual([
      expect.objectContaining({ field: 'scores.选题价值', message: '「选题价值」的得分须在0到30之间' }),
    ]);
    expect((await t.post('/api/review/task', { id: task!.id }, e1)).body.data.review).toMatchObject({
      status: '0',
      scores: null,
    });
    const draft = await t.post(
      '/api/review/score',
      { id: task!.id, version: task!.version, scores: { 选题价值: 20 } },
      e1,
    );
    expect(draft.status).toBe(200);
    expect(draft.body.data.status).toBe('1');
    // A submit missing several things is told all of them at once, each at its field.
    const lacking = { id: task!.id, version: draft.body.data.version, scores: { 选题价值: 20 }, submit: true };
    const refused = (await t.post('/api/review/score', lacking, e1)).body.data as Array<{ field: string }>;
    expect(refused.map((p) => p.field)).toEqual(['scores.研究设计', 'scores.研究基础', 'recommendation', 'comment']);
    const body = {
      id: task!.id,
      version: draft.body.data.version,
      scores: { 选题价值: 20, 研究设计: 30, 研究基础: 20 },
      recommendation: '同意立项',
      comment: '选题有价值',
      submit: true,
    };
    const [a, b] = await Promise.all([t.post('/api/review/score', body, e1), t.post('/api/review/score', body, e1)]);
    expect([a.status, b.status].filter((x) => x === 200)).toHaveLength(1);
    expect([403, 409]).toContain(a.status === 200 ? b.status : a.status);
    const submits = await t.ctx.database.db
      .selectFrom('operation_log')
      .select('id')
      .where('entity', '=', 'review')
      .where('action', '=', 'submitScore')
      .execute();
    expect(submits).toHaveLength(1);
    const again = await t.post('/api/review/score', { ...body, version: draft.body.data.version + 1 }, e1);
    expect(again.status).toBe(403);
    // The template is frozen now: changing the criteria is refused.
    const batch = (await t.post('/api/resource/reviewBatch/get', { id: batchId }, city)).body.data;
    const change = await t.post(
      '/api/resource/reviewBatch/save',
      { ...batchFields(batch), criteria: [{ name: '总体', maxScore: 100 }] },
      city,
    );
    expect(change.status).toBe(400);
    expect(JSON.stringify(change.body)).toContain('复制');
  });

  it('shows progress, reminds the missing experts, refuses to end with open tasks, and ends with results on the topics', async () => {
    const p = await t.post('/api/review/progress', { batchId }, city);
    expect(p.body.data.total).toBe(9);
    expect(p.body.data.submitted).toBe(1);
    const rem = await t.post('/api/review/remind', { batchId }, city);
    expect(rem.body.data.reminded).toBe(p.body.data.missing.length);
    // Every expert submits their tasks on topic 2: totals 60, 70, 95 → trimmed mean 70, spread 35.
    const planned = [60, 70, 95];
    const reviews = (await tasksOf(city)).filter((r) => r.targetId === topicIds[1] && r.status !== '2');
    const done = (await tasksOf(city)).filter((r) => r.targetId === topicIds[1] && r.status === '2');
    const totals: number[] = done.map((r) => r.total);
    for (const r of reviews) {
      const user = await t.ctx.database.db
        .selectFrom('users')
        .select('username')
        .where('id', '=', r.expertUserId)
        .executeTakeFirstOrThrow();
      const h = await t.loginAs(user.username, '5');
      const want = planned.find((x) => !totals.includes(x))!;
      totals.push(want);
      const s = await t.post(
        '/api/review/score',
        {
          id: r.id,
          version: r.version,
          scores: { 选题价值: 0, 研究设计: 0, 研究基础: 0, ...splitTotal(want) },
          recommendation: '同意立项',
          comment: '意见',
          submit: true,
        },
        h,
      );
      expect(s.status, JSON.stringify(s.body)).toBe(200);
    }
    const refused = await t.post('/api/tTopicReview/checkEndReview', { batchId }, city);
    expect(refused.status).toBe(400);
    expect(refused.body.result).toContain('未提交');
    expect((await t.post('/api/tTopicReview/checkEndReview', { batchId, force: true }, city)).status).toBe(400);
    const end = await t.post(
      '/api/tTopicReview/checkEndReview',
      { batchId, force: true, reason: '截止时间已到' },
      city,
    );
    expect(end.status, JSON.stringify(end.body)).toBe(200);
    const sorted = [...totals].sort((x, y) => x - y);
    const expected = sorted.length >= 3 ? sorted.slice(1, -1).reduce((x, y) => x + y, 0) / (sorted.length - 2) : 0;
    const topic = (await t.post('/api/resource/topic/get', { id: topicIds[1] }, city)).body.data;
    expect(topic.status).toBe('2');
    expect(topic.reviewResults['1'].finalScore).toBe(Math.round(expected * 100) / 100);
    expect(topic.reviewResults['1'].spread).toBe(sorted[sorted.length - 1]! - sorted[0]!);
    expect(topic.reviewResults['1'].disagreement).toBe(sorted[sorted.length - 1]! - sorted[0]! > 20);
    const after = (await t.post('/api/review/progress', { batchId }, city)).body.data;
    expect(after.batch.status).toBe('2');
    // The tasks left open by the forced end are closed, so no expert keeps a task they can no longer do.
    const left = (await tasksOf(city)).filter((r) => r.batchId === batchId && r.status !== '2');
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((r) => r.status === '3')).toBe(true);
    const someone = await t.ctx.database.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', left[0]!.expertUserId)
      .executeTakeFirstOrThrow();
    const home = await t.post(
      '/api/workbench/data',
      { pageId: 'workbench/home.dashboard' },
      await t.loginAs(someone.username, '5'),
    );
    const homeIds = (home.body.data.blocks as Array<{ rows?: Array<{ id: number }> } | null>).flatMap(
      (b) => b?.rows?.map((r) => r.id) ?? [],
    );
    expect(homeIds.filter((id) => left.some((r) => r.id === id))).toEqual([]);
    expect(after.targets.find((r: any) => r.targetId === topicIds[1]).result).toMatchObject({
      finalScore: topic.reviewResults['1'].finalScore,
      disagreement: topic.reviewResults['1'].disagreement,
    });
    const x = await t.inject({ method: 'POST', url: '/api/review/export', payload: { batchId }, headers: city });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-disposition']).toContain('.xlsx');
    expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // The workbook read back: per topic each expert's total, the aggregate and the flag, experts unnamed (blind).
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const rows = (name: string) =>
      wb
        .getWorksheet(name)!
        .getSheetValues()
        .slice(2)
        .map((r) => (r as unknown[]).slice(1));
    const looks = await readWorkbook(x.rawPayload);
    expect(looks.map((l) => [l.name, styledHeader(l), l.frozenRows])).toEqual([
      ['评审汇总', true, 1],
      ['专家评分', true, 1],
      ['排名与决定', true, 1],
    ]);
    const head = (wb.getWorksheet('评审汇总')!.getRow(1).values as unknown[]).slice(1);
    expect(head).toEqual([
      '课题名称',
      '专家人数',
      '已提交',
      '各专家总分',
      '总评',
      '平均分',
      '分差',
      '标准差',
      '意见分歧',
      '推荐意见',
      '结果',
    ]);
    const row = rows('评审汇总').find((r) => r[0] === '劳动教育研究')!;
    expect(row.slice(1, 3)).toEqual([3, 3]);
    expect(
      String(row[3])
        .split('；')
        .every((x) => /^专家\d：\d+分$/.test(x)),
    ).toBe(true);
    expect(String(row[3])).not.toMatch(/王专家|赵专家|钱专家|孙专家/);
    expect([...String(row[3]).matchAll(/(\d+)分/g)].map((m) => Number(m[1])).sort((a, b) => a - b)).toEqual(sorted);
    expect(row[4]).toBe(topic.reviewResults['1'].finalScore);
    expect(row[6]).toBe(topic.reviewResults['1'].spread);
    expect(row[8]).toBe(topic.reviewResults['1'].disagreement ? '分歧较大' : '一致');
    expect(row[10]).toBe('评审已结束');
    const scores = rows('专家评分').filter((r) => r[0] === '劳动教育研究');
    expect(scores.map((r) => r[5]).sort((a, b) => Number(a) - Number(b))).toEqual(sorted);
    expect(scores.every((r) => r[8] === '已提交')).toBe(true);
    // The province too, with the batch in the query (a list row's download); an expert is refused.
    const q = await t.inject({
      method: 'POST',
      url: `/api/review/export?batchId=${batchId}`,
      headers: await t.loginAs('province'),
    });
    expect(q.statusCode).toBe(200);
    expect(q.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/api/review/export?batchId=${batchId}`,
          headers: await t.loginAs('expert1'),
        })
      ).statusCode,
    ).toBe(403);
  });
});
