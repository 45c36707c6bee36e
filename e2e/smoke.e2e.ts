import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { heavyParts } from '../scripts/bench/firstLoad.js';
import { baseURL, launchBrowser, openPage, screenshot } from './harness.js';

describe('the portal as npm start serves it', () => {
  let browser: Browser;
  beforeAll(async () => { browser = await launchBrowser(); });
  afterAll(async () => { await browser?.close(); });

  it('serves the web app under a strict Content-Security-Policy without script errors', async () => {
    const res = await fetch(`${baseURL()}/homePage`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self' 'wasm-unsafe-eval'");
    const { page, errors, context } = await openPage(browser, '/homePage');
    await page.waitForSelector('#root *');
    await screenshot(page, 'smoke-home');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the visitor's home light: its latest-items boxes load no form library, editor or full table", async () => {
    const { page, errors, context } = await openPage(browser, 'about:blank');
    const scripts: Promise<string>[] = [];
    page.on('response', (res) => { if (new URL(res.url()).pathname.endsWith('.js')) scripts.push(res.text()); });
    await page.goto('/homePage');
    await page.locator('.shell-home-section .runtime-list tbody tr').first().waitFor();
    await page.waitForLoadState('networkidle');
    const texts = await Promise.all(scripts);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.map(heavyParts).filter((p) => p.formily || p.editor)).toEqual([]);
    // antd's Table and pager stay out too: the boxes are the runtime's compact list.
    expect(await page.locator('.shell-home-section .ant-table, .shell-home-section .ant-pagination').count()).toBe(0);
    expect(await page.locator('.shell-home-section .runtime-compact-table').count()).toBe(4);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers API mistakes with the envelope, never a stack trace', async () => {
    const res = await fetch(`${baseURL()}/api/no/such/call`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    const body = await res.json();
    expect(body.flag).toBe(false);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  });
});
