import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { touched } from './appArrival.js';

export { appArrived, touched } from './appArrival.js';

/** The browser people use, with its PDF viewer. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Chromium's headless build (Debian: chromium-headless-shell): the same pages drawn with less work,
 * but no PDF viewer. Used where installed, unless CHROMIUM_PATH names the browser to use.
 */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
const SCREENSHOTS = path.resolve(import.meta.dirname, '..', '.e2e', 'screenshots');

export const baseURL = (): string => inject('baseURL');
export const demoPassword = (): string => inject('demoPassword');
export const captchaCode = (): string => inject('captchaCode');
export const smsCode = (): string => inject('smsCode');
export const dataDir = (): string => inject('dataDir');

/**
 * Headless Chromium. `fullBrowser` for a journey that needs the browser people use: its PDF viewer,
 * or no mouse move of its own (the headless build sends one to a page that loads under the pointer,
 * which a server-drawn page counts as the visitor touching it).
 */
export function launchBrowser(options: { fullBrowser?: boolean } = {}): Promise<Browser> {
  const lean = !options.fullBrowser && !process.env.CHROMIUM_PATH && fs.existsSync(HEADLESS_SHELL_PATH);
  return chromium.launch({
    executablePath: lean ? HEADLESS_SHELL_PATH : CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** Pages of open contexts, so a failing test can leave a picture of each (e2e/failureShots.ts). */
const openPages = new Set<Page>();

/**
 * The last API answers each page was refused (flag false), with what they said: a toast that came
 * and went before a failing check looked is still told in the failure.
 */
const refusals = new WeakMap<Page, string[]>();

function keepRefusals(page: Page): void {
  const kept: string[] = [];
  refusals.set(page, kept);
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    void response.text().then(
      (body) => {
        if (!body.startsWith('{') || !body.includes('"flag":false')) return;
        kept.push(`${url.pathname} ${response.status()} ${body.slice(0, 200)}`);
        if (kept.length > 5) kept.shift();
      },
      () => undefined,
    );
  });
}

function refusedCalls(page: Page): string {
  const kept = refusals.get(page) ?? [];
  return kept.length ? `; refused calls: ${kept.join(' | ')}` : '';
}

/**
 * Waits for the page's running animations (a dialog's zoom-in), so a click lands where the button has
 * come to rest. antd's click wave is left out: it moves nothing, and it fades for two seconds after
 * every button press.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => !((a.effect as KeyframeEffect | null)?.target as Element | null)?.classList.contains('ant-wave'))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Ticks a checkbox or radio button and waits until it shows ticked. A form's box shows what the
 * form holds, drawn again once the form has taken the change: on a busy machine that can be just
 * after the click returns, when Playwright's check() would already call the click lost.
 */
export async function tick(box: Locator): Promise<void> {
  if (await box.isChecked()) return;
  await box.click();
  await expect.poll(() => box.isChecked()).toBe(true);
}

/**
 * Lets the page finish what the last input queued: a rendering frame, then the tasks queued by then
 * (a handler, a javascript: navigation, an editor transaction), instead of sleeping a fixed time.
 */
export async function inputHandled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/**
 * A fresh browser context (own storage, own cookies) with a page on the portal; console errors are
 * collected. `storageState` starts it with the cookies and local storage saved from another (login.ts).
 * The person has asked their system for less motion unless `motion` says otherwise: dialogs, menus
 * and messages then appear without animating, which spares the browser most of its drawing. The
 * shell's visitor journeys keep the motion everyone else sees.
 */
export async function openPage(
  browser: Browser,
  pathname = '/',
  options: { storageState?: string; baseURL?: string; motion?: 'reduce' | 'no-preference' } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseURL(),
    locale: 'zh-CN',
    viewport: { width: 1366, height: 860 },
    acceptDownloads: true,
    storageState: options.storageState,
    reducedMotion: options.motion ?? 'reduce',
  });
  const page = await context.newPage();
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  keepRefusals(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(pathname);
  await touched(page);
  return { context, page, errors };
}

/** Saves a full-page screenshot under .e2e/screenshots/<name>.png for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * After a failed test: a screenshot of every page still open, and what each shows as messages and
 * field errors, so a failure in CI says what the user would have seen.
 */
export async function shootOpenPages(testName: string): Promise<string[]> {
  const notes: string[] = [];
  const slug = testName.replace(/[^\w\u4e00-\u9fa5]+/g, '-').slice(0, 60);
  let n = 0;
  for (const page of openPages) {
    n += 1;
    try {
      const file = await screenshot(page, `FAILED-${slug}-${n}`);
      const shown = await page
        .locator(
          '.ant-message-notice, .ant-notification-notice, .ant-form-item-explain-error, .ant-formily-item-error-help',
        )
        .allInnerTexts();
      notes.push(`${page.url()} → ${file}${shown.length ? ` (shows: ${shown.join(' | ')})` : ''}${refusedCalls(page)}`);
    } catch {
      // A page that closed meanwhile has nothing to show.
    }
  }
  return notes;
}

/** A button's accessible name: antd puts a space between the two characters of a two-character label. */
export function buttonName(label: string): RegExp {
  return new RegExp(`(^|\\s)${[...label].join('\\s*')}\\s*$`);
}

/** Presses a list row's action, whether shown in the row or folded into its 更多 menu. */
export async function pressRowAction(page: Page, row: Locator, label: string): Promise<void> {
  const direct = row.getByRole('button', { name: buttonName(label) });
  if (await direct.count()) {
    await direct.first().click();
    return;
  }
  await row.getByRole('button', { name: buttonName('更多') }).click();
  await page
    .locator('.runtime-more-actions:visible')
    .getByRole('button', { name: buttonName(label) })
    .click();
}

