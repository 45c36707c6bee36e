import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { ensureTopicContract, insertTopic } from './review.fixture.js';

type H = Record<string, string>;
let t: TestApp;
let reviews: Record<string, number>;
let batchId: number;

async function userId(username: string): Promise<number> {
  const u = await t.ctx.database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return Number(u.id);
}

/** One blind batch of city 1123 with one topic and three experts: two submitted, one (multi) still drafting. */
beforeAll(async () => {
  t = await createTestApp();
  ensureTopicContract(t);
  const store = KyselyRecordStore.of(t.ctx.database);
  const E = (n: string) => t.ctx.schemas.entities.get(n)!;
  const city = await userId('city1123');
  const now = Date.now();
  const sys = { ownerId: city, areaCode: '1123', createdAt: now, updatedAt: now, createdBy: city, updatedBy: city };
  const topicId = await insertTopic(t, {
    name: '阅读教学研究',
    leader: '张明远',
    unit: '第一实验中学',
    subject: '3',
    areaCode: '1123',
    status: '1',
  });
  batchId = await store.insert(E('reviewBatch'), {
    ...sys,
    status: '1',
    name: '2026年立项评审',
    level: '1',
    stage: '1',
    targetEntity: 'topic',
    blind: true,
    startTime: '2020-01-01 00:00:00',
    endTime: '2099-12-31 23:59:59',
    expertsPerTopic: 3,
    rule: '2',
    scoreMode: '1',
    criteria: [{ name: '选题价值', maxScore: 100 }],
    recommendations: [{ name: '同意立项' }],
  });
  reviews = {};
  for (const [account, name, status] of [
    ['expert1', '王专家', '2'],
    ['expert2', '赵专家', '2'],
    ['multi', '刘老师', '1'],
  ] as const) {
    reviews[account] = await store.insert(E('review'), {
      ...sys,
      status,
      batchId,
      batchName: '2026年立项评审',
      stage: '1',
      targetEntity: 'topic',
      targetId: topicId,
      targetName: '阅读教学研究',
      expertId: 1,
      expertUserId: await userId(account),
      expertName: name,
      scores: status === '2' ? { 选题价值: 80 } : null,
      total: status === '2' ? 80 : null,
      submittedAt: status === '2' ? '2026-01-01 10:00:00' : null,
    });
  }
});
afterAll(async () => {
  await t?.close();
});

const thread = (id: number, h: H) => t.post('/api/review/discussion', { id }, h);
const say = (id: number, content: unknown, h: H, replyTo?: number) =>
  t.post('/api/review/discussionPost', { id, content, ...(replyTo ? { replyTo } : {}) }, h);

