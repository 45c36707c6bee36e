import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { ensureTopicContract, insertTopic } from './review.fixture.js';

let t: TestApp;
let city: Record<string, string>;
let batchId: number;
let topicIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  ensureTopicContract(t);
  city = await t.loginAs('city1123');
  topicIds = [
    await insertTopic(t, {
      name: '阅读教学研究',
      leader: '张老师',
      unit: '第一中学',
      subject: '3',
      areaCode: '1123',
      status: '2',
    }),
    await insertTopic(t, {
      name: '劳动教育研究',
      leader: '孙老师',
      unit: '第五中学',
      subject: '2',
      areaCode: '1123',
      status: '2',
    }),
  ];
  const experts = [
    ['王专家', '13900000101', '师范大学'],
    ['赵专家', '13900000102', '教科所'],
    ['钱专家', '13900000103', '第二师范学院'],
    ['孙专家', '13900000104', '第九中学'],
  ];
  for (const [name, mobile, unit] of experts) {
    const r = await t.post(
      '/api/resource/expert/save',
      { name, unit, area: '1123', subject: '3', mobile, enabled: true },
      city,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  const b = await t.post(
    '/api/resource/reviewBatch/save',
    {
      name: '并发分配',
      level: '1',
      stage: '1',
      targetEntity: 'topic',
      startTime: '2020-01-01 00:00:00',
      endTime: '2099-12-31 23:59:59',
      blind: false,
      outOfArea: false,
      expertsPerTopic: 3,
      rule: '1',
      disagreementThreshold: 20,
      criteria: [{ name: '总体', maxScore: 100 }],
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

describe('automatic allocation under a race', () => {
  it('tells exactly one of 50 parallel callers that it succeeded, and allocates once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.post('/api/review/allocate', { batchId, mode: 'auto', targetIds: topicIds }, city),
      ),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.body.data.created).toBe(6);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(409);
      expect(a.body.result).toMatch(/已分配足够的专家|已被他人修改/);
    }
    const tasks = await t.ctx.database.db
      .selectFrom('operation_log')
      .select('id')
      .where('entity', '=', 'review')
      .where('action', '=', 'allocate')
      .execute();
    expect(tasks).toHaveLength(6);
  });

  it('refuses a repeat on full topics rather than calling it a success', async () => {
    const again = await t.post('/api/review/allocate', { batchId, mode: 'auto', targetIds: topicIds }, city);
    expect(again.status).toBe(409);
    expect(again.body.result).toBe('所选课题已分配足够的专家，无需再分配');
  });
});
