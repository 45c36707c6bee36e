import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { backfillOnce, workQueue } from './queue.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  await backfillOnce(t.ctx);
  while ((await workQueue(t.ctx, undefined, 100, Date.now() + 1)) > 0);
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('查重 demo data', () => {
  it('flags the application that copies the concluded report, with the report to the admins and the flag alone to the expert', async () => {
    const province = await t.loginAs('province');
    const topics = (await t.post('/api/resource/topic/list', { pageSize: 100 }, province)).body.data.list;
    const flagged = topics.filter((r: any) => r.similarity === '2');
    // The copy alone: every other demo application argues in words of its own.
    expect(flagged.map((r: any) => r.name)).toHaveLength(1);
    const copy = flagged[0];
    const report = (await t.post('/api/similarity/report', { id: copy.id }, province)).body.data;
    const match = report.documents.flatMap((d: any) => d.matches)[0];
    const concluded = topics.find((r: any) => r.id === match.topicId);
    expect(concluded.status).toBe('18');
    expect(match.passages.length).toBeGreaterThan(2);
    expect(topics.find((r: any) => r.id === concluded.id).similarity).toBe('1');
    const expert = await t.loginAs('expert1');
    const tasks = (await t.post('/api/resource/review/list', { pageSize: 100 }, expert)).body.data.list;
    const task = tasks.find((r: any) => r.targetId === copy.id);
    expect(task.similarity).toBe('2');
    // 评审列表 reads only the fields its page shows: the flag is filled from the task's target all the same.
    const page = await t.post('/api/resource/review/list', { pageSize: 100, pageId: 'review/review.list' }, expert);
    expect(page.body.data.list.find((r: any) => r.id === task.id).similarity).toBe('2');
    expect((await t.post('/api/similarity/report', { id: copy.id }, expert)).status).toBe(403);
  });
});
