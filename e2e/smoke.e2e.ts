import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { heavyParts } from '../scripts/bench/firstLoad.js';
import { baseURL, launchBrowser, openPage, screenshot, touched } from './harness.js';

describe('the portal as npm start serves it', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

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

  /**
   * Every script a page fetched until `ready` shows and the network is quiet, as text: the page the
   * server drew, once the visitor's first move has brought the app onto it.
   */
  async function scriptsOf(pathname: string, ready: string) {
    const opened = await openPage(browser, 'about:blank');
    const scripts: Promise<string>[] = [];
    opened.page.on('response', (res) => {
      if (new URL(res.url()).pathname.endsWith('.js')) scripts.push(res.text());
    });
    await opened.page.goto(pathname);
    await touched(opened.page);
    await opened.page.locator(ready).first().waitFor();
    await opened.page.waitForLoadState('networkidle');
    return { ...opened, texts: await Promise.all(scripts) };
  }

  it("keeps the visitor's home light: its latest-items boxes load no form library, editor or full table", async () => {
    const { page, errors, context, texts } = await scriptsOf('/homePage', '.rt-dash-section .runtime-list tbody tr');
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.map(heavyParts).filter((p) => p.formily || p.editor)).toEqual([]);
    // antd's Table and pager stay out too: the boxes are the runtime's compact list.
    expect(await page.locator('.rt-dash-section .ant-table, .rt-dash-section .ant-pagination').count()).toBe(0);
    // 申报通知, 通知公告, 活动动态, 相关下载 and 政策法规.
    expect(await page.locator('.rt-dash-section .runtime-compact-table').count()).toBe(5);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the public lists free of the form library, and their title search works', async () => {
    const { page, errors, context, texts } = await scriptsOf('/noticeAnnouncement', '.runtime-list .ant-table-row');
    expect(texts.map(heavyParts).filter((p) => p.formily || p.editor)).toEqual([]);
    const first = (await page.locator('.runtime-list .ant-table-row a').first().textContent())!.trim();
    const word = first.slice(0, 6);
    await page.locator('.runtime-filters input').fill(word);
    await page.keyboard.press('Enter');
    const shown = () => page.locator('.runtime-list .ant-table-row a').allTextContents();
    await expect
      .poll(
        async () => {
          const t = await shown();
          return t.length > 0 && t.every((x) => x.includes(word));
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    await page
      .locator('.runtime-filters')
      .getByRole('button', { name: /重\s*置/ })
      .click();
    await expect.poll(() => page.locator('.runtime-filters input').inputValue()).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers API mistakes with the envelope, never a stack trace', async () => {
    const res = await fetch(`${baseURL()}/api/no/such/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    const body = await res.json();
    expect(body.flag).toBe(false);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  });
});
