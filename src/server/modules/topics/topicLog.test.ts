import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { applicationBody, publishNotice } from './topics.fixture.js';

// The engine's field diff (platform/records/fieldDiff.ts) as a topic's operation log shows it.
describe('operation log keeps the field diff of every save and transition', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('records create and update diffs, dictionary labels and masked numbers, served by the log call', async () => {
    const [leader, province] = await Promise.all([t.loginAs('leader1'), t.loginAs('province')]);
    const notice = await publishNotice(t, province);
    const T = '/api/resource/topic';
    const body = applicationBody(notice.id, '差异课题', { leaderMobile: '13912345678' });
    const created = await t.post(`${T}/save`, body, leader);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const rec = created.body.data;
    const subjects = await t.post('/api/dic/getDicListByType?type=xkfl', {}, leader);
    const other = subjects.body.data.find((o: { value: string }) => o.value !== body.subject);
    const was = subjects.body.data.find((o: { value: string }) => o.value === body.subject);
    const saved = await t.post(
      `${T}/save`,
      {
        ...body,
        id: rec.id,
        version: rec.version,
        name: '差异课题（改）',
        subject: other.value,
        leaderMobile: '13800001111',
      },
      leader,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const log = await t.post(`${T}/log`, { subAct: 'a', id: rec.id }, leader);
    expect(log.status).toBe(200);
    const [create, update] = log.body.data;
    expect(create.changes).toEqual(
      expect.arrayContaining([{ field: 'name', label: '课题名称', from: null, to: '差异课题' }]),
    );
    expect(update).toMatchObject({ action: 'update', userName: expect.any(String), roleCode: '4' });
    expect(update.changes).toEqual([
      { field: 'name', label: '课题名称', from: '差异课题', to: '差异课题（改）' },
      { field: 'subject', label: '学科分类', from: was.text, to: other.text },
      { field: 'leaderMobile', label: '负责人手机号', from: '13*****5678', to: '13*****1111' },
    ]);
    expect(JSON.stringify(log.body.data)).not.toContain('13800001111');
  });
});
