import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoData: true });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('change request demo data', () => {
  it('tells each applicant of every decided request as the engine would: passed or rejected', async () => {
    let decided = 0;
    for (const who of ['leader1', 'leader2']) {
      const h = await t.loginAs(who);
      const requests = (await t.post('/api/resource/topicChange/list', { pageSize: 50 }, h)).body.data.list;
      const notices = (await t.post('/api/notification/list', { pageSize: 50 }, h)).body.data.list;
      for (const r of requests) {
        const link = `/projectManagement/changeList/detail?id=${r.id}`;
        const mine = notices.filter((n: any) => n.link === link).map((n: any) => n.kind);
        // 3 passed, 4 rejected: one notice of that outcome; waiting, revoked or draft: none yet.
        const want = { '3': ['topicChangeApproved'], '4': ['topicChangeRejected'] }[String(r.auditStatus)] ?? [];
        expect(mine, `${who} ${r.topicName} ${r.auditStatus}`).toEqual(want);
        decided += want.length;
      }
    }
    expect(decided).toBeGreaterThan(1);
  });
});
