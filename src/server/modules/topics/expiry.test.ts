import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireLease, releaseLease } from '../../platform/jobs/lease.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { runTopicExpiry } from './expiry.js';
import { newTopic, publishNotice } from './topics.fixture.js';

const HOUR = 3600_000;
type H = Record<string, string>;

/**
 * Two app instances on one database (one SQLite file, or one PostgreSQL schema), as two server
 * processes of one deployment: the expiry job's lease lets only one of them apply each expiry.
 */
describe('topic expiry with two server processes on one database (SQLite and PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  let province: H, leader1: H, leader2: H, city1123: H;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({
      dataDir: a.ctx.config.dataDir,
      databaseUrl: a.ctx.config.databaseUrl,
      pgSchema: a.ctx.config.pgSchema,
    });
    [province, leader1, leader2, city1123] = await Promise.all(
      ['province', 'leader1', 'leader2', 'city1123'].map((u) => a.loginAs(u)),
    );
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const logOf = async (id: number) =>
    (await a.post('/api/resource/topic/log', { subAct: 'a', id }, province)).body.data as {
      action: string;
      userName: string;
      toStatus: string;
    }[];
  const statusOf = async (id: number) =>
    (await b.post('/api/resource/topic/get', { subAct: 'a', id }, province)).body.data.status as string;

  it('gives a lease to exactly one of many holders asking at once, and to another once released or run out', async () => {
    const now = Date.now();
    const got = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        acquireLease((i % 2 ? a : b).ctx.database.db, 'leaseTest', `holder${i}`, 60_000, now),
      ),
    );
    expect(got.filter(Boolean)).toHaveLength(1);
    const winner = `holder${got.indexOf(true)}`;
    expect(await acquireLease(a.ctx.database.db, 'leaseTest', 'late', 60_000, now + 1000)).toBe(false);
    expect(await acquireLease(b.ctx.database.db, 'leaseTest', winner, 60_000, now + 1000)).toBe(true);
    await releaseLease(b.ctx.database.db, 'leaseTest', winner);
    expect(await acquireLease(a.ctx.database.db, 'leaseTest', 'late', 60_000, now + 2000)).toBe(true);
    expect(await acquireLease(b.ctx.database.db, 'leaseTest', 'later', 60_000, now + 2000 + 61_000)).toBe(true);
  });

  it('expires drafts past their notice deadline once, whichever of the two processes runs, and keeps the others', async () => {
    const closing = await publishNotice(a, province, { stage: 1, endHours: 2 });
    const lasting = await publishNotice(a, province, { stage: 1, endHours: 24 * 60 });
    const t1 = await newTopic(a, leader1, closing.id, '到期课题一');
    const t2 = await newTopic(b, leader2, closing.id, '到期课题二');
    const kept = await newTopic(a, leader1, lasting.id, '未到期课题');

    // Both processes wake at once, three hours on: the closing notice's deadline has passed.
    const later = Date.now() + 3 * HOUR;
    const counts = await Promise.all([runTopicExpiry(a.ctx, later), runTopicExpiry(b.ctx, later)]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(2);
    expect(counts).toContain(0);
    for (const t of [t1, t2]) {
      expect(await statusOf(t.id)).toBe('34');
      const expired = (await logOf(t.id)).filter((l) => l.action === 'expire');
      expect(expired).toEqual([expect.objectContaining({ userName: '系统', toStatus: '34' })]);
    }
    expect(await statusOf(kept.id)).toBe('0');

    // Later passes of either process find nothing more to do.
    expect(await runTopicExpiry(b.ctx, later + HOUR)).toBe(0);
    expect(await runTopicExpiry(a.ctx, later + HOUR)).toBe(0);
    for (const t of [t1, t2]) expect((await logOf(t.id)).filter((l) => l.action === 'expire')).toHaveLength(1);
  });

  it('expires a later stage only when its notice closed while the topic was editable in that stage', async () => {
    // The demo data is off here; stage 2 has only this notice.
    const apply = await publishNotice(a, province, { stage: 1, endHours: 24 * 60 });
    let t = await newTopic(a, leader1, apply.id, '开题到期课题');
    const step = async (h: H, action: string) => {
      const res = await a.post(
        '/api/resource/topic/transition',
        { subAct: 'a', id: t.id, version: t.version, action },
        h,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      t = res.body.data;
    };
    await step(leader1, 'submit');
    await step(city1123, 'cityApprove');
    await step(province, 'provinceApprove');
    await step(province, 'provinceApprove');
    expect(t.status).toBe('6');
    expect(await runTopicExpiry(a.ctx, Date.now() + 3 * HOUR)).toBe(0);

    await publishNotice(a, province, { stage: 2, endHours: 2 });
    expect(await runTopicExpiry(b.ctx, Date.now() + HOUR)).toBe(0);
    const counts = await Promise.all([
      runTopicExpiry(a.ctx, Date.now() + 3 * HOUR),
      runTopicExpiry(b.ctx, Date.now() + 3 * HOUR),
    ]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(await statusOf(t.id)).toBe('34');
    expect((await logOf(t.id)).at(-1)).toMatchObject({ action: 'expire', toStatus: '34' });
  });
});
