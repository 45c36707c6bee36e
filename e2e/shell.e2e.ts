/**
 * The app shell as a new user meets it: home as a visitor, the login dialog and its messages, and
 * every demo role's menu (shellSwitching.e2e.ts: switches, the tour, logout, /403 and unknown paths).
 * Each journey saves a screenshot under .e2e/screenshots/shell-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { captchaCode, inputHandled, launchBrowser, openPage, screenshot } from './harness.js';
import { LOGIN_DIALOG, loginViaUi, openLoginDialog, submitLogin } from './login.js';
import { ADMIN_WORDING, APPLICANT_WORDING, clickTop, siderTexts, toast, topMenuTexts } from './shellMenus.js';

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
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the shell for a visitor', () => {
  // The visitor's journeys keep the motion most people see; the others run with less (harness.ts).
  const withMotion = { motion: 'no-preference' } as const;

  it('shows home with the system name, public navigation, portal sections, login button and footer', async () => {
    const { page, context, errors } = await openPage(browser, '/', withMotion);
    await page.waitForURL('**/homePage');
    await expect.poll(() => page.locator('.shell-system-name').innerText()).toBe('教育科研课题管理平台');
    expect(await topMenuTexts(page)).toEqual([
      '首页',
      '通知公告',
      '申报通知',
      '申报指南',
      '活动动态',
      '相关下载',
      '立项名单',
      '结题公示',
      '政策法规',
      '证书查验',
      '常见问题',
    ]);
    await page.locator('.shell-login-button:visible').waitFor();
    for (const title of ['通知公告', '活动动态', '相关下载', '政策法规']) {
      await expect.poll(() => page.locator('.rt-dash-section-head h3', { hasText: title }).count()).toBe(1);
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
    const { page, context } = await openPage(browser, '/informationManagement/announcement', withMotion);
    await page.waitForURL('**/homePage');
    await page.locator(LOGIN_DIALOG).waitFor({ state: 'visible' });
    expect(await page.locator(`${LOGIN_DIALOG} .ant-modal-title`).innerText()).toBe('用户登录');
    await expect
      .poll(async () => Math.round((await page.locator(`${LOGIN_DIALOG} .ant-modal-content`).boundingBox())!.width))
      .toBe(320);
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
    const { page, context } = await openPage(browser, '/homePage', withMotion);
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
    const { page, context } = await openPage(browser, '/homePage', withMotion);
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

  it('opens the login dialog without animating for a person who asked their system for less motion', async () => {
    /** What animates just after the login button is pressed: the dialog's zoom, the button's ripple. */
    const animatedOnOpen = async (motion: 'reduce' | 'no-preference', awaited?: string) => {
      const { page, context } = await openPage(browser, '/homePage', { motion });
      try {
        await page.locator('.shell-login-button:visible').waitFor();
        await page.evaluate(() => {
          const seen = new Set<string>();
          (window as unknown as { seen: Set<string> }).seen = seen;
          document.addEventListener('animationstart', (e) => seen.add(e.animationName), true);
          document.addEventListener('transitionstart', (e) => seen.add(`transition ${e.propertyName}`), true);
        });
        await page.locator('.shell-login-button:visible').click();
        await page.locator(`${LOGIN_DIALOG} .shell-captcha-picture img`).waitFor({ state: 'visible' });
        // Two frames later an animation that was going to run has started.
        await inputHandled(page);
        await inputHandled(page);
        // On a busy machine the dialog's own animation may start some frames after its mask's.
        if (awaited)
          await page
            .waitForFunction(
              (name) => [...(window as unknown as { seen: Set<string> }).seen].some((s) => s.endsWith(name)),
              awaited,
              { timeout: 5_000 },
            )
            .catch(() => undefined);
        const seen = await page.evaluate(() => [...(window as unknown as { seen: Set<string> }).seen]);
        // antd names its keyframes after the theme's hash (css-ex7gi7-antZoomIn).
        return seen.map((name) => name.replace(/^css-[\w-]+?-(?=ant)/, ''));
      } finally {
        await context.close();
      }
    };
    expect(await animatedOnOpen('no-preference', 'antZoomIn')).toEqual(expect.arrayContaining(['antZoomIn']));
    // A loading indicator (the captcha's) still turns: it says that something is under way.
    const loading = ['antSpinMove', 'antRotate'];
    expect((await animatedOnOpen('reduce')).filter((name) => !loading.includes(name))).toEqual([]);
  });
});

describe('every demo role', () => {
  for (const demo of DEMO_ROLES) {
    it(`logs in as ${demo.user} and sees the ${demo.role} menu with its wording`, async () => {
      const { page, context, errors } = await openPage(browser, '/homePage');
      await loginViaUi(page, demo.user);
      expect(await page.locator('.shell-user-name').innerText()).toBe(demo.name);
      expect(await page.locator('.shell-role-switch').innerText()).toContain(demo.role);
      const stored = await page.evaluate(() => ({
        tgt: localStorage.getItem('tgt'),
        engName: localStorage.getItem('engName'),
        user: localStorage.getItem('userObj'),
        csrf: localStorage.getItem('csrfToken'),
      }));
      // The SSO ticket stays in its HttpOnly cookie: nothing script-readable holds it.
      expect(stored.tgt).toBeNull();
      const ticket = (await context.cookies()).find((c) => c.name === 'SSO_TGC');
      expect(ticket?.httpOnly).toBe(true);
      const everything = await page.evaluate(
        () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
      );
      expect(everything).not.toContain(ticket!.value);
      expect(stored.engName).toBeTruthy();
      expect(stored.csrf).toBeTruthy();
      expect(JSON.parse(stored.user!).username).toBe(demo.user);
      const top = await topMenuTexts(page);
      expect(top).toContain('课题管理');
      if (demo.user === 'admin')
        expect(top).toEqual([
          '首页',
          '课题管理',
          '评审管理',
          '会议管理',
          '信息管理',
          '专家答疑',
          '系统管理',
          '成果管理',
        ]);
      await clickTop(page, '课题管理');
      await page.waitForURL('**/projectManagement/declarationGuidelines');
      const entries = await siderTexts(page);
      for (const w of demo.wording) expect(entries).toContain(w);
      const other = demo.wording === ADMIN_WORDING ? APPLICANT_WORDING : ADMIN_WORDING;
      for (const w of other) expect(entries).not.toContain(w);
      // The highlighted entry follows the page, and hidden pages light up their parent.
      expect(await page.locator('.shell-sider .ant-menu-item-selected').innerText()).toContain(demo.wording[0]);
      await page.goto('/projectManagement/projectList/operateDetail?id=1');
      await expect
        .poll(() => page.locator('.shell-sider .ant-menu-item-selected').innerText())
        .toContain(demo.wording[1]);
      expect(await page.locator('.shell-breadcrumb').innerText()).toContain('操作详情');
      await screenshot(page, `shell-05-role-${demo.user}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
