import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { readWorkbook } from '../../platform/testing/xlsxChecks.js';
import { attachDeclared } from './declaredConflicts.js';
import { entityOf, listAll, storeOf } from './reviewData.js';

// 申报回避: a declared conflict remembers the leader's ID number so the allocator keeps the expert
// away from that leader's other topics. The number is for that matching only: every reader of the
// conflicts (administrators; experts read none) gets it masked, in the list, the look and the export.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoData: true });
});
afterAll(async () => {
  await t?.close();
});

const MASKED_ID = /^\d{4}\*{10}[\dX]{4}$/;

describe('申报回避 and the leader’s ID number', () => {
  it('answers it masked to every reader, and still keeps the expert from that leader’s topics', async () => {
    const stored = await listAll(storeOf(t.ctx), entityOf(t.ctx, 'reviewConflict'), { t: 'and', items: [] });
    const whole = stored.map((r) => r.personIdCard as string).filter(Boolean);
    expect(whole.length, 'the demo conflicts name their leader by ID number').toBeGreaterThan(0);

    for (const who of ['admin', 'province', 'city1123']) {
      const h = await t.loginAs(who);
      const list = await t.post('/api/resource/reviewConflict/list', { subAct: 'a', page: 1, pageSize: 50 }, h);
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      const rows = list.body.data.list as Array<Record<string, any>>;
      expect(rows.length, who).toBeGreaterThan(0);
      for (const row of rows) expect(row.personIdCard, who).toMatch(MASKED_ID);
      const look = await t.post('/api/resource/reviewConflict/get', { subAct: 'a', id: rows[0].id }, h);
      expect(look.body.data.personIdCard, who).toMatch(MASKED_ID);
      const exported = await t.inject({
        method: 'POST',
        url: '/api/resource/reviewConflict/export',
        headers: { ...h, 'content-type': 'application/json' },
        payload: { subAct: 'a' },
      });
      expect(exported.statusCode, who).toBe(200);
      const [sheet] = await readWorkbook(exported.rawPayload);
      const column = sheet.header.indexOf('负责人身份证号');
      if (column >= 0) for (const r of sheet.rows) if (r[column]) expect(r[column], who).toMatch(MASKED_ID);
      const answered = JSON.stringify([list.body, look.body]) + exported.rawPayload.toString('latin1');
      for (const id of whole) expect(answered, who).not.toContain(id);
    }

    // The allocator reads the number from storage, whole, to match the leader's other topics.
    const experts = await attachDeclared(
      t.ctx,
      [...new Set(stored.map((r) => Number(r.expertId)))].map((id) => ({ id, name: '', subjects: [] })),
      String(stored[0].targetEntity),
    );
    const declared = experts.flatMap((e) => e.declared ?? []).map((d) => d.idCard);
    expect(declared).toEqual(
      expect.arrayContaining(whole.filter((_, i) => stored[i].targetEntity === stored[0].targetEntity)),
    );
  });
});
