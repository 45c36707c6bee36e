/**
 * Published results and reminder choices on the demo data: a visitor reaches 立项名单 and 结题公示
 * from the site's navigation and opens a published list with its topics; leader1 finds
 * 消息提醒设置 in the menu, turns an e-mail reminder off, and finds it off after a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buttonName as btn, expectMessage, launchBrowser, openPage, screenshot, settled } from './harness.js';
import { openPageAs } from './login.js';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 150 });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a public result list from the top navigation and answers its first row's title link. */
async function openFromNavigation(page: Page, entry: string, path: string) {
  await page.locator('.shell-top-menu').getByText(entry, { exact: true }).click();
  await poll(() => page.url()).toContain(path);
  const link = page.locator('.runtime-list .ant-table-tbody a').first();
  await link.waitFor();
  return link;
}

describe('published results', () => {
  it('a visitor reads the 立项名单 and the 结题公示 from the site navigation', async () => {
    const { page, context, errors } = await openPage(browser, '/homePage');
    const approved = await openFromNavigation(page, '立项名单', '/approvedTopics');
    await expect(approved.textContent()).resolves.toMatch(/^\d{4}年度.*立项名单$/);
    await approved.click();
    await poll(() => page.url()).toContain('/approvedTopics/look');
    await settled(page);
    // The published topics: number, name, leader, unit and area of each, no more.
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await poll(() => rows.count()).toBeGreaterThan(0);
    await screenshot(page, 'publications-01-approved');

    const concluded = await openFromNavigation(page, '结题公示', '/concludedTopics');
    await expect(concluded.textContent()).resolves.toContain('结题');
    await concluded.click();
    await poll(() => page.url()).toContain('/concludedTopics/look');
    await poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('reminder choices', () => {
  const LABEL = '阶段报告截止提醒：邮件';
  const switchOf = (page: Page) =>
    page
      .locator('.ant-formily-item', { has: page.locator('.ant-formily-item-label', { hasText: LABEL }) })
      .getByRole('switch');

  it('leader1 turns an e-mail reminder off from the menu and finds it kept', async () => {
    const { page, context } = await openPageAs(browser, 'leader1', '/homePage');
    await page.locator('.shell-top-menu .ant-menu-item', { hasText: '个人设置' }).first().click();
    await page.locator('.shell-sider .ant-menu-item', { hasText: '消息提醒设置' }).first().click();
    await poll(() => page.url()).toContain('/personalSettings/notificationSettings');
    const toggle = switchOf(page);
    await poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await page.getByRole('button', { name: btn('保存') }).click();
    await expectMessage(page, '操作成功');
    await screenshot(page, 'publications-02-reminder-choices');

    await page.reload();
    await poll(() => switchOf(page).getAttribute('aria-checked')).toBe('false');
    // Back as the demo data had it.
    await switchOf(page).click();
    await page.getByRole('button', { name: btn('保存') }).click();
    await expectMessage(page, '操作成功');
    await context.close();
  });
});
