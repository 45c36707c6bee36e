/**
 * The guided tour closed with ✕ stays closed for the rest of the login session in that sub-system:
 * back on 首页 from another page, after a reload, on 首页 in a new tab, and after switching to
 * another sub-system (whose own tour is shown once) and back. Finishing it (remindAgain, SPEC §4) is shellSwitching.e2e.ts's. The
 * journey ends in the sub-system it started in, so a later login of city1101 lands where it did.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, touched, visit } from './harness.js';
import { TOUR, loginViaUi, tourState } from './login.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SWITCH = '.shell-subsystem-switch';

async function closeWithCross(page: Page): Promise<void> {
  expect(await tourState(page)).toBe('shown');
  const tour = page.locator(TOUR).first();
  await tour.waitFor({ state: 'visible' });
  await tour.locator('.ant-tour-close').click();
  await tour.waitFor({ state: 'hidden' });
  expect(await tourState(page)).toBe('none');
}

/** Switches to the sub-system named `name` (not as the default); the app reloads on 首页. */
async function switchTo(page: Page, name: string): Promise<void> {
  await page.locator(`${SWITCH} button`).click();
  const dialog = page.locator('.shell-subsystem-dialog');
  await dialog.waitFor({ state: 'visible' });
  await dialog.locator('.ant-radio-wrapper', { hasText: name }).click();
  await Promise.all([page.waitForEvent('load'), dialog.locator('.ant-btn-primary').click()]);
  await page.waitForURL('**/homePage');
  await expect.poll(() => page.locator(SWITCH).innerText()).toBe(name);
}

describe('the guided tour closed with ✕', () => {
  it('holds for the session in its sub-system: back on 首页, after a reload, after a switch and back', async () => {
    const { page, context } = await openPage(browser, '/homePage');
    await loginViaUi(page, 'city1101', { keepTour: true });
    // The header names the sub-system once the list of them is in (子系统 until then).
    await expect.poll(() => page.locator(SWITCH).innerText()).not.toBe('子系统');
    const start = (await page.locator(SWITCH).innerText()).trim();
    await closeWithCross(page);

    await visit(page, '/informationManagement/announcement');
    await visit(page, '/homePage');
    expect(await tourState(page)).toBe('none');
    await page.reload();
    await page.locator('.shell-user-name').waitFor();
    expect(await tourState(page)).toBe('none');
    // 首页 in a new tab of the same login.
    const tab = await context.newPage();
    await tab.goto('/homePage');
    await touched(tab);
    await tab.locator('.shell-user-name').waitFor();
    expect(await tourState(tab)).toBe('none');
    await tab.close();

    await page.locator(`${SWITCH} button`).click();
    const dialog = page.locator('.shell-subsystem-dialog');
    await dialog.locator('.shell-subsystem-name').first().waitFor();
    const names = await dialog.locator('.shell-subsystem-name').allInnerTexts();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    const other = names.map((n) => n.trim()).find((n) => n && n !== start)!;
    expect(other, 'a second sub-system').toBeTruthy();
    // Another sub-system has a tour of its own, shown once.
    await switchTo(page, other);
    await closeWithCross(page);
    await switchTo(page, start);
    expect(await tourState(page)).toBe('none');
    expect(await page.locator(TOUR).isVisible()).toBe(false);
    await switchTo(page, other);
    expect(await tourState(page)).toBe('none');
    await screenshot(page, 'tour-closed-after-switch');
    await switchTo(page, start);
    await context.close();
  });
});
