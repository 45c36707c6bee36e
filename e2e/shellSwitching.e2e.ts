/**
 * The app shell once logged in: role and sub-system switch, the guided tour, logout, /403, /500
 * and unknown paths. Each journey saves a screenshot under .e2e/screenshots/shell-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, launchBrowser, openPage, screenshot, settled } from './harness.js';
import { LOGIN_DIALOG, TOUR, closeTourIfShown, loginViaUi, logoutViaUi, tourState } from './login.js';
import { clickTop, toast, topMenuTexts } from './shellMenus.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('switching and leaving', () => {
  it('switches the multi user from project leader to expert and back', async () => {
    const { page, context } = await openPage(browser, '/homePage');
    await loginViaUi(page, 'multi');
    expect(await topMenuTexts(page)).not.toContain('评审管理');
    await page.locator('.shell-role-switch button').click();
    const dialog = page.locator('.shell-role-dialog');
    await dialog.waitFor({ state: 'visible' });
    // Measured once the opening animation is over.
    await expect
      .poll(async () => Math.round((await dialog.locator('.ant-modal-content').boundingBox())!.width))
      .toBe(325);
    expect(await dialog.locator('.ant-radio-wrapper').allInnerTexts()).toEqual(['课题负责人', '评审专家']);
    await dialog.locator('.ant-radio-wrapper', { hasText: '评审专家' }).click();
    await screenshot(page, 'shell-06-role-dialog');
    // On home the switch reloads the page: wait for the new page's load, not the current one's.
    await Promise.all([page.waitForEvent('load'), dialog.locator('.ant-btn-primary').click()]);
    // A switch reloads the app, which then opens home: the tour is decided there.
    await page.waitForURL('**/homePage');
    await closeTourIfShown(page);
    await expect.poll(() => page.locator('.shell-role-switch').innerText()).toContain('评审专家');
    expect(await page.evaluate(() => localStorage.getItem('engName'))).toBe('ZJ');
    await expect.poll(() => topMenuTexts(page)).toContain('评审管理');
    await screenshot(page, 'shell-06-role-expert');
    // From another page the switch goes home.
    await page.goto('/projectManagement/projectList');
    // Once the list is in: a click as the global loading screen comes up (a call over 300 ms) lands
    // on that screen, not on the header.
    await page.locator('.runtime-list .ant-table-tbody').waitFor();
    await settled(page);
    await page.locator('.shell-role-switch button').click();
    await dialog.waitFor({ state: 'visible' });
    await dialog.locator('.ant-radio-wrapper', { hasText: '课题负责人' }).click();
    await dialog.locator('.ant-btn-primary').click();
    await page.waitForURL('**/homePage');
    await closeTourIfShown(page);
    await expect.poll(() => page.locator('.shell-role-switch').innerText()).toContain('课题负责人');
    expect(await page.evaluate(() => localStorage.getItem('engName'))).toBe('FZR');
    await context.close();
  });

  it('switches sub-system, optionally as the default, and back', async () => {
    const { page, context } = await openPage(browser, '/homePage');
    await loginViaUi(page, 'expert1');
    const start = (await page.locator('.shell-subsystem-switch').innerText()).trim();
    await page.locator('.shell-subsystem-switch button').click();
    const dialog = page.locator('.shell-subsystem-dialog');
    await dialog.waitFor({ state: 'visible' });
    await expect
      .poll(async () => Math.round((await dialog.locator('.ant-modal-content').boundingBox())!.width))
      .toBe(580);
    const names = await dialog.locator('.shell-subsystem-name').allInnerTexts();
    expect(names.length).toBeGreaterThanOrEqual(2);
    const other = names.find((n) => n !== start)!;
    await dialog.locator('.ant-radio-wrapper', { hasText: other }).click();
    expect(await dialog.locator('.ant-checkbox-wrapper input').isChecked()).toBe(false);
    await dialog.locator('.ant-checkbox-wrapper', { hasText: '设为默认子系统' }).click();
    expect(await dialog.locator('.ant-checkbox-wrapper input').isChecked()).toBe(true);
    await screenshot(page, 'shell-07-subsystem-dialog');
    await Promise.all([page.waitForEvent('load'), dialog.locator('.ant-btn-primary').click()]);
    // A switch reloads the app, which then opens home: the tour is decided there.
    await page.waitForURL('**/homePage');
    // The tour is decided for the sub-system switched to, once the header names it.
    await expect.poll(() => page.locator('.shell-subsystem-switch').innerText()).toBe(other);
    await closeTourIfShown(page);
    // A new login lands in the sub-system last chosen.
    await logoutViaUi(page);
    await loginViaUi(page, 'expert1');
    await expect.poll(() => page.locator('.shell-subsystem-switch').innerText()).toBe(other);
    await page.locator('.shell-subsystem-switch button').click();
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.locator('.ant-radio-wrapper', { hasText: other }).innerText()).toContain('（默认）');
    await dialog.locator('.ant-radio-wrapper', { hasText: start }).click();
    await Promise.all([page.waitForEvent('load'), dialog.locator('.ant-btn-primary').click()]);
    // A switch reloads the app, which then opens home: the tour is decided there.
    await page.waitForURL('**/homePage');
    await expect.poll(() => page.locator('.shell-subsystem-switch').innerText()).toBe(start);
    await closeTourIfShown(page);
    await screenshot(page, 'shell-07-subsystem-back');
    await context.close();
  });

  it('shows the guided tour on home once, and never again after finishing it', async () => {
    const { page, context } = await openPage(browser, '/homePage');
    await loginViaUi(page, 'leader2', { keepTour: true });
    expect(await tourState(page)).toBe('shown');
    const tour = page.locator(TOUR).first();
    await tour.waitFor({ state: 'visible' });
    expect(await tour.innerText()).toContain('切换子系统');
    await screenshot(page, 'shell-08-tour-step1');
    await tour.locator('.ant-tour-next-btn').click();
    await expect.poll(() => tour.innerText()).toContain('切换角色');
    await screenshot(page, 'shell-08-tour-step2');
    // Finishing saves remindAgain 1 and reloads.
    await Promise.all([page.waitForEvent('load'), tour.locator('.ant-tour-next-btn').click()]);
    await page.locator('.shell-user-name').waitFor();
    expect(await tourState(page)).toBe('none');
    expect(await page.locator(TOUR).isVisible()).toBe(false);
    await page.reload();
    await page.locator('.shell-user-name').waitFor();
    expect(await tourState(page)).toBe('none');
    await logoutViaUi(page);
    await loginViaUi(page, 'leader2', { keepTour: true });
    expect(await tourState(page)).toBe('none');
    expect(await page.locator(TOUR).isVisible()).toBe(false);
    await screenshot(page, 'shell-08-tour-gone');
    await context.close();
  });

  it('does not show the tour away from home', async () => {
    const { page, context } = await openPage(browser, '/homePage');
    await loginViaUi(page, 'city1101');
    await page.goto('/informationManagement/announcement');
    await page.locator('.shell-user-name').waitFor();
    await settled(page);
    // tourState waits for the shell's decision, which is made once the sub-systems are in.
    expect(await tourState(page)).toBe('none');
    expect(await page.locator(TOUR).isVisible()).toBe(false);
    await context.close();
  });

  it('logs out from another page to home, clearing the stored login', async () => {
    const { page, context } = await openPage(browser, '/homePage');
    await loginViaUi(page, 'province');
    await page.goto('/informationManagement/announcement');
    await logoutViaUi(page);
    await page.waitForURL('**/homePage');
    const stored = await page.evaluate(() =>
      ['tgt', 'userObj', 'engName', 'csrfToken'].map((k) => localStorage.getItem(k)),
    );
    expect(stored).toEqual([null, null, null, null]);
    await screenshot(page, 'shell-09-logged-out');
    // The old session is gone: a private page asks for the login again.
    await page.goto('/informationManagement/announcement');
    await page.waitForURL('**/homePage');
    await page.locator(LOGIN_DIALOG).waitFor({ state: 'visible' });
    await context.close();
  });
});

