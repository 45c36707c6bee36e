import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
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

  it('answers API mistakes with the envelope, never a stack trace', async () => {
    const res = await fetch(`${baseURL()}/api/no/such/call`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    const body = await res.json();
    expect(body.flag).toBe(false);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  });
});
