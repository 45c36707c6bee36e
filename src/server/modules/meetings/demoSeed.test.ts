import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { seedMeetingsDemo } from './demoSeed.js';

describe('demo meetings and questions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds meetings and questions in every status, visible to every demo account, with notices for each; once only', async () => {
    const statuses = async (entity: string, who: string) =>
      (await t.post(`/api/resource/${entity}/list`, { pageSize: 100 }, await t.loginAs(who))).body.data.list.map(
        (r: any) => r.status,
      );
    expect(new Set(await statuses('meeting', 'province'))).toEqual(new Set(['draft', '0', '2', '3']));
    expect(new Set(await statuses('question', 'province'))).toEqual(new Set(['0', '1', '2', '3']));
    for (const who of [
      'admin',
      'province',
      'city1123',
      'city1101',
      'leader1',
      'leader2',
      'expert1',
      'expert2',
      'multi',
    ]) {
      const h = await t.loginAs(who);
      expect((await t.post('/api/resource/meeting/list', {}, h)).body.data.total, who).toBeGreaterThan(0);
      expect((await t.post('/api/notification/unreadCount', {}, h)).body.data.unread, who).toBeGreaterThan(0);
    }
    for (const who of ['leader1', 'leader2', 'expert1', 'expert2', 'multi']) {
      expect(
        (await t.post('/api/resource/question/list', {}, await t.loginAs(who))).body.data.total,
        who,
      ).toBeGreaterThan(0);
    }
    expect((await t.post('/api/public/question/list', {})).body.data.total).toBe(2);
    expect(await seedMeetingsDemo(t.ctx)).toBe(false);
  });
});
