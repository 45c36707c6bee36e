import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { seedInformationDemo } from './demoSeed.js';

describe('information demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (entity: string, headers?: Record<string, string>) => {
    const url = headers ? `/api/resource/${entity}/list` : `/api/public/${entity}/list`;
    const res = await t.post(url, { subAct: 'a', page: 1, pageSize: 100 }, headers);
    expect(res.status).toBe(200);
    return res.body.data as { total: number; list: any[] };
  };

  it('fills every public section with published items only, and templates that download', async () => {
    for (const entity of ['announcement', 'activityDynamics', 'activityReports', 'relatedDownloads', 'rules']) {
      const pub = await list(entity);
      expect(pub.total, entity).toBeGreaterThanOrEqual(2);
    }
    const all = await list('announcement', await t.loginAs('province'));
    expect(all.list.map((r) => r.status)).toEqual(expect.arrayContaining(['published', 'draft']));
    expect((await list('announcement')).list.every((r) => !('status' in r) || r.status === 'published')).toBe(true);
    const downloads = await list('relatedDownloads');
    const file = downloads.list.find((r) => r.attachments?.length)?.attachments[0];
    expect(file?.id).toBeTruthy();
  });

  it('shows a city admin only the items of their own city', async () => {
    const city = await list('activityDynamics', await t.loginAs('city1123'));
    expect(city.total).toBeGreaterThan(0);
    expect(city.list.every((r) => r.areaCode === '1123')).toBe(true);
  });

  it('seeds nothing twice', async () => {
    expect(await seedInformationDemo(t.ctx)).toBe(false);
  });
});
