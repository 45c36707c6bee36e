import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { seedStudioDemo } from './demoSeed.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demoData: true });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('studio demo data', () => {
  it("gives admin an analyst's access change to decide, published only once approved, and is seeded once", async () => {
    const admin = await t.loginAs('admin');
    const city = await t.loginAs('city1123');
    const pending = (await t.post('/api/studio/proposals', { status: 'pending' }, admin)).body.data.items;
    expect(pending).toHaveLength(1);
    const [p] = pending;
    expect(p).toMatchObject({ key: 'entities/relatedDownloads', proposedByName: '孙分析' });
    expect(p.accessChanges.length).toBeGreaterThan(0);
    expect((await t.post('/api/studio/get', { key: 'entities/relatedDownloads' }, admin)).body.data.versions).toEqual(
      [],
    );
    expect(await seedStudioDemo(t.ctx)).toBe(false);

    const total = async () => (await t.post('/api/resource/relatedDownloads/list', {}, city)).body.data.total;
    const before = await total();
    const approved = await t.post('/api/studio/approve', { id: p.id, comment: '同意' }, admin);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await total()).toBeGreaterThan(before);
  });
});
