import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseURL, launchBrowser, openPage, screenshot, touched } from './harness.js';
import { closeTourIfShown, loginViaUi } from './login.js';

const PHONE = { width: 375, height: 812 };

/** Opens a public page at a phone's width, once the app has hydrated it, shows `ready` and has folded its tables. */
async function onPhone(
  page: Page,
  address: string,
  ready = '.shell-content .ant-table-row, .shell-content .runtime-compact-table a',
): Promise<void> {
  await page.goto(address);
  await touched(page);
  await page.locator(ready).first().waitFor();
  // The server drew the wide tables; hydrated, the app folds them to the phone's (a transition).
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.shell-content .ant-table')].every(
      (t) => t.querySelector('.ant-table-row-expand-icon-cell') || t.querySelectorAll('thead th').length < 2,
    ),
  );
}

/** A browser that says it is a phone (the client hint every Chromium on a phone sends), with its page errors. */
async function phoneSayingSo(browser: Browser): Promise<{ phone: BrowserContext; page: Page; errors: string[] }> {
  const phone = await browser.newContext({
    baseURL: baseURL(),
    viewport: PHONE,
    locale: 'zh-CN',
    extraHTTPHeaders: { 'sec-ch-ua-mobile': '?1' },
  });
  const page = await phone.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { phone, page, errors };
}

/**
 * What scrolls sideways: the document, and any box inside the page's content whose content is
 * wider than it (a table pushing out of its card), by class and widths.
 */
