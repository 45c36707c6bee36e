/**
 * A public page asked for by a phone (the client hint Sec-CH-UA-Mobile: ?1) is drawn with the
 * phone's layout, tables folded as the app folds them, and the frame says so: the browser hydrates
 * it as it is (client hooks/useNarrowScreen.ts DrawnNarrow). Other browsers get the wide drawing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testApp.js';
import { buildPublicDrawing, removeDrawing } from '../../testing/builtPublicDrawing.js';

describe('a public page drawn for a phone', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await buildPublicDrawing();
    t = await createTestApp({ clientDir: dir });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (dir) removeDrawing(dir);
  });

  const page = (url: string, mobile: '?0' | '?1') =>
    t.inject({ method: 'GET', url, headers: { 'sec-ch-ua-mobile': mobile } });

  it('folds the tables and marks the frame for a phone, and draws the wide page for others', async () => {
    const phone = await page('/noticeAnnouncement', '?1');
    expect(phone.statusCode).toBe(200);
    expect(phone.body).toMatch(/<div class="ssr-frame" data-hydrate="[^"]*" data-narrow>/);
    expect(phone.body).toMatch(/<th[^>]*ant-table-row-expand-icon-cell/);
    expect(String(phone.headers.vary)).toMatch(/Sec-CH-UA-Mobile/i);
    const desk = await page('/noticeAnnouncement', '?0');
    expect(desk.body).toMatch(/<div class="ssr-frame" data-hydrate="[^"]*">/);
    expect(desk.body).not.toContain('data-narrow');
    expect(desk.body).not.toMatch(/<th[^>]*ant-table-row-expand-icon-cell/);
  });

  it('marks a 404 drawn for a phone too', async () => {
    const missing = await page('/no/such/page', '?1');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toMatch(/<div class="ssr-frame" data-hydrate="null" data-narrow>/);
  });
});
