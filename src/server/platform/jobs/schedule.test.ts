import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { claimTurn } from './schedule.js';
import { runUploadSweep } from '../files/uploadSweep.js';

const HOUR = 60 * 60 * 1000;

describe('scheduled jobs run once per period across processes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('one of several processes ticking at once gets the turn, and keeps it for the period', async () => {
    const now = Date.now();
    const turns = await Promise.all(['p1', 'p2', 'p3', 'p4'].map((h) => claimTurn(t.ctx, 'demoJob', HOUR, now, h)));
    expect(turns.filter(Boolean)).toHaveLength(1);
    const winner = ['p1', 'p2', 'p3', 'p4'][turns.indexOf(true)];
    const other = winner === 'p1' ? 'p2' : 'p1';
    // Another process's tick later in the same period does not run it again.
    expect(await claimTurn(t.ctx, 'demoJob', HOUR, now + HOUR / 2, other)).toBe(false);
    // The next period: the holder's own tick, a little late, runs it again; the others still skip.
    expect(await claimTurn(t.ctx, 'demoJob', HOUR, now + HOUR + 50, winner)).toBe(true);
    expect(await claimTurn(t.ctx, 'demoJob', HOUR, now + HOUR + 100, other)).toBe(false);
    // A holder that died: once its lease runs out another process takes over.
    expect(await claimTurn(t.ctx, 'demoJob', HOUR, now + 3 * HOUR, other)).toBe(true);
  });

  it('the upload sweep runs in one process of those that tick together', async () => {
    const now = Date.now() + 10 * HOUR;
    const runs = await Promise.all(['a', 'b', 'c'].map((h) => runUploadSweep(t.ctx, now, h)));
    expect(runs.filter((r) => r !== null)).toEqual([0]);
  });
});
