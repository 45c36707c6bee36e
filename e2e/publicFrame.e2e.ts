import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launchBrowser, touched } from './harness.js';
import { publicAddresses, serverHtml } from './serverHtml.js';

/** Where the shell's parts are on screen: the header, each navigation entry, 登录, the footer's lines. */
async function frameBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        '.shell-header, .shell-brand, .shell-top-menu > .ant-menu-item, .shell-login-button, .shell-signup-link, .shell-footer-line',
      ),
    ].map((e) => {
      const r = e.getBoundingClientRect();
      // The footer follows the page's content, which the app draws anew: its lines' height, not their place.
      const y = e.closest('.shell-footer') ? '' : `,${Math.round(r.top)}`;
      return `${(e.textContent ?? '').replace(/\s+/g, '')}@${Math.round(r.left)}${y} ${Math.round(r.width)}x${Math.round(r.height)}`;
    }),
  );
}

describe('the shell the server draws around a public page', () => {
  let browser: Browser;
  let pages: string[];
  beforeAll(async () => {
    browser = await launchBrowser();
    pages = await publicAddresses();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('is in the HTML itself: the header’s navigation, 注册 and 登录, the breadcrumbs, the footer, and their styles', async () => {
    for (const address of pages) {
      const html = await serverHtml(address);
      const menu = /<ul[^>]*shell-top-menu[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
      for (const name of ['首页', '通知公告', '申报通知', '立项名单', '常见问题'])
        expect(menu, `${address}: ${name}`).toContain(`<span class="shell-menu-label">${name}</span>`);
      expect(html, address).toMatch(/<button[^>]*shell-login-button[^>]*><span>登 录<\/span><\/button>/);
      expect(html, address).toContain('<a class="shell-signup-link" href="/signUp/signUp">注册</a>');
      expect(html, address).toMatch(/<footer[^>]*shell-footer[\s\S]*版本/);
      if (address !== '/homePage' && address !== '/no/such/page')
        expect(html, address).toContain('<nav class="ant-breadcrumb');
      // The app's own tree, which the browser hydrates in place, with the route's page in its content.
      expect(html, address).toMatch(/<div class="ssr-frame" data-hydrate="[^"]*"><div class="ant-layout shell[ "]/);
      expect(html, address).toMatch(
        /<main[^>]*shell-content[\s\S]*class="[^"]*\b(?:ant-result|runtime-|rt-)[\s\S]*<\/main>/,
      );
      // antd's styles for the frame are in the head, under the class names the app's build uses.
      expect(html, address).toMatch(/<head>[\s\S]*<style[^>]*>[^<]*\.ant-menu[\s\S]*<\/head>/);
      expect(html, address).not.toContain('css-dev-only');
    }
    // The search in the address is applied (the journeys before this one publish notices too).
    const filtered = await serverHtml(pages[1]);
    const all = await serverHtml('/noticeAnnouncement');
    const count = (html: string) => Number(/共(\d+)条记录/.exec(html)?.[1]);
    expect(count(filtered)).toBeGreaterThan(0);
    expect(count(filtered)).toBeLessThan(count(all));
  });

  it('looks the same without JavaScript and once the app has hydrated it in place: nothing of the frame moves or is drawn again', async () => {
    for (const address of pages) {
      const still = await browser.newContext({
        baseURL: baseURL(),
        viewport: { width: 1366, height: 860 },
        javaScriptEnabled: false,
      });
      const before = await still.newPage();
      await before.goto(address);
      const drawn = await frameBoxes(before);
      await still.close();
      expect(
        drawn.some((b) => b.startsWith('登录@')),
        address,
      ).toBe(true);
      expect(
        drawn.some((b) => b.startsWith('立项名单@')),
        address,
      ).toBe(true);

      const live = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1366, height: 860 } });
      const page = await live.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(address);
      // The server's elements, held before the app arrives: hydrating keeps them in the page.
      await page.evaluate(() => {
        (window as unknown as { served: Element[] }).served = [...document.querySelectorAll('#root .ssr-frame *')];
      });
      await touched(page);
      await page.locator('.shell-top-menu .ant-menu-item').first().waitFor();
      expect(await frameBoxes(page), address).toEqual(drawn);
      const replaced = await page.evaluate(() =>
        (window as unknown as { served: Element[] }).served
          .filter((e) => !e.isConnected)
          .map((e) => `${e.tagName}.${e.className}`),
      );
      expect(replaced, address).toEqual([]);
      expect(errors, address).toEqual([]);
      await live.close();
    }
  });
});
