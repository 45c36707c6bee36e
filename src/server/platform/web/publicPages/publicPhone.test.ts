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

  it('takes the User-Agent of a browser that sends no hint: an iPhone’s Safari and Firefox on Android are phones', async () => {
    const agents = {
      iPhone:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0',
      androidTablet:
        'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      macSafari:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    };
    const narrow = async (headers: Record<string, string>) =>
      (await t.inject({ method: 'GET', url: '/noticeAnnouncement', headers })).body.includes('data-narrow>');
    expect(await narrow({ 'user-agent': agents.iPhone })).toBe(true);
    expect(await narrow({ 'user-agent': agents.firefoxAndroid })).toBe(true);
    expect(await narrow({ 'user-agent': agents.androidTablet })).toBe(false);
    expect(await narrow({ 'user-agent': agents.macSafari })).toBe(false);
    // The hint, where sent, is the browser's own word: a phone asking for the desktop site says ?0.
    expect(await narrow({ 'user-agent': agents.iPhone, 'sec-ch-ua-mobile': '?0' })).toBe(false);
    const answer = await t.inject({
      method: 'GET',
      url: '/noticeAnnouncement',
      headers: { 'user-agent': agents.iPhone },
    });
    expect(String(answer.headers.vary)).toMatch(/User-Agent/i);
  });

  it('marks a 404 drawn for a phone too', async () => {
    const missing = await page('/no/such/page', '?1');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toMatch(/<div class="ssr-frame" data-hydrate="null" data-narrow>/);
  });
});
