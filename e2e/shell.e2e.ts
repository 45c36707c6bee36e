/**
 * The app shell as a new user meets it: home as a visitor, the login dialog and its messages,
 * every demo role, role and sub-system switch, the guided tour, logout, /403 and unknown paths.
 * Each journey saves a screenshot under .e2e/screenshots/shell-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, captchaCode, launchBrowser, openPage, screenshot, settled } from './harness.js';
import { LOGIN_DIALOG, TOUR, closeTourIfShown, loginViaUi, logoutViaUi, openLoginDialog, submitLogin, tourState } from './login.js';

const APPLICANT_WORDING = ['课题申报通知', '我的课题列表', '课题变更申请'];
const ADMIN_WORDING = ['发布申报通知', '课题审核管理', '课题变更管理'];

const DEMO_ROLES: { user: string; name: string; role: string; wording: string[] }[] = [
  { user: 'admin', name: '系统管理员', role: '超级管理员', wording: ADMIN_WORDING },
  { user: 'province', name: '省级管理员', role: '省级管理员', wording: ADMIN_WORDING },
  { user: 'city1123', name: '定州市管理员', role: '市级管理员', wording: ADMIN_WORDING },
  { user: 'city1101', name: '石家庄市管理员', role: '市级管理员', wording: ADMIN_WORDING },
  { user: 'leader1', name: '张老师', role: '课题负责人', wording: APPLICANT_WORDING },
  { user: 'leader2', name: '李老师', role: '课题负责人', wording: APPLICANT_WORDING },
  { user: 'expert1', name: '王专家', role: '评审专家', wording: APPLICANT_WORDING },
  { user: 'expert2', name: '赵专家', role: '评审专家', wording: APPLICANT_WORDING },
  { user: 'multi', name: '刘老师', role: '课题负责人', wording: APPLICANT_WORDING },
];

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ state: 'visible' });
}

/** The header's entries as shown (none folded into the overflow menu). */
async function topMenuTexts(page: Page): Promise<string[]> {
  await page.locator('.shell-top-menu .ant-menu-item').first().waitFor();
  expect(await page.locator('.shell-top-menu .ant-menu-overflow-item-rest').isVisible()).toBe(false);
  return (await page.locator('.shell-top-menu .ant-menu-item:not([aria-hidden="true"])').allInnerTexts()).map((t) => t.replace(/\s+/g, ''));
}

async function siderTexts(page: Page): Promise<string[]> {
  await page.locator('.shell-sider .ant-menu-item').first().waitFor();
  // An entry's text less its badge (a count, or what it counts and the count: 待办 6).
  const items = page.locator('.shell-sider .ant-menu-item');
  return items.evaluateAll((els) => els.map((el) => {
    const label = el.querySelector('.shell-menu-label');
    const badge = label?.querySelector('.shell-menu-badge');
    return (label?.textContent ?? el.textContent ?? '').replace(badge?.textContent ?? '', '').trim();
  }));
}

async function clickTop(page: Page, name: string): Promise<void> {
  await page.locator('.shell-top-menu .ant-menu-item:not([aria-hidden="true"])', { hasText: name }).first().click();
}