function sidewaysScrolling(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) out.push(`document ${doc.scrollWidth}/${doc.clientWidth}`);
    for (const el of document.querySelectorAll<HTMLElement>('.shell-content *')) {
      const style = getComputedStyle(el);
      if (style.overflowX !== 'auto' && style.overflowX !== 'scroll') continue;
      if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.className} ${el.scrollWidth}/${el.clientWidth}`);
    }
    return out;
  });
}

describe('the public site on a phone (375 px)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists show their key column, the rest in a row that opens, and nothing scrolls sideways', async () => {
    const { page, errors, context } = await openPage(browser, 'about:blank');
    await page.setViewportSize(PHONE);
    for (const address of ['/homePage', '/noticeAnnouncement', '/approvedTopics', '/expertFaq', '/rulesRegulations']) {
      await onPhone(page, address);
      expect(await sidewaysScrolling(page), address).toEqual([]);
    }

    await onPhone(page, '/noticeAnnouncement');
    const table = page.locator('.runtime-list .ant-table').first();
    await table.locator('.ant-table-row a').first().waitFor();
    // The title is the one column left; 发布时间 is in the row that opens.
    expect(await table.locator('thead th:not(.ant-table-row-expand-icon-cell)').allTextContents()).toEqual(['标题']);
    await table.locator('.ant-table-row-expand-icon').first().click();
    const more = table.locator('.runtime-row-more').first();
    await more.waitFor();
    expect(await more.locator('dt').allTextContents()).toContain('发布时间');
    expect(await more.locator('dd').last().textContent()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await sidewaysScrolling(page)).toEqual([]);
    await screenshot(page, 'public-phone-notices');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a 立项名单 entry stacks its fields in one column, each label above its value', async () => {
    const { page, errors, context } = await openPage(browser, 'about:blank');
    await page.setViewportSize(PHONE);
    await onPhone(page, '/approvedTopics');
    const href = await page.locator('.runtime-list .ant-table-row a').first().getAttribute('href');
    await onPhone(page, href!, '.runtime-form .ant-formily-item');
    const items = page.locator('.runtime-form .ant-formily-item');
    await items.first().waitFor();
    const boxes = await items.evaluateAll((els) =>
      els.map((el) => {
        const label = el.querySelector('.ant-formily-item-label')!.getBoundingClientRect();
        const control = el.querySelector('.ant-formily-item-control')!.getBoundingClientRect();
        const grid = el.closest('.ant-formily-grid-layout')!.getBoundingClientRect();
        return {
          width: el.getBoundingClientRect().width,
          grid: grid.width,
          labelBottom: label.bottom,
          top: control.top,
        };
      }),
    );
    expect(boxes.length).toBeGreaterThan(3);
    for (const b of boxes) {
      expect(Math.abs(b.width - b.grid)).toBeLessThan(2);
      expect(b.labelBottom).toBeLessThanOrEqual(b.top + 1);
    }
    // The list of topics inside: its first column, the others opened under each row.
    const topics = page.locator('.runtime-array-table');
    expect(await topics.locator('thead th:not(.ant-table-row-expand-icon-cell)').count()).toBe(1);
    await topics.locator('.ant-table-row-expand-icon').first().click();
    await topics.locator('.runtime-row-more').first().waitFor();
    expect(await sidewaysScrolling(page)).toEqual([]);
    await screenshot(page, 'public-phone-approved-entry');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a phone that says it is one (Sec-CH-UA-Mobile) gets the phone’s page from the server, hydrated as it is', async () => {
    const { phone, page, errors } = await phoneSayingSo(browser);
    await page.goto('/approvedTopics');
    const entry = await page.locator('.runtime-list .ant-table-row a').first().getAttribute('href');
    for (const address of ['/noticeAnnouncement', '/approvedTopics', '/expertFaq', entry!]) {
      await page.goto(address);
      // Folded by the server: every table's rows open; held before the app arrives.
      const folded = await page.evaluate(() => {
        (window as unknown as { served: Element[] }).served = [...document.querySelectorAll('#root .shell-content *')];
        return [...document.querySelectorAll('.shell-content .ant-table')].map(
          (t) => !!t.querySelector('th.ant-table-row-expand-icon-cell'),
        );
      });
      expect(folded.length, address).toBeGreaterThan(0);
      expect(folded.every(Boolean), address).toBe(true);
      await touched(page);
      const replaced = await page.evaluate(
        () => (window as unknown as { served: Element[] }).served.filter((e) => !e.isConnected).length,
      );
      expect(replaced, address).toBe(0);
    }
    expect(errors).toEqual([]);
    await phone.close();
  });

  it('before the app: the tables the server drew show their key column, nothing cut at the card’s edge, no menu over 登录', async () => {
    const still = await browser.newContext({ baseURL: baseURL(), viewport: PHONE, javaScriptEnabled: false });
    const page = await still.newPage();
    await page.goto('/approvedTopics');
    const entry = await page.locator('.runtime-list .ant-table-row a').first().getAttribute('href');
    for (const address of ['/noticeAnnouncement', '/approvedTopics', '/expertFaq', entry!]) {
      await page.goto(address);
      const found = await page.evaluate(() => {
        const shown = (e: Element) => e.getBoundingClientRect().width > 0;
        const tables = [...document.querySelectorAll('.shell-content .ant-table')];
        const card = document.querySelector('.shell-content .ant-card, .shell-content .runtime-list')!;
        const right = card.getBoundingClientRect().right;
        const cells = tables.flatMap((t) => [...t.querySelectorAll('th, td')].filter(shown));
        const atLogin = (sel: string) => {
          const r = document.querySelector(sel)!.getBoundingClientRect();
          return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.closest(sel) !== null;
        };
        return {
          headings: tables.map((t) => [...t.querySelectorAll('thead th')].filter(shown).length),
          cut: cells.filter((c) => c.getBoundingClientRect().right > right + 0.5).map((c) => c.textContent),
          clear: atLogin('.shell-login-button') && atLogin('.shell-signup-link'),
        };
      });
      expect(found.headings.length, address).toBeGreaterThan(0);
      expect(
        found.headings.every((n) => n === 1),
        address,
      ).toBe(true);
      expect(found.cut, address).toEqual([]);
      expect(found.clear, address).toBe(true);
    }
    await still.close();
  });

  it('the header’s sections are a row of links under 登录 that scrolls sideways, the same before and after the app; the page’s own in view', async () => {
    const { phone, page, errors } = await phoneSayingSo(browser);
    await page.goto('/expertFaq');
    // The server's drawing, before the app: every section is a link in the row, none folded into ⋯.
    const row = () =>
      page.evaluate(() => {
        const strip = document.querySelector<HTMLElement>('.shell-header-menu')!;
        const items = [...document.querySelectorAll<HTMLElement>('.shell-top-menu > .ant-menu-item')];
        (window as unknown as { served?: Element[] }).served ??= items;
        const shown = strip.getBoundingClientRect();
        const login = document.querySelector('.shell-login-button')!.getBoundingClientRect();
        const selected = document.querySelector('.shell-top-menu > .ant-menu-item-selected')!.getBoundingClientRect();
        return {
          links: items.map((i) => `${i.textContent}:${i.querySelector('a')?.getAttribute('href')}`),
          hidden: items.filter((i) => getComputedStyle(i).opacity === '0').length,
          folded: document.querySelectorAll('.shell-top-menu .ant-menu-overflow-item-rest:not([aria-hidden])').length,
          scrolls: strip.scrollWidth > strip.clientWidth,
          underLogin: shown.top >= login.bottom,
          selectedInView: selected.left >= shown.left - 0.5 && selected.right <= shown.right + 0.5,
          sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
        };
      });
    const before = await row();
    expect(before.links.length).toBeGreaterThanOrEqual(10);
    expect(before.links).toContain('常见问题:/expertFaq');
    expect(before.links).toContain('通知公告:/noticeAnnouncement');
    expect(before).toMatchObject({ hidden: 0, folded: 0, scrolls: true, underLogin: true, sideways: false });
    await touched(page);
    // Once the app has hydrated the page: the same elements, scrolled to the page's own section.
    await expect.poll(async () => (await row()).selectedInView).toBe(true);
    const after = await row();
    expect(after).toMatchObject({ links: before.links, hidden: 0, folded: 0, sideways: false });
    expect(
      await page.evaluate(() => (window as unknown as { served: Element[] }).served.every((e) => e.isConnected)),
    ).toBe(true);
    await screenshot(page, 'public-phone-header');
    await page.locator('.shell-top-menu .ant-menu-item', { hasText: '通知公告' }).click();
    await page.waitForURL('**/noticeAnnouncement');
    await page.locator('.shell-content .ant-table-row').first().waitFor();
    expect(errors).toEqual([]);
    await phone.close();
  });

  it('a list’s filters stack one under another, each label above its field', async () => {
    const { page, errors, context } = await openPage(browser, 'about:blank');
    await page.setViewportSize(PHONE);
    await onPhone(page, '/expertFaq');
    const fields = await page.evaluate(() =>
      [...document.querySelectorAll('.runtime-filters .ant-formily-item')].map((item) => {
        const label = item.querySelector('.ant-formily-item-label')!.getBoundingClientRect();
        const control = item.querySelector('.ant-formily-item-control')!.getBoundingClientRect();
        const grid = item.closest('.ant-formily-grid-layout')!.getBoundingClientRect();
        return { above: label.bottom <= control.top + 1, width: control.width, grid: grid.width };
      }),
    );
    expect(fields.length).toBeGreaterThanOrEqual(2);
    for (const f of fields) {
      expect(f.above).toBe(true);
      expect(Math.abs(f.width - f.grid)).toBeLessThan(2);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leader1 on a phone: name, account and sections fit the header, a section’s entries drop down from a button above the page', async () => {
    const { page, errors, context } = await openPage(browser, 'about:blank');
    await page.setViewportSize(PHONE);
    await page.goto('/homePage');
    await touched(page);
    // On a phone the account is its avatar: the name beside it is not shown.
    await loginViaUi(page, 'leader1', { expectSuccess: false });
    await page.locator('.shell-account-menu').waitFor();
    await closeTourIfShown(page);
    await page.locator('.shell-top-menu .ant-menu-item').first().waitFor();
    const header = await page.evaluate(() => {
      const right = document.querySelector('.shell-header-right')!.getBoundingClientRect();
      const strip = document.querySelector('.shell-header-menu')!.getBoundingClientRect();
      return {
        rightInside: right.left >= 0 && right.right <= window.innerWidth + 0.5,
        stripBelow: strip.top >= right.bottom - 0.5,
        sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
      };
    });
    expect(header).toEqual({ rightInside: true, stripBelow: true, sideways: false });
    await screenshot(page, 'public-phone-header-leader1');
    // A section's entries: a button above the page drops them down, not a sider beside it.
    await page.locator('.shell-top-menu .ant-menu-item', { hasText: '课题管理' }).click();
    await page.waitForURL('**/projectManagement/declarationGuidelines');
    const bar = page.locator('.shell-section-bar button');
    await bar.waitFor();
    expect(await bar.innerText()).toContain('课题管理');
    expect(await page.locator('.shell-sider').count()).toBe(0);
    const content = (await page.locator('.shell-content').boundingBox())!;
    expect(content.x).toBe(0);
    expect(content.width).toBe(PHONE.width);
    await bar.click();
    const entries = page.locator('.shell-section-entries');
    await entries.locator('.ant-dropdown-menu-item', { hasText: '我的课题列表' }).click();
    await page.waitForURL('**/projectManagement/projectList');
    await entries.waitFor({ state: 'hidden' });
    await page.locator('.runtime-list .ant-table-row').first().waitFor();
    await screenshot(page, 'public-phone-section-leader1');
    expect(errors).toEqual([]);
    await context.close();
  });
});