describe('permissions and fallbacks', () => {
  it('tells a city admin 你没有该栏目的权限！！ for a section without entries and shows /403', async () => {
    // The super admin hides every entry of the city admins' 成果管理 in the menu admin, then shows them again.
    const admin = await openPage(browser, '/homePage');
    await loginViaUi(admin.page, 'admin');
    const menu = await api(admin.page, 'resource/menuItem/list', {
      page: 1,
      pageSize: 100,
      filters: [{ field: 'roleCode', value: '3' }],
    });
    const entries = (menu.data.list as { id: number; parentCode?: string }[]).filter(
      (m) => m.parentCode === 'resultsManagement',
    );
    expect(entries.length).toBeGreaterThan(0);
    const setHidden = async (invisible: boolean) => {
      for (const m of entries)
        expect((await api(admin.page, 'resource/menuItem/save', { id: m.id, invisible })).flag).toBe(true);
    };
    await setHidden(true);
    try {
      const { page, context } = await openPage(browser, '/homePage');
      await loginViaUi(page, 'city1123');
      await clickTop(page, '成果管理');
      await toast(page, '你没有该栏目的权限！！');
      await page.waitForURL('**/403');
      await page.locator('.shell-403').waitFor();
      await screenshot(page, 'shell-10-no-section-rights');
      await context.close();
    } finally {
      await setHidden(false);
      await admin.context.close();
    }
  });

  it('shows /403 and /500 without asking for a login', async () => {
    const { page, context } = await openPage(browser, '/403');
    await page.locator('.shell-403').waitFor();
    expect(await page.locator(LOGIN_DIALOG).count()).toBe(0);
    await screenshot(page, 'shell-11-forbidden');
    await page.goto('/500');
    await page.locator('.shell-500').waitFor();
    await context.close();
  });

  it('shows the fallback page for an unknown path', async () => {
    const { page, context, errors } = await openPage(browser, '/no/such/page');
    await page.locator('.shell-404').waitFor();
    expect(await page.locator('.shell-404').innerText()).toContain('抱歉，您访问的页面不存在。');
    await screenshot(page, 'shell-12-unknown-path');
    await page.locator('.shell-404 .ant-btn-primary').click();
    await page.waitForURL('**/homePage');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hides the header on the project detail page', async () => {
    const { page, context } = await openPage(browser, '/homePage');
    await loginViaUi(page, 'leader1');
    await page.goto('/projectManagement/projectList/projectDetail?id=1');
    await page.locator('.shell-breadcrumb').waitFor();
    expect(await page.locator('.shell-header').count()).toBe(0);
    expect(await page.locator('.shell-breadcrumb').innerText()).toContain('课题详情');
    await screenshot(page, 'shell-13-detail-without-header');
    await context.close();
  });
});
