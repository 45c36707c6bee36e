import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { pathTo } from './demoPaths.js';

describe('topics demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('walks every demo status along the workflow', () => {
    const wf = t.ctx.schemas.workflows.get('topic')!;
    for (const s of wf.statuses.map((x) => x.code)) {
      let from = '0';
      for (const [action, to] of pathTo(s)) {
        const ok = wf.transitions.some(
          (tr) => tr.action === action && tr.from.includes(from) && (tr.toByFrom?.[from] ?? tr.to) === to,
        );
        expect(ok, `${action} ${from} → ${to}`).toBe(true);
        from = to;
      }
      expect(from).toBe(s);
    }
  });

  it('gives every role notices and topics of their scope, with downloadable files and a matching log', async () => {
    const count = async (user: string, entity: string) => {
      const res = await t.post(
        `/api/resource/${entity}/list`,
        { subAct: 'a', page: 1, pageSize: 100 },
        await t.loginAs(user),
      );
      return res.body.data as { total: number; list: any[] };
    };
    expect((await count('province', 'topic')).total).toBeGreaterThanOrEqual(30);
    const mine = await count('leader1', 'topic');
    expect(mine.total).toBeGreaterThanOrEqual(8);
    expect(mine.list.every((r) => r.areaCode === '1123')).toBe(true);
    // leader1 has a concluded topic of their own, whose certificate they can download.
    expect(mine.list.some((r) => r.status === '18')).toBe(true);
    expect((await count('city1101', 'topic')).list.every((r) => r.areaCode === '1101')).toBe(true);
    for (const user of ['leader1', 'leader2', 'multi', 'city1123', 'city1101', 'admin'])
      expect((await count(user, 'notice')).total, user).toBeGreaterThanOrEqual(5);

    const leader1 = await t.loginAs('leader1');
    const concluded =
      mine.list.find((r) => r.status === '18') ??
      (await count('province', 'topic')).list.find((r) => r.status === '18');
    const province = await t.loginAs('province');
    const log = await t.post('/api/resource/topic/log', { subAct: 'a', id: concluded.id }, province);
    expect(log.body.data.at(-1)).toMatchObject({ toStatus: '18', action: 'provinceApprove' });
    const file = mine.list[0].applicationDoc[0];
    const res = await t.inject({ method: 'GET', url: `/api/file/download?id=${file.id}`, headers: leader1 });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
