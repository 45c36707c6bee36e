import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoData: true });
});
afterAll(async () => {
  await t?.close();
});

describe('demo discussion and reopened review', () => {
  it('the ended batch holds a closed three-post thread its experts read as 专家N and the chair by name', async () => {
    const expert1 = await t.loginAs('expert1');
    const list = await t.post('/api/resource/review/list', { pageSize: 100 }, expert1);
    const ended = (list.body.data.list as Array<Record<string, any>>).find((r) =>
      String(r.batchName).includes('已结束'),
    );
    expect(ended).toBeTruthy();
    const thread = await t.post('/api/review/discussion', { id: ended!.id }, expert1);
    expect(thread.status, JSON.stringify(thread.body)).toBe(200);
    const posts = thread.body.data.posts as Array<Record<string, any>>;
    expect(posts).toHaveLength(3);
    expect(posts.map((p) => p.author.startsWith('专家') || p.organiser)).toEqual([true, true, true]);
    expect(posts[1]!.replyTo).toBe(posts[0]!.id);
    expect(thread.body.data.canPost).toBe(false);
    const chairAccount = ended!.areaCode === '1101' ? 'city1101' : 'city1123';
    const chair = await t.post('/api/review/discussion', { id: ended!.id }, await t.loginAs(chairAccount));
    expect(chair.status).toBe(200);
    expect(chair.body.data.posts[0].author).toBe('王专家');
  });

  it("expert2 has a review sent back with a reason: a draft again, logged, and in expert2's bell", async () => {
    const expert2 = await t.loginAs('expert2');
    const notes = await t.post('/api/notification/list', { pageSize: 50 }, expert2);
    const notice = (notes.body.data.list as Array<Record<string, any>>).find((n) => n.kind === 'reviewReopened');
    expect(notice?.body).toContain('退回原因：');
    const id = Number(/id=(\d+)/.exec(String(notice!.link))![1]);
    const task = await t.post('/api/review/task', { id }, expert2);
    expect(task.body.data.review.status).toBe('1');
    expect(task.body.data.canEdit).toBe(true);
    const log = await t.ctx.database.db
      .selectFrom('operation_log')
      .selectAll()
      .where('entity', '=', 'review')
      .where('record_id', '=', id)
      .execute();
    expect(log.some((l: any) => l.action === 'reopen' && String(l.comment).length > 0)).toBe(true);
  });
});
