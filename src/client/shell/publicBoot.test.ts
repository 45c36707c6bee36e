// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepBodyAside } from '../runtime/testing/keepBodyAside.js';
import { onEarlyLoginPress, takeOverContainer } from './serverPage.js';

keepBodyAside();

/** The loader of the app on server-drawn pages (not built: the server writes it into the page as it is). */
const LOADER = '../../server/platform/web/publicPages/publicBoot.js';
let runs = 0;

/**
 * A server-drawn page's loader tag (publicPageRoutes.ts pageHtml), then the loader run as the
 * browser would: its file is a script whose body runs once when loaded, here loaded anew each time.
 */
async function loadPage(content = '<a href="/x">x</a>'): Promise<void> {
  // Only what a loader adds: the head is the document's other files share (vitest.config.ts).
  document.head.querySelectorAll('script, link').forEach((e) => e.remove());
  document.body.innerHTML =
    `<div id="root"><main class="ssr-page">${content}</main></div>` +
    '<script id="app-boot" data-entry="/assets/index.js" data-preload="/assets/react.js /assets/antd.js"></script>';
  await import(/* @vite-ignore */ `${LOADER}?run=${++runs}`);
}

const appCode = () => ({
  entry: [...document.head.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src')),
  preload: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
});

let listeners: { type: string; fn: EventListenerOrEventListenerObject }[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  // Each test's loader leaves its listeners on the one window: keep them to take them away after.
  const add = window.addEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation((type, fn, options) => {
    listeners.push({ type, fn: fn! });
    add(type, fn, options);
  });
});
afterEach(() => {
  for (const l of listeners) window.removeEventListener(l.type, l.fn, { capture: true });
  listeners = [];
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the app on a server-drawn page', () => {
  it('keeps a press of the server-drawn 登录 for the app, which opens the dialog itself', async () => {
    await loadPage();
    const boot = document.getElementById('app-boot')!;
    document.querySelector('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(boot.hasAttribute('data-pressed')).toBe(false);
    // The shell's frame the server draws around the page, with its 登录, pressed before the app arrived...
    const frame = document.createElement('div');
    frame.className = 'ssr-frame';
    frame.innerHTML = '<button class="shell-login-button"><span>登 录</span></button>';
    document.getElementById('root')!.prepend(frame);
    frame.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(boot.getAttribute('data-pressed')).toBe('login');
    // ...opens the dialog once the app is there; a later press is the hydrated button's own...
    const open = vi.fn();
    const stop = onEarlyLoginPress(open);
    expect(open).toHaveBeenCalledTimes(1);
    expect(boot.hasAttribute('data-pressed')).toBe(false);
    frame.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(open).toHaveBeenCalledTimes(1);
    // ...and a press while the app is drawn unseen beside the server's page (a signed-in person's) opens it too.
    takeOverContainer();
    frame.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(open).toHaveBeenCalledTimes(2);
    stop();
    frame.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('is not loaded with the page, and is loaded once on the first touch', async () => {
    await loadPage();
    expect(appCode()).toEqual({ entry: [], preload: [] });
    document.querySelector('a')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(appCode()).toEqual({ entry: ['/assets/index.js'], preload: ['/assets/react.js', '/assets/antd.js'] });
    window.dispatchEvent(new Event('keydown'));
    window.dispatchEvent(new Event('scroll'));
    expect(appCode().entry).toHaveLength(1);
  });

  it('comes with a key or a scroll as well', async () => {
    await loadPage();
    window.dispatchEvent(new Event('keydown'));
    expect(appCode().entry).toEqual(['/assets/index.js']);
    await loadPage();
    document.dispatchEvent(new Event('scroll', { bubbles: true }));
    expect(appCode().entry).toEqual(['/assets/index.js']);
  });

  it('comes on a page nobody touches once it has been idle a while after load', async () => {
    await loadPage();
    expect(document.readyState).toBe('complete');
    vi.advanceTimersByTime(3900);
    expect(appCode().entry).toEqual([]);
    vi.advanceTimersByTime(2200);
    expect(appCode().entry).toEqual(['/assets/index.js']);
  });

  it('comes at once for a signed-in user, who wants the shell', async () => {
    localStorage.setItem('userObj', JSON.stringify({ username: 'province' }));
    await loadPage();
    expect(appCode().entry).toEqual(['/assets/index.js']);
  });

  it('waits on a page with a field too (the takeover keeps what is typed), and comes as the field takes focus', async () => {
    await loadPage('<form method="get" action="/verify"><input name="code"></form>');
    expect(appCode().entry).toEqual([]);
    document.querySelector('input')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(appCode().entry).toEqual(['/assets/index.js']);
  });
});
