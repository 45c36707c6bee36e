/**
 * What the crawler hears from one logged-in page while it walks: HTTP answers that are 404 or 5xx,
 * console errors and uncaught exceptions, every toast the page showed (recorded in the page, since
 * a toast is gone before a check looks), and the page schemas the runtime loaded, each told against
 * the visit that was going on.
 */
import type { Page } from 'playwright-core';

export interface Finding {
  account: string;
  where: string;
  kind: string;
  detail: string;
}

/** A page bundle as /api/schema/page answers it (page, entity, workflow). */
export interface Bundle {
  page: any;
  entity: any;
  workflow: any;
}

export interface Watch {
  /** The visit findings are told against (account, path and what was done). */
  where: string;
  findings: Finding[];
  /** Page schemas loaded since the page was opened, by page id. */
  bundles: Map<string, Bundle>;
  /** Waits until no API call is in flight and nothing on the page spins. */
  quiet(): Promise<void>;
  /** Toasts shown since the last call: { type, text }. */
  toasts(): Promise<{ type: string; text: string }[]>;
  add(kind: string, detail: string): void;
}

/** Recorded in the page: every antd message / notification that appears, with its type. */
function recordToasts(): void {
  // Frames (the editor's, a preview's) and documents not built yet have no toasts of the app.
  if (window !== window.top || !document.documentElement || (window as any).__crawlToasts) return;
  const seen: { type: string; text: string }[] = [];
  (window as any).__crawlToasts = seen;
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      for (const node of m.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        const notices = node.matches('.ant-message-notice, .ant-notification-notice')
          ? [node]
          : [...node.querySelectorAll<HTMLElement>('.ant-message-notice, .ant-notification-notice')];
        for (const n of notices) {
          const type =
            n.querySelector('.ant-message-error, .ant-notification-notice-error') ||
            n.matches('.ant-notification-notice-error')
              ? 'error'
              : n.querySelector('.ant-message-warning, .ant-notification-notice-warning')
                ? 'warning'
                : n.querySelector('.ant-message-success, .ant-notification-notice-success')
                  ? 'success'
                  : 'info';
          // The text arrives with the node or a moment after it.
          requestAnimationFrame(() => seen.push({ type, text: (n.innerText || n.textContent || '').trim() }));
        }
      }
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
}

export async function watchPage(page: Page, account: string): Promise<Watch> {
  let pending = 0;
  const waiters: (() => void)[] = [];
  const settle = () => {
    if (pending === 0) while (waiters.length) waiters.shift()!();
  };
  const watch: Watch = {
    where: '',
    findings: [],
    bundles: new Map(),
    add(kind, detail) {
      const f = { account, where: watch.where, kind, detail: detail.slice(0, 400) };
      if (!watch.findings.some((x) => x.where === f.where && x.kind === f.kind && x.detail === f.detail))
        watch.findings.push(f);
    },
    async quiet() {
      for (let round = 0; round < 3; round += 1) {
        if (pending > 0)
          await new Promise<void>((r) => {
            waiters.push(r);
          });
        // Until nothing spins, then one frame more: a render after the answers may ask for more (a
        // tab's list, dictionaries), so the calls in flight are looked at again. One round trip.
        const settled = await page
          .evaluate(
            (ms) =>
              new Promise<boolean>((resolve) => {
                const until = performance.now() + ms;
                const look = () => {
                  const busy = document.querySelector(
                    '.ant-spin-spinning, .runtime-lazy-loading, .ant-skeleton, .runtime-page-pending',
                  );
                  if (!busy) setTimeout(() => resolve(true), 0);
                  else if (performance.now() > until) resolve(false);
                  else requestAnimationFrame(look);
                };
                requestAnimationFrame(look);
              }),
            20_000,
          )
          // A document that went away meanwhile (a reload) is looked at again in the next round.
          .catch(() => null);
        if (settled === false) watch.add('slow', 'still loading after 20 s');
        if (settled !== null && pending === 0) return;
      }
    },
    async toasts() {
      return page.evaluate(() => (((window as any).__crawlToasts as { type: string; text: string }[]) ?? []).splice(0));
    },
  };
  await page.addInitScript(recordToasts);
  await page.evaluate(recordToasts);
  // Every call to the portal counts (API answers and the code chunks a page loads).
  const origin = new URL(page.url()).origin;
  const isApi = (url: string) => url.startsWith(origin);
  page.on('request', (req) => {
    if (isApi(req.url())) pending += 1;
  });
  const done = (url: string) => {
    if (isApi(url)) {
      pending = Math.max(0, pending - 1);
      settle();
    }
  };
  page.on('requestfailed', (req) => {
    done(req.url());
    // A navigation away cancels calls of the page left: that is not a failure of the page.
    if (!/ERR_ABORTED/.test(req.failure()?.errorText ?? ''))
      watch.add('network', `${req.method()} ${new URL(req.url()).pathname}: ${req.failure()?.errorText}`);
  });
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (res.status() === 404 || res.status() >= 500)
      watch.add(`http ${res.status()}`, `${res.request().method()} ${url.pathname}${url.search}`);
    if (url.pathname === '/api/schema/page') {
      pending += 1;
      void res
        .json()
        .then(
          (body) => {
            if (body?.flag && body.data?.page?.id) watch.bundles.set(body.data.page.id, body.data);
          },
          () => undefined,
        )
        .finally(() => done(res.url()));
    }
  });
  page.on('requestfinished', (req) => done(req.url()));
  page.on('console', (msg) => {
    if (msg.type() === 'error') watch.add('console error', msg.text());
  });
  page.on('pageerror', (e) => watch.add('page error', e.message));
  return watch;
}