describe('review discussion', () => {
  it('lets a submitted expert post; others see 专家N in a blind batch, the chair sees names; each is notified', async () => {
    const e1 = await t.loginAs('expert1');
    const posted = await say(reviews.expert1!, '  研究设计部分样本量偏小，各位怎么看？ ', e1);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const e2 = await t.loginAs('expert2');
    const seen = await thread(reviews.expert2!, e2);
    expect(seen.status).toBe(200);
    expect(seen.body.data.me).toBe('专家2');
    expect(seen.body.data.closed).toBeNull();
    expect(seen.body.data.posts).toHaveLength(1);
    expect(seen.body.data.posts[0]).toMatchObject({
      author: '专家1',
      mine: false,
      content: '研究设计部分样本量偏小，各位怎么看？',
    });
    expect(JSON.stringify(seen.body.data)).not.toContain('王专家');
    const reply = await say(reviews.expert2!, '同意，建议补充对照班。', e2, posted.body.data.id);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const own = await thread(reviews.expert1!, e1);
    expect(own.body.data.posts.map((p: any) => [p.author, p.mine, p.replyToAuthor])).toEqual([
      ['专家1', true, null],
      ['专家2', false, '专家1'],
    ]);
    const chair = await thread(reviews.expert1!, await t.loginAs('city1123'));
    expect(chair.status).toBe(200);
    expect(chair.body.data.posts.map((p: any) => p.author)).toEqual(['王专家', '赵专家']);
    const notes = await t.ctx.database.db
      .selectFrom('notification')
      .selectAll()
      .where('kind', '=', 'reviewDiscussion')
      .execute();
    const ids = {
      expert1: await userId('expert1'),
      expert2: await userId('expert2'),
      multi: await userId('multi'),
      city: await userId('city1123'),
    } as Record<string, number>;
    const to = (u: string) => notes.filter((n) => Number(n.user_id) === ids[u]);
    expect(to('expert2')).toHaveLength(1);
    expect(to('expert2')[0]!.body).toContain('专家1：');
    expect(to('expert2')[0]!.link).toBe(`/reviewManagement/list/editPage?id=${reviews.expert2}`);
    expect(to('expert1')).toHaveLength(1);
    expect(to('city')).toHaveLength(2);
    expect(to('city')[0]!.body).toContain('王专家：');
    expect(to('multi')).toHaveLength(0);
  });

  it('shows an expert before submitting a closed thread without posts, and refuses their post, a leader and another city with a Chinese 403', async () => {
    // Their own task page shows the thread: closed, with why, and none of the others' posts.
    const early = await thread(reviews.multi!, await t.loginAs('multi', '5'));
    expect(early.status).toBe(200);
    expect(early.body.data).toMatchObject({ closed: '提交本人评分后才能查看和参与讨论', canPost: false, posts: [] });
    const posted = await say(reviews.multi!, '先看看', await t.loginAs('multi', '5'));
    expect(posted.status).toBe(403);
    expect(posted.body.result).toBe('提交本人评分后才能查看和参与讨论');
    const leader = await thread(reviews.expert1!, await t.loginAs('leader1'));
    expect(leader.status).toBe(403);
    expect(leader.body.result).toBe('只有评审专家和评审组织方可以查看讨论');
    const other = await thread(reviews.expert1!, await t.loginAs('city1101'));
    expect(other.status).toBe(403);
    expect(other.body.result).toBe('您不是该评审批次的组织方，不能查看讨论');
    const province = await thread(reviews.expert1!, await t.loginAs('province'));
    expect(province.status).toBe(200);
  });

  it('refuses a non-assigned expert', async () => {
    const store = KyselyRecordStore.of(t.ctx.database);
    const review = t.ctx.schemas.entities.get('review')!;
    const r = (await store.get(review, reviews.multi!))!;
    // multi's task moved to expert1's user: multi is then no expert of the topic at all.
    await store.update(review, { ...r, expertUserId: await userId('expert1') }, r.version);
    const res = await thread(reviews.expert2!, await t.loginAs('multi', '5'));
    expect(res.status).toBe(403);
    expect(res.body.result).toBe('您不是该课题的评审专家，不能查看讨论');
    const back = (await store.get(review, reviews.multi!))!;
    await store.update(review, { ...back, expertUserId: await userId('multi') }, back.version);
  });

  it('checks the text and the post replied to, with messages at the field', async () => {
    const e1 = await t.loginAs('expert1');
    const empty = await say(reviews.expert1!, '   ', e1);
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('请输入讨论内容');
    const long = await say(reviews.expert1!, '长'.repeat(1001), e1);
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('讨论内容不能超过1000个字符');
    const missing = await say(reviews.expert1!, '回复', e1, 999999);
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('回复的发言不存在');
    expect((await thread(99999999, e1)).status).toBe(404);
  });

  it('closes posting when the batch has ended, keeping the thread readable', async () => {
    const store = KyselyRecordStore.of(t.ctx.database);
    const E = t.ctx.schemas.entities.get('reviewBatch')!;
    const b = (await store.get(E, batchId))!;
    await store.update(E, { ...b, status: '2' }, b.version);
    const e1 = await t.loginAs('expert1');
    const res = await say(reviews.expert1!, '补充一句', e1);
    expect(res.status).toBe(403);
    expect(res.body.result).toBe('评审已结束或尚未开始，不能发言');
    const read = await thread(reviews.expert1!, e1);
    expect(read.status).toBe(200);
    expect(read.body.data.canPost).toBe(false);
  });
});
