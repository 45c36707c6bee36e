/**
 * Script put into an announcement's rich text, pasted into the editor or sent raw to the API with
 * the admin's session, stays inert wherever it is shown: the admin's look page and the public pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  api,
  buttonName as btn,
  inputHandled,
  launchBrowser,
  openPage,
  screenshot,
  watchDialogs,
  touched,
  visit,
} from './harness.js';
import { openPageAs } from './login.js';

const RUN = String(Date.now() % 1_000_000);
const PASTE_TITLE = `粘贴安全测试${RUN}`;
const XSS_TITLE = `接口安全测试${RUN}`;

/** Script that would set window.__xss (and open a dialog) if any of it ran. */
const PAYLOAD = [
  '<p>安全提示正文</p>',
  '<img src="x" onerror="window.__xss=1;alert(1)">',
  '<script>window.__xss=2;alert(2)</script>',
  '<a href="javascript:window.__xss=3;alert(3)">恶意链接</a>',
  '<svg><g onload="window.__xss=4"></g></svg>',
  '<iframe src="javascript:window.__xss=5"></iframe>',
  '<p onmouseover="window.__xss=6" style="background:url(javascript:alert(7))">悬停段落</p>',
].join('');

/** expect.poll with room for a busy machine (its default gives up after one second). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The rendered rich text must hold no script, no handler, no javascript: URL, no frame, and nothing ran. */
async function expectInert(page: Page, dialogs: string[]): Promise<void> {
  const view = page.locator('.runtime-richtext-view');
  await view.first().waitFor();
  await poll(() => view.first().textContent()).toContain('安全提示正文');
  const found = await view.first().evaluate((el) => ({
    scripts: el.querySelectorAll('script, iframe, svg, object, embed').length,
    handlers: [...el.querySelectorAll('*')]
      .flatMap((n) => [...n.attributes].map((a) => a.name))
      .filter((n) => /^on/i.test(n)),
    jsUrls: [...el.querySelectorAll('[href], [src]')]
      .map((n) => n.getAttribute('href') ?? n.getAttribute('src') ?? '')
      .filter((u) => /^\s*javascript:/i.test(u)),
    styles: [...el.querySelectorAll('[style]')]
      .map((n) => n.getAttribute('style') ?? '')
      .filter((s) => /javascript|url\(/i.test(s)),
  }));
  expect(found).toEqual({ scripts: 0, handlers: [], jsUrls: [], styles: [] });
  // Hovering and clicking what is left gives a handler or a javascript: link its chance to run.
  await view.first().getByText('悬停段落').hover();
  const link = view.first().getByText('恶意链接');
  if (await link.count()) await link.click({ noWaitAfter: true, timeout: 2000 }).catch(() => undefined);
  await inputHandled(page);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

describe('script in rich text', () => {
  it('keeps script in rich text inert: pasted into the editor, or sent raw to the API and shown to admin and visitor', async () => {
    const { page, errors } = await openPageAs(browser, 'province');
    const dialogs = watchDialogs(page);

    // Pasted HTML: the editor keeps only what its document schema knows, and runs nothing.
    await visit(page, '/informationManagement/announcement/addAnnouncement');
    const form = page.locator('.runtime-form-add');
    const editor = form.locator('.runtime-richtext .ProseMirror');
    await editor.waitFor();
    await form.locator('input[placeholder="请输入标题"]').fill(PASTE_TITLE);
    await editor.click();
    await editor.evaluate((el, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', '安全提示正文');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, PAYLOAD);
    await poll(() => editor.textContent()).toContain('安全提示正文');
    await inputHandled(page);
    expect(await editor.locator('script, img[onerror], iframe, svg, [onmouseover]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await screenshot(page, 'info-09-paste-in-editor');
    const pasted = page.waitForResponse((r) => r.url().endsWith('/api/resource/announcement/save'));
    await page
      .locator('.runtime-form-buttons')
      .getByRole('button', { name: btn('发布') })
      .click();
    await page
      .locator('.ant-popconfirm-buttons')
      .getByRole('button', { name: btn('确定') })
      .click();
    const pastedBody = await (await pasted).json();
    expect(pastedBody.flag).toBe(true);
    await page.waitForURL('**/informationManagement/announcement');

    // Raw HTML straight to the API with the admin's session: the server sanitises what it stores.
    const saved = await api(page, 'resource/announcement/save', { title: XSS_TITLE, content: PAYLOAD });
    expect(saved.flag).toBe(true);
    expect(saved.data.content).not.toMatch(/<script|onerror|onload|onmouseover|javascript:|<iframe|<svg/i);
    const published = await api(page, 'resource/announcement/transition', {
      id: saved.data.id,
      action: 'publish',
      version: saved.data.version,
    });
    expect(published.flag).toBe(true);

    // The admin's look page of the raw one.
    await visit(page, `/informationManagement/announcement/lookAnnouncement?id=${saved.data.id}`);
    await expectInert(page, dialogs);
    await screenshot(page, 'info-10-xss-admin-look');
    expect(errors).toEqual([]);

    // A visitor on the public pages: list, then the detail of each.
    const visitor = await openPage(browser, '/noticeAnnouncement');
    const visitorDialogs = watchDialogs(visitor.page);
    await visitor.page.locator('.runtime-list a', { hasText: XSS_TITLE }).click();
    await visitor.page.waitForURL(`**/lookAnnouncement?id=${saved.data.id}`);
    await expectInert(visitor.page, visitorDialogs);
    await screenshot(visitor.page, 'info-11-xss-public-look');
    await visitor.page.goto(`/noticeAnnouncement/lookAnnouncement?id=${pastedBody.data.id}`);
    await touched(visitor.page);
    await expectInert(visitor.page, visitorDialogs);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  });

  it('writes a hostile title as text in the page the server drew and in the page hydrated from it', async () => {
    const { page, context } = await openPageAs(browser, 'province');
    const title = `${XSS_TITLE}标题<img src=x onerror="window.__xss=9">`;
    const saved = await api(page, 'resource/announcement/save', { title, content: '<p>标题安全测试正文</p>' });
    expect(saved.flag).toBe(true);
    const published = await api(page, 'resource/announcement/transition', {
      id: saved.data.id,
      action: 'publish',
      version: saved.data.version,
    });
    expect(published.flag).toBe(true);
    await context.close();

    for (const address of [
      `/noticeAnnouncement?title=${encodeURIComponent(`${XSS_TITLE}标题`)}`,
      `/noticeAnnouncement/lookAnnouncement?id=${saved.data.id}`,
    ]) {
      // openPage waits for the app to hydrate the server's page: every element claimed, none drawn again.
      const visitor = await openPage(browser, address);
      const dialogs = watchDialogs(visitor.page);
      await visitor.page.getByText(title).first().waitFor();
      expect(await visitor.page.locator('#root img[onerror], #root img[src="x"]').count(), address).toBe(0);
      expect(
        await visitor.page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
        address,
      ).toBeUndefined();
      expect(dialogs, address).toEqual([]);
      expect(visitor.errors, address).toEqual([]);
      await visitor.context.close();
    }
  });
});
