/**
 * The crawler fires what it finds: every demo account, in each of its roles, on a portal of its
 * own (a throw-away copy of the demo data, made from the template database), opens each menu entry
 * and presses every transition and delete its lists offer it, once per page, tab and action, then
 * follows its rows' links and presses the data-changing buttons a module's page marks there (课题分配,
 * 评审进度, 排名与决定, the score sheet), once per account and kind (e2e/crawler/firer.ts says how). It fails on an action offered and then refused by the server,
 * a dialog whose 确定 neither sends nor says why, a press that does nothing, and on what the
 * walking crawler fails on where it looks (error toasts, console errors, failure pages, axe). What
 * was fired and what it came to is printed at the end, beside the pages it was fired on.
 * CRAWL_ACCOUNTS=admin,leader1 fires only as those accounts.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firedLines, Firer, type Fired } from './crawler/firer.js';
import type { CountTally } from './crawler/menuCounts.js';
import { menuEntries } from './crawler/routes.js';
import { ACCOUNTS, currentRole, limiter, switchRole, WALK_MS, within } from './crawler/walks.js';
import { watchPage, type Finding } from './crawler/watch.js';
import { startPortal } from './globalSetup.js';
import { launchBrowser, openPage } from './harness.js';
import { loginViaUi } from './login.js';

interface Walk {
  account: string;
  role: string;
  pages: number;
  fired: Fired[];
  counts: CountTally;
  findings: Finding[];
}

const walks: Walk[] = [];

function report(): string {
  const lines = ['', 'Crawler, firing: accounts × pages × actions fired', ''];
  for (const w of walks) {
    const done = w.fired.filter((f) => f.outcome === 'done').length;
    lines.push(
      `${w.account} (${w.role}): ${w.pages} pages, ${w.fired.length} actions fired, ${done} done, ${w.counts.compared} counts compared after them, ${w.findings.length} findings`,
    );
    for (const f of w.findings) lines.push(`  FINDING ${f.kind}: ${f.detail} · at ${f.where}`);
    for (const l of firedLines(w.fired)) lines.push(`  ${l}`);
  }
  const all = walks.flatMap((w) => w.fired);
  lines.push('', `total: ${walks.length} account roles, ${all.length} actions fired`);
  return lines.join('\n');
}

describe('the crawler fires every transition and delete offered, each account on a copy of the demo data', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    const text = report();
    console.log(text);
    fs.mkdirSync(path.resolve(import.meta.dirname, '..', '.e2e'), { recursive: true });
    fs.writeFileSync(path.resolve(import.meta.dirname, '..', '.e2e', 'crawler-fire-report.txt'), text);
  });

  it('sees an action offered and then refused: a refusal planted on the transitions of a real list', async () => {
    const portal = await startPortal('fire-check');
    const { page, context } = await openPage(browser, '/homePage', { baseURL: portal.baseURL });
    try {
      const watch = await watchPage(page, 'province');
      await loginViaUi(page, 'province');
      const entry = (await menuEntries(page)).find((e) => e.name === '通知公告')!;
      expect(entry, 'province has 通知公告').toBeDefined();
      await page.route('**/api/resource/*/transition', (route) =>
        route.fulfill({ json: { flag: false, code: 400, result: '当前状态不能执行该操作', data: null } }),
      );
      const firer = new Firer(page, watch);
      await firer.fireOn(entry.path, entry.name);
      const refused = firer.fired.filter((f) => f.outcome === 'offered, then refused');
      expect(refused.length, firedLines(firer.fired).join('\n')).toBeGreaterThan(0);
      expect(refused[0].detail).toBe('当前状态不能执行该操作');
      expect(watch.findings.map((f) => f.kind)).toContain('offered, then refused');
    } finally {
      await context.close();
      await portal.stop();
    }
  }, 300_000);

  it("sees a module page's action offered and then refused: a refusal planted on the end of a review and on a decision", async () => {
    const portal = await startPortal('fire-check-module');
    const { page, context } = await openPage(browser, '/homePage', { baseURL: portal.baseURL });
    try {
      const watch = await watchPage(page, 'province');
      await loginViaUi(page, 'province');
      const entry = (await menuEntries(page)).find((e) => e.name === '评审设置')!;
      expect(entry, 'province has 评审设置').toBeDefined();
      const refusal = { json: { flag: false, code: 400, result: '当前状态不能执行该操作', data: null } };
      await page.route('**/api/tTopicReview/checkEndReview', (route) => route.fulfill(refusal));
      await page.route('**/api/review/decide', (route) => route.fulfill(refusal));
      const firer = new Firer(page, watch);
      await firer.fireLinkedFrom(entry.path, entry.name);
      const refused = firer.fired.filter((f) => f.outcome === 'offered, then refused');
      expect(refused.length, firedLines(firer.fired).join('\n') + JSON.stringify(watch.findings)).toBeGreaterThan(0);
      expect(refused[0].page).toMatch(/^评审设置 › /);
      expect(refused[0].detail).toBe('当前状态不能执行该操作');
      expect(watch.findings.map((f) => f.kind)).toContain('offered, then refused');
    } finally {
      await context.close();
      await portal.stop();
    }
  }, 300_000);

  // Two accounts at a time: each has a portal (a server process) and a browser context of its own.
  const slots = limiter(2);
  for (const account of ACCOUNTS) {
    it.concurrent(
      `fires what ${account} is offered, in each of its roles`,
      () =>
        slots(async () => {
          const portal = await startPortal(`fire-${account}`);
          const { page, context } = await openPage(browser, '/homePage', { baseURL: portal.baseURL });
          page.setDefaultTimeout(15_000);
          try {
            await within(WALK_MS, `the firing walk of ${account}`, async () => {
              const watch = await watchPage(page, account);
              await loginViaUi(page, account);
              const { roleList } = await currentRole(page);
              const findings: Finding[] = [];
              for (const [i, role] of roleList.entries()) {
                if (i > 0) await switchRole(page, role.roleName);
                const entries = await menuEntries(page);
                const firer = new Firer(page, watch);
                const walk: Walk = {
                  account,
                  role: role.roleName,
                  pages: 0,
                  fired: firer.fired,
                  counts: firer.counts,
                  findings: watch.findings,
                };
                walks.push(walk);
                for (const entry of entries) {
                  walk.pages += 1;
                  await firer.fireOn(entry.path, entry.name);
                }
                watch.findings = [];
                findings.push(...walk.findings.map((f) => ({ ...f, account: `${account} (${role.roleName})` })));
              }
              expect(findings.map((f) => `${f.account} · ${f.kind} · ${f.detail} · at ${f.where}`)).toEqual([]);
            });
          } finally {
            await context.close();
            await portal.stop();
          }
        }),
      WALK_MS * ACCOUNTS.length,
    );
  }

  it('fired something as every account', () => {
    const accounts = new Set(walks.filter((w) => w.fired.length).map((w) => w.account));
    // Experts and the analyst may have nothing to fire on their lists; the managing roles do.
    for (const a of ['admin', 'province', 'city1123', 'leader1'].filter((x) => ACCOUNTS.includes(x)))
      expect(accounts.has(a), `${a} fired an action`).toBe(true);
  });
});
