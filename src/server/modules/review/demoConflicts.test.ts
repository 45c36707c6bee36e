import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoData: true });
});
afterAll(async () => {
  await t?.close();
});

describe('demo conflicts', () => {
  it('holds a replaced conflict in 1123 and one waiting in 1101, whose chair is offered experts that keep every rule', async () => {
    const province = await t.loginAs('province');
    const rows = (await t.post('/api/resource/reviewConflict/list', { pageSize: 50 }, province)).body.data
      .list as Array<Record<string, any>>;
    expect(rows.map((r) => r.expertName).sort()).toEqual(['杨研究员', '黄校长']);
    const reviews = (
      await t.post(
        '/api/resource/review/list',
        { pageSize: 100, filters: [{ field: 'status', op: 'in', value: ['4', '5'] }] },
        province,
      )
    ).body.data.list as Array<Record<string, any>>;
    const replaced = reviews.find((r) => r.status === '5')!;
    const waiting = reviews.find((r) => r.status === '4')!;
    expect(replaced.replacedBy).toBeGreaterThan(0);
    const city1101 = await t.loginAs('city1101');
    const p = await t.post('/api/review/replacement', { id: waiting.id }, city1101);
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.data.candidates.length).toBeGreaterThan(0);
    expect(p.body.data.candidates.map((c: any) => c.name)).not.toContain('黄校长');
    // An expert never reads the remembered conflicts (they name the leader of a blind batch's topic).
    expect(
      (await t.post('/api/resource/reviewConflict/list', { pageSize: 50 }, await t.loginAs('expert1'))).status,
    ).toBe(403);
    // The replaced task is not in 杨研究员's list; the replacement is in 郑老师's.
    const ok = await t.post(
      '/api/review/replace',
      { id: waiting.id, expertId: p.body.data.candidates[0].expertId },
      city1101,
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});
