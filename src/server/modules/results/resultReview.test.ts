import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { formatDateTime } from '../../platform/records/time.js';
import { pdfBytes } from '../topics/demoFiles.js';
import { fileTestClient } from '../../platform/testing/fileTestClient.js';
import { ensureTopicContract, insertTopic } from '../review/review.fixture.js';

type H = Record<string, string>;
let t: TestApp;
let province: H;
let leader1: H;
const criteria = [
  { name: '创新性', maxScore: 50 },
  { name: '实用性', maxScore: 50 },
];

async function ok(url: string, body: unknown, h: H) {
  const r = await t.post(url, body, h);
  expect(r.status, `${url} ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.data;
}

/**
 * One expert review from start to end through the review engine's endpoints, whatever the kind of
 * record (a topic's review is its city's, a result's the province's): a batch naming the target entity, a manual allocation of two experts, their scores, the
 * end. Answers the batch id and the experts' task answers.
 */
async function review(
  admin: H,
  targetEntity: string,
  stage: string,
  targetId: number,
  scores: Array<[number, number]>,
) {
  const batch = await ok(
    '/api/resource/reviewBatch/save',
    {
      name: `${targetEntity}评审`,
      level: '2',
      stage,
      targetEntity,
      startTime: '2020-01-01 00:00:00',
      endTime: '2099-12-31 23:59:59',
      blind: true,
      outOfArea: false,
      expertsPerTopic: 2,
      rule: '1',
      disagreementThreshold: 20,
      criteria,
      recommendations: ['优秀', '合格'],
    },
    admin,
  );
  const cand = await ok('/api/review/candidates', { batchId: batch.id }, admin);
  expect(cand.targets.map((x: { id: number }) => x.id)).toContain(targetId);
  const experts = ['王专家', '赵专家'].map((n) => cand.experts.find((e: { name: string }) => e.name === n).id);
  const alloc = await ok(
    '/api/review/allocate',
    {
      batchId: batch.id,
      mode: 'manual',
      targetIds: [targetId],
      pairs: experts.map((expertId: number) => ({ targetId, expertId })),
    },
    admin,
  );
  expect(alloc.created).toBe(2);
  const tasks = [];
  for (const [i, account] of ['expert1', 'expert2'].entries()) {
    const h = await t.loginAs(account, '5');
    const list = await ok('/api/resource/review/list', { pageSize: 50 }, h);
    const mine = list.list.find((r: { batchId: number }) => r.batchId === batch.id);
    const task = await ok('/api/review/task', { id: mine.id }, h);
    tasks.push(task);
    const [a, b] = scores[i]!;
    await ok(
      '/api/review/score',
      {
        id: mine.id,
        version: mine.version,
        scores: { 创新性: a, 实用性: b },
        recommendation: '优秀',
        comment: '成果扎实',
        submit: true,
      },
      h,
    );
  }
  await ok('/api/tTopicReview/checkEndReview', { batchId: batch.id }, admin);
  return { batchId: batch.id as number, tasks };
}

beforeAll(async () => {
  t = await createTestApp();
  ensureTopicContract(t);
  province = await t.loginAs('province');
  leader1 = await t.loginAs('leader1');
  for (const e of [
    { name: '王专家', unit: '师范大学', area: '1123', subject: '3', mobile: '13900000101', account: 'expert1' },
    { name: '赵专家', unit: '教育科学研究所', area: '1101', subject: '2', mobile: '13900000102', account: 'expert2' },
  ])
    await ok('/api/resource/expert/save', { ...e, enabled: true }, province);
});
afterAll(async () => {
  await t?.close();
});

describe('result review on the review engine', () => {
  it('reviews a result and a topic through the same endpoints; the scores land on each record', async () => {
    const notice = await ok(
      '/api/resource/achievementNotice/save',
      {
        title: '2026年度成果征集',
        year: '2026',
        body: '<p>征集</p>',
        startTime: formatDateTime(Date.now() - 3_600_000),
        endTime: formatDateTime(Date.now() + 3_600_000),
      },
      province,
    );
    await ok(
      '/api/resource/achievementNotice/transition',
      { id: notice.id, action: 'publish', version: notice.version },
      province,
    );
    const up = await fileTestClient(t, leader1).send(pdfBytes('a reviewed paper'), '论文.pdf', {
      belongType: 'achievement.attachments',
    });
    const fileId = (up as { file: { id: number } }).file.id;
    const draft = await ok(
      '/api/resource/achievement/save',
      {
        noticeId: notice.id,
        kind: '1',
        name: '基于项目的学习实践研究',
        subject: '3',
        unit: '第一实验中学',
        authors: [{ name: '张明远', unit: '第一实验中学' }, { name: '李秘作者' }],
        attachments: [fileId],
      },
      leader1,
    );
    const result = await ok(
      '/api/resource/achievement/transition',
      { id: draft.id, action: 'submit', version: draft.version },
      leader1,
    );
    const topicId = await insertTopic(t, {
      name: '作业设计研究',
      leader: '周老师',
      unit: '第六中学',
      subject: '3',
      areaCode: '1123',
      status: '2',
    });

    const onResult = await review(province, 'achievement', '4', result.id, [
      [40, 40],
      [30, 40],
    ]);
    const onTopic = await review(await t.loginAs('city1123'), 'topic', '1', topicId, [
      [45, 45],
      [35, 35],
    ]);

    // A blind batch hands the expert the result without its authors or unit, but with its files.
    for (const task of onResult.tasks) {
      const text = JSON.stringify(task);
      for (const secret of ['张明远', '李秘作者', '第一实验中学']) expect(text).not.toContain(secret);
      expect(task.target.name).toBe('基于项目的学习实践研究');
      expect(task.target.attachments[0].fileName).toBe('论文.pdf');
    }
    const rec = await ok('/api/resource/achievement/get', { id: result.id }, province);
    expect(rec.status).toBe('1');
    expect(rec.reviewResults['4']).toMatchObject({
      batchId: onResult.batchId,
      finalScore: 75,
      count: 2,
      recommendation: '优秀',
    });
    expect(rec.finalScore).toBe(75);
    const topic = await ok('/api/resource/topic/get', { id: topicId }, province);
    expect(topic.status).toBe('2');
    expect(topic.reviewResults['1']).toMatchObject({ batchId: onTopic.batchId, finalScore: 80, count: 2 });
    // The leader sees the score on their result; its log names the review.
    expect((await ok('/api/resource/achievement/get', { id: result.id }, leader1)).finalScore).toBe(75);
    const log = await ok('/api/resource/achievement/log', { id: result.id }, province);
    expect(JSON.stringify(log)).toContain('专家评审结果');
  });

  it("allocates only submitted results in the admin's scope, and refuses a stage the results review lacks", async () => {
    const city = await t.loginAs('city1101');
    const batch = await ok(
      '/api/resource/reviewBatch/save',
      {
        name: '市级成果评审',
        level: '1',
        stage: '4',
        targetEntity: 'achievement',
        startTime: '2020-01-01 00:00:00',
        endTime: '2099-12-31 23:59:59',
        expertsPerTopic: 1,
        rule: '1',
        criteria,
      },
      city,
    );
    expect((await ok('/api/review/candidates', { batchId: batch.id }, city)).targets).toEqual([]);
    const wrong = await ok(
      '/api/resource/reviewBatch/save',
      {
        name: '错误阶段',
        level: '2',
        stage: '1',
        targetEntity: 'achievement',
        startTime: '2020-01-01 00:00:00',
        endTime: '2099-12-31 23:59:59',
        expertsPerTopic: 1,
        rule: '1',
        criteria,
      },
      province,
    );
    const r = await t.post('/api/review/candidates', { batchId: wrong.id }, province);
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('该评审阶段没有专家评审');
  });
});
