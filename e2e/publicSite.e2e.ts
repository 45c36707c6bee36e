import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appArrived, baseURL, launchBrowser, openPage, screenshot, touched } from './harness.js';

/** Calls a server-drawn public page embeds: the app must not ask for them again. */
const EMBEDDED = /\/api\/(schema\/routes|schema\/page|basicInfoMaintain\/querySysName|public\/[^/]+\/(list|get))/;

/**
 * Layout shifts the page has reported from the start, summed: after the next frame is drawn (a
 * shift is reported with the frame it shows in), the buffered entries a new observer is handed.
 */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        requestAnimationFrame(() =>
          setTimeout(() => {
            const observer = new PerformanceObserver(() => undefined);
            observer.observe({ type: 'layout-shift', buffered: true });
            const entries = observer.takeRecords() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
            observer.disconnect();
            resolve(entries.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0));
          }, 0),
        );
      }),
  );
}

describe('the public site as the server draws it', () => {
  let browser: Browser;
  beforeAll(async () => {
    // What loads before the visitor touches the page is watched: no mouse move the browser makes up.
    browser = await launchBrowser({ fullBrowser: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the notice list arrives with its rows as links, and the app takes it over without asking again or shifting', async () => {
    const html = await (await fetch(`${baseURL()}/noticeAnnouncement`)).text();
    const links = [
      ...html.matchAll(/<a [^>]*href="(\/noticeAnnouncement\/lookAnnouncement\?id=\d+)">([^<]+)<\/a>/g),
    ].map((m) => ({ href: m[1], title: m[2] }));
    expect(links.length).toBeGreaterThan(0);
    expect(html).toMatch(/<title>通知公告 - [^<]+<\/title>/);

    const { page, errors, context } = await openPage(browser, 'about:blank');
    const asked: string[] = [];
    const documents: string[] = [];
    page.on('request', (r) => {
      if (EMBEDDED.test(r.url())) asked.push(new URL(r.url()).pathname);
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    await page.goto('/noticeAnnouncement');
    // The server's page is there before the app's code has run; the visitor's move brings the app.
    await page.locator('.runtime-list .ant-table-row a').first().waitFor();
    await touched(page);
    const shown = await page
      .locator('.runtime-list .ant-table-row a')
      .evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href'), title: a.textContent ?? '' })));
    // The same records, in the same order, with the same titles: the server's bytes as a browser
    // reads them (React 18's stream once padded a Chinese title with NULs: ssr/markupOf.ts).
    expect(shown).toEqual(links);
    expect(asked).toEqual([]);
    expect(await layoutShift(page)).toBeLessThan(0.01);
    await screenshot(page, 'public-notices-taken-over');

    // On as an app: the row's link opens the notice without loading a document.
    await page.locator('.runtime-list .ant-table-row a').first().click();
    await page.waitForURL((url) => url.pathname === '/noticeAnnouncement/lookAnnouncement');
    await page.getByRole('heading', { name: links[0].title }).first().waitFor();
    expect(documents).toHaveLength(1);
    expect(asked.some((p) => p.endsWith('/announcement/get'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('home and a notice open with their content and their own titles, with nothing asked twice', async () => {
    const { page, errors, context } = await openPage(browser, 'about:blank');
    const asked: string[] = [];
    page.on('request', (r) => {
      if (EMBEDDED.test(r.url())) asked.push(new URL(r.url()).pathname);
    });
    await page.goto('/homePage');
    await page.locator('.rt-dash-section .runtime-compact-table').first().waitFor();
    await appArrived(page);
    const first = page.locator('.rt-dash-section a[href*="lookAnnouncement"]').first();
    const href = (await first.getAttribute('href'))!;
    const title = (await first.textContent())!.trim();
    expect(asked).toEqual([]);
    expect(await layoutShift(page)).toBeLessThan(0.01);

    const html = await (await fetch(`${baseURL()}${href}`)).text();
    // The app's own article drawn by the server: its title as the app writes it.
    expect(html).toContain(`<h1 id="rt-article-title" class="rt-article-title">${title}</h1>`);
    expect(html).toMatch(/<meta name="description" content="[^"]+">/);
    await page.goto(href);
    await appArrived(page);
    await page.getByRole('heading', { name: title }).first().waitFor();
    expect(await page.title()).toContain(title);
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads no app code until the visitor touches the page, then takes it over from the first key', async () => {
    const { page, errors, context } = await openPage(browser, 'about:blank');
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    // Loaded, and nothing more asked for by itself (no request for half a second, as Playwright
    // counts a page's network idle): the page as a visitor who has not touched it yet has it.
    await page.goto('/homePage', { waitUntil: 'networkidle' });
    expect(scripts).toEqual([]);
    // The page left alone would take the app a few seconds after load: the key brings it at once.
    const code = page.waitForRequest((r) => r.resourceType() === 'script', { timeout: 1500 });
    await page.keyboard.press('Tab');
    await code;
    await page.locator('.rt-dash-section .runtime-compact-table a').first().waitFor();
    await appArrived(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a list’s search box the server drew searches without JavaScript, its keyword in the address', async () => {
    const still = await browser.newContext({ baseURL: baseURL(), locale: 'zh-CN', javaScriptEnabled: false });
    const page = await still.newPage();
    await page.goto('/noticeAnnouncement');
    const all = await page.locator('.runtime-list .ant-table-row').count();
    await page.locator('.runtime-filters input[name="title"]').fill('申报');
    await page
      .locator('.runtime-filters')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await page.waitForURL((url) => url.searchParams.get('title') === '申报');
    const titles = await page.locator('.runtime-list .ant-table-row a').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.length).toBeLessThan(all);
    expect(titles.every((t) => t.includes('申报'))).toBe(true);
    await still.close();
  });

  it('what a visitor types before the app has arrived stays typed, the caret in it, once the app has the page', async () => {
    const { page, errors, context } = await openPage(browser, 'about:blank');
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    // A page with a search box waits for the visitor like any other.
    await page.goto('/noticeAnnouncement', { waitUntil: 'networkidle' });
    expect(scripts).toEqual([]);
    // The click brings the app; the typing goes on into the server's box meanwhile.
    await page.locator('.runtime-filters input[name="title"]').click();
    await page.keyboard.type('申报', { delay: 50 });
    await appArrived(page);
    expect(scripts.length).toBeGreaterThan(0);
    const box = page.locator('.runtime-filters input[name="title"]');
    expect(await box.inputValue()).toBe('申报');
    expect(await box.evaluate((e) => e === document.activeElement)).toBe(true);
    // The app's own search, from the key the visitor presses next.
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('title') === '申报');
    await expect
      .poll(async () => {
        const t = await page.locator('.runtime-list .ant-table-row a').allTextContents();
        return t.length > 0 && t.every((x) => x.includes('申报'));
      })
      .toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