describe('the shell for a visitor', () => {
  it('shows home with the system name, public navigation, portal sections, login button and footer', async () => {
    const { page, context, errors } = await openPage(browser, '/');
    await page.waitForURL('**/homePage');
    await expect.poll(() => page.locator('.shell-system-name').innerText()).toBe('教育科研课题管理平台');
    expect(await topMenuTexts(page)).toEqual(['首页', '通知公告', '活动动态', '相关下载', '立项名单', '结题公示', '政策法规', '证书查验', '常见问题']);
    await page.locator('.shell-login-button').waitFor();
    for (const title of ['通知公告', '活动动态', '相关下载', '政策法规']) {
      await expect.poll(() => page.locator('.shell-home-section-head h3', { hasText: title }).count()).toBe(1);
    }
    const footer = await page.locator('.shell-footer').innerText();
    expect(footer).toContain('V1.1.1110');
    expect(footer).toContain('主办单位');
    expect(await page.locator('.shell-breadcrumb').count()).toBe(0);
    expect(await page.title()).toBe('教育科研课题管理平台');
    await screenshot(page, 'shell-01-home-visitor');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a visitor on a private page to home with the login dialog open', async () => {
    const { page, context } = await openPage(browser, '/informationManagement/announcement');
    await page.waitForURL('**/homePage');
    await page.locator(LOGIN_DIALOG).waitFor({ state: 'visible' });
    expect(await page.locator(`${LOGIN_DIALOG} .ant-modal-title`).innerText()).toBe('用户登录');
    await expect.poll(async () => Math.round((await page.locator(`${LOGIN_DIALOG} .ant-modal-content`).boundingBox())!.width)).toBe(320);
    await page.locator(`${LOGIN_DIALOG} .shell-captcha-picture img`).waitFor();
    const pic = await page.locator(`${LOGIN_DIALOG} .shell-captcha-picture img`).boundingBox();
    expect([Math.round(pic!.width), Math.round(pic!.height)]).toEqual([90, 32]);
    await screenshot(page, 'shell-02-private-url-login');
    // After the login the visitor is taken to the page they asked for.
    await loginViaUi(page, 'admin');
    await page.waitForURL('**/informationManagement/announcement');
    await context.close();
  });

  it('checks the empty fields of the login dialog', async () => {
    const { page, context } = await openPage(browser, '/homePage');
    await openLoginDialog(page);
    await page.locator(`${LOGIN_DIALOG} .shell-login-submit`).click();
    for (const text of ['用户名不能为空', '密码不能为空', '请输入验证码!']) {
      await page.locator(`${LOGIN_DIALOG} .ant-form-item-explain-error`, { hasText: text }).waitFor();
    }
    // The captcha field takes no whitespace and at most 20 characters.
    await page.fill(`${LOGIN_DIALOG} input[placeholder="请输入验证码"]`, ' a b ');
    expect(await page.inputValue(`${LOGIN_DIALOG} input[placeholder="请输入验证码"]`)).toBe('ab');
    expect(await page.getAttribute(`${LOGIN_DIALOG} input[placeholder="请输入验证码"]`, 'maxlength')).toBe('20');
    // The picture refreshes on click.
    const before = await page.getAttribute(`${LOGIN_DIALOG} .shell-captcha-picture img`, 'src');
    await page.locator(`${LOGIN_DIALOG} .shell-captcha-picture`).click();
    await expect.poll(() => page.getAttribute(`${LOGIN_DIALOG} .shell-captcha-picture img`, 'src')).not.toBe(before);
    await page.fill(`${LOGIN_DIALOG} input[placeholder="请输入验证码"]`, '');
    await page.locator(`${LOGIN_DIALOG} .shell-login-submit`).click();
    await screenshot(page, 'shell-03-empty-fields');
    // The registration link leads to the sign-up route.
    await page.locator(`${LOGIN_DIALOG} .shell-login-links a`).click();
    await page.waitForURL('**/signUp/signUp');
    await context.close();
  });

  it('refuses a wrong password with 用户名或者密码错误！ and a new captcha', async () => {
    const { page, context } = await openPage(browser, '/homePage');
    await openLoginDialog(page);
    const before = await page.getAttribute(`${LOGIN_DIALOG} .shell-captcha-picture img`, 'src');
    await submitLogin(page, 'expert2', 'not-the-password', captchaCode());
    await toast(page, '用户名或者密码错误！');
    await expect.poll(() => page.getAttribute(`${LOGIN_DIALOG} .shell-captcha-picture img`, 'src')).not.toBe(before);
    expect(await page.locator(LOGIN_DIALOG).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('tgt'))).toBeNull();
    await screenshot(page, 'shell-04-wrong-password');
    await context.close();
  });
});

