// What the shell's menus show, for the shell journeys.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export const APPLICANT_WORDING = ['课题申报通知', '我的课题列表', '课题变更申请'];
export const ADMIN_WORDING = ['发布申报通知', '课题审核管理', '课题变更管理'];

export async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ state: 'visible' });
}

/** The header's entries as shown (none folded into the overflow menu). */
export async function topMenuTexts(page: Page): Promise<string[]> {
  await page.locator('.shell-top-menu .ant-menu-item').first().waitFor();
  expect(await page.locator('.shell-top-menu .ant-menu-overflow-item-rest').isVisible()).toBe(false);
  return (await page.locator('.shell-top-menu .ant-menu-item:not([aria-hidden="true"])').allInnerTexts()).map((t) =>
    t.replace(/\s+/g, ''),
  );
}

export async function siderTexts(page: Page): Promise<string[]> {
  await page.locator('.shell-sider .ant-menu-item').first().waitFor();
  // An entry's text less its badge (a count, or what it counts and the count: 待办 6).
  const items = page.locator('.shell-sider .ant-menu-item');
  return items.evaluateAll((els) =>
    els.map((el) => {
      const label = el.querySelector('.shell-menu-label');
      const badge = label?.querySelector('.shell-menu-badge');
      return (label?.textContent ?? el.textContent ?? '').replace(badge?.textContent ?? '', '').trim();
    }),
  );
}

export async function clickTop(page: Page, name: string): Promise<void> {
  await page.locator('.shell-top-menu .ant-menu-item:not([aria-hidden="true"])', { hasText: name }).first().click();
}
