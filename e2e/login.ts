/**
 * Logging in and out through the real login dialog, for every browser journey.
 *
 *   const { page, context } = await openPage(browser, '/homePage');
 *   await loginViaUi(page, 'leader1');          // demo password and test captcha of the harness
 *   ...
 *   await logoutViaUi(page);
 *
 * After a login on home the first-visit guided tour may open over the page; loginViaUi closes it
 * (without finishing it, so it is not saved) unless { keepTour: true }.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { animationsDone, api, captchaCode, dataDir, demoPassword, openPage, touched } from './harness.js';

export const LOGIN_DIALOG = '.shell-login-dialog';
export const TOUR = '.ant-tour.shell-tour';

export interface LoginOptions {
  password?: string;
  captcha?: string;
  /** Leave the guided tour open when it appears (default: close it). */
  keepTour?: boolean;
  /** Wait for success (default true); false to check a refused login yourself. */
  expectSuccess?: boolean;
}

/** Opens the login dialog (if it is not open yet) and waits for its captcha picture. */
export async function openLoginDialog(page: Page): Promise<void> {
  const dialog = page.locator(LOGIN_DIALOG);
  // Until the app has taken over a page the server drew (up to 8 s), both shells hold a 登录 button.
  await touched(page);
  // The app may open the dialog itself meanwhile (a call answering 用户未登录): then it is used as it
  // is, and the 登录 button it covers is not pressed again.
  for (let tries = 0; !(await dialog.isVisible()) && tries < 15; tries += 1)
    await page
      .locator('.shell-login-button:visible')
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  await dialog.waitFor({ state: 'visible' });
  await page.locator(`${LOGIN_DIALOG} .shell-captcha-picture img`).waitFor({ state: 'visible' });
  // Typed into or pressed during its zoom-in, the dialog's fields and button are still moving.
  await animationsDone(page);
}

/** Fills the dialog and presses 登录. */
export async function submitLogin(page: Page, username: string, password: string, captcha: string): Promise<void> {
  await openLoginDialog(page);
  await page.fill(`${LOGIN_DIALOG} input[placeholder="请输入用户名"]`, username);
  await page.fill(`${LOGIN_DIALOG} input[placeholder="请输入密码"]`, password);
  await page.fill(`${LOGIN_DIALOG} input[placeholder="请输入验证码"]`, captcha);
  await page.locator(`${LOGIN_DIALOG} .shell-login-submit`).click();
}

/**
 * The shell's word on the tour: 'pending' until the sub-system list is in, then 'shown' or 'none'.
 */
export async function tourState(page: Page): Promise<string> {
  // Right after a navigation the shell is not mounted yet: wait for it, then for its decision.
  await page.waitForFunction(() => {
    const state = document.querySelector('[data-tour]')?.getAttribute('data-tour');
    return state != null && state !== 'pending';
  });
  return (await page.locator('[data-tour]').first().getAttribute('data-tour')) ?? 'none';
}

/** Closes the guided tour when the shell shows it (without finishing it, so it is not saved). */
export async function closeTourIfShown(page: Page): Promise<boolean> {
  if ((await tourState(page)) !== 'shown') return false;
  const tour = page.locator(TOUR).first();
  // A navigation right after the decision (a redirect after login) takes the tour away again.
  await page.waitForFunction((selector) => {
    const state = document.querySelector('[data-tour]')?.getAttribute('data-tour');
    const el = document.querySelector(selector);
    return state === 'none' || (state === 'shown' && el != null && el.getClientRects().length > 0);
  }, TOUR);
  if (!(await tour.isVisible())) return false;
  // A redirect after login (to the page a visitor asked for) may take the tour away between the
  // look and the click: then there is nothing left to close.
  await tour
    .locator('.ant-tour-close')
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await tour.waitFor({ state: 'hidden' });
  return true;
}

/** Logs in through the dialog as `username` (demo password and test captcha by default). */
export async function loginViaUi(page: Page, username: string, options: LoginOptions | string = {}): Promise<void> {
  const o: LoginOptions = typeof options === 'string' ? { password: options } : options;
  await submitLogin(page, username, o.password ?? demoPassword(), o.captcha ?? captchaCode());
  if (o.expectSuccess === false) return;
  await page.locator('.shell-user-name').waitFor({ state: 'visible' });
  await page.locator(LOGIN_DIALOG).waitFor({ state: 'hidden' });
  if (!o.keepTour) await closeTourIfShown(page);
}

/**
 * Where this run keeps an account's logged-in browser state (cookies and local storage): beside the
 * portal's data folder, so each run starts without any and the global teardown removes them.
 */
export function sessionStateFile(username: string): string {
  return path.join(`${dataDir()}-sessions`, `${username}.json`);
}

/** Whether the page's stored login is still one the server accepts, for `username`. */
async function stillLoggedIn(page: Page, username: string): Promise<boolean> {
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('userObj') ?? 'null') as { username?: string } | null,
  );
  if (stored?.username !== username) return false;
  return (await api(page, 'home/queryMenuList')).flag;
}

/**
 * A fresh browser context logged in as `username`, then at `pathname`. The dialog is used once per
 * account per run; later contexts start from the state saved after it (one login per role per run),
 * unless that login has ended meanwhile (a journey logged out), when the dialog is used again.
 * Journeys that test the login itself use loginViaUi.
 */
export async function openPageAs(browser: Browser, username: string, pathname = '/homePage') {
  const file = sessionStateFile(username);
  if (fs.existsSync(file)) {
    const opened = await openPage(browser, pathname, { storageState: file });
    if (await stillLoggedIn(opened.page, username)) {
      if (pathname === '/homePage') await closeTourIfShown(opened.page);
      return opened;
    }
    await opened.context.close();
  }
  const opened = await openPage(browser, '/homePage');
  await loginViaUi(opened.page, username);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await opened.context.storageState({ path: file });
  if (pathname !== '/homePage') await opened.page.goto(pathname);
  await touched(opened.page);
  return opened;
}

/** Logs out with the header's logout icon and waits for the login button. */
export async function logoutViaUi(page: Page): Promise<void> {
  // Signed out on 首页, the app loads it again (goOrReloadHome); elsewhere it goes there. The 登录
  // button shows before that reload: what is done on the page meanwhile would be lost with it.
  const onHome = new URL(page.url()).pathname === '/homePage';
  const logout = page.locator('.shell-logout').click();
  if (onHome) await Promise.all([page.waitForEvent('load'), logout]);
  else await Promise.all([page.waitForURL('**/homePage'), logout]);
  await page.locator('.shell-login-button:visible').waitFor({ state: 'visible' });
}

/**
 * One logged-in browser context per account, opened on first use and kept for a whole journey:
 *   const sessions = loginSessions(() => browser);
 *   const page = await sessions.as('leader1');
 *   afterAll(() => sessions.closeAll());
 */
export function loginSessions(browser: () => Browser) {
  const opened = new Map<string, Promise<{ context: BrowserContext; page: Page }>>();
  return {
    as(username: string): Promise<Page> {
      if (!opened.has(username)) {
        opened.set(username, openPageAs(browser(), username));
      }
      return opened.get(username)!.then((s) => s.page);
    },
    async closeAll(): Promise<void> {
      for (const s of opened.values()) await (await s.catch(() => undefined))?.context.close();
      opened.clear();
    },
  };
}