describe('every demo role', () => {
  for (const demo of DEMO_ROLES) {
    it(`logs in as ${demo.user} and sees the ${demo.role} menu with its wording`, async () => {
      const { page, context, errors } = await openPage(browser, '/homePage');
      await loginViaUi(page, demo.user);
      expect(await page.locator('.shell-user-name').innerText()).toBe(demo.name);
      expect(await page.locator('.shell-role-switch').innerText()).toContain(demo.role);
      const stored = await page.evaluate(() => ({ tgt: localStorage.getItem('tgt'), engName: localStorage.getItem('engName'), user: localStorage.getItem('userObj'), csrf: localStorage.getItem('csrfToken') }));
      // The SSO ticket stays in its HttpOnly cookie: nothing script-readable holds it.
      expect(stored.tgt).toBeNull();
      const ticket = (await context.cookies()).find((c) => c.name === 'SSO_TGC');
      expect(ticket?.httpOnly).toBe(true);
      const everything = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie);
      expect(everything).not.toContain(ticket!.value);
      expect(stored.engName).toBeTruthy();
      expect(stored.csrf).toBeTruthy();
      expect(JSON.parse(stored.user!).username).toBe(demo.user);
      const top = await topMenuTexts(page);
      expect(top).toContain('课题管理');
      if (demo.user === 'admin') expect(top).toEqual(['首页', '课题管理', '评审管理', '会议管理', '信息管理', '专家答疑', '系统管理', '成果管理']);
      await clickTop(page, '课题管理');
      await page.waitForURL('**/projectManagement/declarationGuidelines');
      const entries = await siderTexts(page);
      for (const w of demo.wording) expect(entries).toContain(w);
      const other = demo.wording === ADMIN_WORDING ? APPLICANT_WORDING : ADMIN_WORDING;
      for (const w of other) expect(entries).not.toContain(w);
      // The highlighted entry follows the page, and hidden pages light up their parent.
      expect(await page.locator('.shell-sider .ant-menu-item-selected').innerText()).toContain(demo.wording[0]);
      await page.goto('/projectManagement/projectList/operateDetail?id=1');
      await expect.poll(() => page.locator('.shell-sider .ant-menu-item-selected').innerText()).toContain(demo.wording[1]);
      expect(await page.locator('.shell-breadcrumb').innerText()).toContain('操作详情');
      await screenshot(page, `shell-05-role-${demo.user}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
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
    await expect.poll(async () => Math.round((await dialog.locator('.ant-modal-content').boundingBox())!.width)).toBe(325);
    expect(await dialog.locator('.ant-radio-wrapper').allInnerTexts()).toEqual(['课题负责人', '评审专家']);
    await dialog.locator('.ant-radio-wrapper', { hasText: '评审专家' }).click();
    await screenshot(page, 'shell-06-role-dialog');
    // On home the switch reloads the page: wait for the new page's load, not the current one's.
    await Promise.all([page.waitForEvent('load'), dialog.locator('.ant-btn-primary').click()]);
    await closeTourIfShown(page);
    await expect.poll(() => page.locator('.shell-role-switch').innerText()).toContain('评审专家');
    expect(await page.evaluate(() => localStorage.getItem('engName'))).toBe('ZJ');
    await expect.poll(() => topMenuTexts(page)).toContain('评审管理');
    await screenshot(page, 'shell-06-role-expert');
    // From another page the switch goes home.
    await page.goto('/projectManagement/projectList');
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
    await expect.poll(async () => Math.round((await dialog.locator('.ant-modal-content').boundingBox())!.width)).toBe(580);
    const names = await dialog.locator('.shell-subsystem-name').allInnerTexts();
    expect(names.length).toBeGreaterThanOrEqual(2);
    const other = names.find((n) => n !== start)!;
    await dialog.locator('.ant-radio-wrapper', { hasText: other }).click();
    expect(await dialog.locator('.ant-checkbox-wrapper input').isChecked()).toBe(false);
    await dialog.locator('.ant-checkbox-wrapper', { hasText: '设为默认子系统' }).click();
    expect(await dialog.locator('.ant-checkbox-wrapper input').isChecked()).toBe(true);
    await screenshot(page, 'shell-07-subsystem-dialog');
    await Promise.all([page.waitForEvent('load'), dialog.locator('.ant-btn-primary').click()]);
    await closeTourIfShown(page);
    await expect.poll(() => page.locator('.shell-subsystem-switch').innerText()).toBe(other);
    // A new login lands in the sub-system last chosen.
    await logoutViaUi(page);
    await loginViaUi(page, 'expert1');
    await expect.poll(() => page.locator('.shell-subsystem-switch').innerText()).toBe(other);
    await page.locator('.shell-subsystem-switch button').click();
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.locator('.ant-radio-wrapper', { hasText: other }).innerText()).toContain('（默认）');
    await dialog.locator('.ant-radio-wrapper', { hasText: start }).click();
    await Promise.all([page.waitForEvent('load'), dialog.locator('.ant-btn-primary').click()]);
    await closeTourIfShown(page);
    await expect.poll(() => page.locator('.shell-subsystem-switch').innerText()).toBe(start);
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
    const stored = await page.evaluate(() => ['tgt', 'userObj', 'engName', 'csrfToken'].map((k) => localStorage.getItem(k)));
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
    const menu = await api(admin.page, 'resource/menuItem/list', { page: 1, pageSize: 100, filters: [{ field: 'roleCode', value: '3' }] });
    const entries = (menu.data.list as { id: number; parentCode?: string }[]).filter((m) => m.parentCode === 'resultsManagement');
    expect(entries.length).toBeGreaterThan(0);
    const setHidden = async (invisible: boolean) => {
      for (const m of entries) expect((await api(admin.page, 'resource/menuItem/save', { id: m.id, invisible })).flag).toBe(true);
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