/** Waits until no table or page is loading, so a screenshot shows settled content. */
export async function settled(page: Page): Promise<void> {
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

/**
 * Goes to `address` in the app already open on `page` as its own links and menu do: the router's
 * history, no reload (a reload runs the whole app again, several times the work of drawing one
 * page). The address shown is opened anew, its page mounted afresh with its data asked again, by
 * way of an address no route has. Returns once the move is drawn, so what a test looks for next is
 * on the new page. It loads the address instead when the app is not up on the page and when the
 * page shown asks before leaving (unsaved work): that question is for the leave guard's own tests
 * to answer. Header and menu stay as they were: a test that waits for them to change reloads.
 */
export async function visit(page: Page, address: string): Promise<void> {
  // A new page (about:blank) has no app yet.
  if (!/^https?:/.test(page.url())) return void (await page.goto(address));
  const target = new URL(address, page.url());
  const to = `${target.pathname}${target.search}`;
  if (target.origin !== new URL(page.url()).origin) return void (await page.goto(address));
  const here = await page.evaluate(() => `${location.pathname}${location.search}`);
  if (here === to && !(await routerMove(page, REOPEN))) return void (await page.goto(address));
  if (!(await routerMove(page, to))) await page.goto(address);
}

/** An address no route has: the page shown there for a moment is the light fallback. */
const REOPEN = '/reopen-this-page';

/**
 * Moves the app's router to `to` and waits until the move is drawn (the shell's content names the
 * history entry it shows); false when it cannot move.
 */
export async function routerMove(page: Page, to: string): Promise<boolean> {
  // A move of the app's own still being drawn (a save's way back to its list) is waited out first:
  // pushed over, it could be drawn after this one.
  const drawn = await page
    .waitForFunction(
      () => {
        const content = document.querySelector<HTMLElement>('.shell-content');
        if (!content) return 'no app';
        const entry = (window.history.state as { key?: string } | null)?.key ?? 'default';
        return content.dataset.entry === entry ? entry : false;
      },
      undefined,
      { timeout: 10_000 },
    )
    .then((h) => h.jsonValue() as Promise<string>)
    .catch(() => 'no app');
  if (drawn === 'no app') return false;
  const moved = await page.evaluate((to) => {
    let asked = false;
    const confirm = window.confirm;
    window.confirm = (...args) => {
      asked = true;
      return confirm.apply(window, args);
    };
    try {
      // An entry as the router writes its own (numbered, keyed), then the event it listens to.
      const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx };
      window.history.pushState(state, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state }));
    } finally {
      window.confirm = confirm;
    }
    return !asked;
  }, to);
  if (!moved) return false;
  // Any entry drawn after the one before: a route that redirects draws its target next.
  await page.waitForFunction(
    (before) => document.querySelector<HTMLElement>('.shell-content')?.dataset.entry !== before,
    drawn,
  );
  return true;
}

/** Opens a list page and waits until its table has drawn and stopped loading. */
export async function openList(page: Page, path: string): Promise<Locator> {
  await visit(page, path);
  const list = page.locator('.runtime-list');
  await list.locator('.ant-table-tbody').waitFor();
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  return list;
}

/** What a call answers: the envelope of SPEC §3 (flag, data, result) and the HTTP status. */
export interface ApiAnswer {
  flag: boolean;
  data: any;
  result: string;
  status: number;
}

/**
 * Calls the server as the page's logged-in user does (its token and CSRF token), for a journey's
 * setup and checks: `await api(page, 'resource/topic/get', { id })`.
 */
export async function api(page: Page, path: string, body: Record<string, unknown> = {}): Promise<ApiAnswer> {
  return page.evaluate(
    async ([p, b]) => {
      const user = JSON.parse(localStorage.getItem('userObj') ?? 'null');
      const res = await fetch(`/api/${p}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: user?.token ?? '',
          'x-csrf-token': localStorage.getItem('csrfToken') ?? '',
        },
        body: JSON.stringify({ subAct: 'a', ...(b as object) }),
      });
      return { ...(await res.json()), status: res.status };
    },
    [path, body] as const,
  );
}

/**
 * Waits for the message `text` (antd's toast). If it does not come, the error names the messages and
 * field errors the page shows instead, which is what tells a refusal from a slow machine.
 */
export async function expectMessage(page: Page, text: string, timeout = 30_000): Promise<void> {
  try {
    await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout });
  } catch (e) {
    const shown = await page
      .locator('.ant-message-notice, .ant-form-item-explain-error, .ant-formily-item-error-help')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(
      `no message "${text}" within ${timeout} ms; the page shows: ${shown.join(' | ') || 'nothing'}${refusedCalls(page)} (${(e as Error).message.split('\n')[0]})`,
      { cause: e },
    );
  }
}

/**
 * Opens the header bell once it counts an unread notice and follows the notice whose title holds
 * `text` to `url` (a glob). The click waits for the drop-down's zoom-in to end: mid-animation it
 * can land beside the item.
 */
export async function followNotice(page: Page, text: string, url: string): Promise<void> {
  const bell = page.getByTestId('notice-bell');
  await expect
    .poll(
      async () =>
        Number(
          (await bell
            .locator('.ant-badge-count')
            .getAttribute('title')
            .catch(() => '0')) ?? '0',
        ),
      {
        timeout: 30_000,
      },
    )
    .toBeGreaterThan(0);
  await bell.click();
  const notice = page.getByTestId('notice-panel').locator('.shell-notice-item', { hasText: text }).first();
  await notice.waitFor();
  await animationsDone(page);
  await notice.click();
  await page.waitForURL(url);
}

/** Any dialog (alert, confirm, prompt) the page opens is recorded and dismissed. */
export function watchDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(`${d.type()}: ${d.message()}`);
    void d.dismiss().catch(() => undefined);
  });
  return seen;
}
