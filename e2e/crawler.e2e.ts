/**
 * The crawler: every demo account, in each of its roles, walks everything it can reach from the
 * menu the server hands it (e2e/crawler/crawler.ts says what a walk does). It fails on a 404 or 5xx
 * answer, a console error, an error toast, a bare 参数不合法, a Latin-letter sentence, an epoch number
 * or a raw code on screen, a download that does not open as its type, and an edit form that cannot
 * be saved unchanged, on any serious or critical axe-core violation (WCAG 2 A/AA) of a page, tab or
 * dialog it reaches, on a table heading or cell cut short, a label split from its colon, and a menu
 * page whose heading, breadcrumb or card title is not its menu entry's name. What was visited (accounts × pages × actions) and axe's count per account
 * are printed at the end. CRAWL_ACCOUNTS=admin,leader1 walks only those accounts.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Crawler, type PageVisit } from './crawler/crawler.js';
import { axeViolations } from './crawler/axe.js';
import type { AxeSeen } from './crawler/inspector.js';
import { layoutProblems } from './crawler/readability.js';
import { menuEntries, routeTable } from './crawler/routes.js';
import { countProblems, type CountTally } from './crawler/menuCounts.js';
import { codedHeadings, screenProblems } from './crawler/screenChecks.js';
import { watchPage, type Finding } from './crawler/watch.js';
import { startPortal, type Portal } from './globalSetup.js';
import { launchBrowser, openPage } from './harness.js';
import { loginViaUi } from './login.js';
import {
  ACCOUNTS,
  ALL_ACCOUNTS,
  currentRole,
  limiter,
  menuSizes,
  switchRole,
  WALK_MS,
  within,
} from './crawler/walks.js';

interface Walked {
  account: string;
  role: string;
  roleCode: string;
  entries: { name: string; path: string }[];
  visits: PageVisit[];
  counts: CountTally;
  axe: AxeSeen[];
  findings: Finding[];
  seconds?: number;
}

const walked: Walked[] = [];
/** Every account in each of its roles, as the server lists them at login. */
const expected: string[] = [];

/** axe's findings of one walk: rule-screen occurrences by impact, and the rules met. */
function axeCounts(seen: AxeSeen[]): { critical: number; serious: number; rules: string[] } {
  const all = seen.flatMap((s) => s.violations);
  return {
    critical: all.filter((v) => v.impact === 'critical').length,
    serious: all.filter((v) => v.impact === 'serious').length,
    rules: [...new Set(all.map((v) => v.rule))].sort(),
  };
}

function report(): string {
  const lines = ['', 'Crawler: accounts × pages × actions', ''];
  let pages = 0;
  let actions = 0;
  const axeTotals = { screens: 0, critical: 0, serious: 0 };
  for (const w of walked) {
    const acts = w.visits.reduce((n, v) => n + v.actions.length, 0);
    pages += w.visits.length;
    actions += acts;
    const a = axeCounts(w.axe);
    axeTotals.screens += w.axe.length;
    axeTotals.critical += a.critical;
    axeTotals.serious += a.serious;
    lines.push(
      `${w.account} (${w.role}): ${w.entries.length} menu entries, ${w.visits.length} pages, ${acts} actions, ${w.counts.compared} counts compared, ${w.findings.length} findings, ${w.seconds ?? '?'} s`,
      `  axe: ${w.axe.length} screens checked, ${a.critical} critical and ${a.serious} serious rule-screen occurrences${a.rules.length ? ` (${a.rules.join(', ')})` : ''}`,
    );
    for (const f of w.findings) lines.push(`  FINDING ${f.kind}: ${f.detail} · at ${f.where}`);
    for (const v of w.visits)
      lines.push(
        `  ${v.url}  [${v.name}] via ${v.via}${v.actions.length ? `\n      ${v.actions.join('\n      ')}` : ''}`,
      );
  }
  lines.push(
    '',
    `total: ${walked.length} account roles, ${pages} pages, ${actions} actions; axe over ${axeTotals.screens} screens: ${axeTotals.critical} critical, ${axeTotals.serious} serious`,
  );
  return lines.join('\n');
}

describe('the crawler: every account, every menu entry, tab, action target, download and edit form', () => {
  let browser: Browser;
  // A portal of its own: the crawler saves every edit form again, which the journeys need not see,
  // and it walks the demo data as a fresh start seeds it, whatever the journeys did.
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal('crawler');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    const text = report();
    console.log(text);
    fs.mkdirSync(path.resolve(import.meta.dirname, '..', '.e2e'), { recursive: true });
    fs.writeFileSync(path.resolve(import.meta.dirname, '..', '.e2e', 'crawler-report.txt'), text);
  });

  it('sees what it looks for: a Latin sentence, an epoch number, an ISO time, a raw status code, an unnamed box, faint text, a cut heading, a split label and a menu count unlike its list planted on a real list', async () => {
    const { page, context } = await openPage(browser, '/homePage', { baseURL: portal.baseURL });
    try {
      const watch = await watchPage(page, 'admin');
      await loginViaUi(page, 'admin');
      await page.goto('/projectManagement/projectList');
      await page.locator('.shell-content .ant-table-row').first().waitFor();
      await watch.quiet();
      // The topic list's own schema (home's latest-items boxes are lists too, of other workflows).
      const bundle = watch.bundles.get('topics/topic.list')!;
      const labels = bundle.workflow.statuses.map((x: any) => x.label);
      const rawCode = bundle.workflow.statuses.find((x: any) => !labels.includes(x.code)).code;
      expect(
        await screenProblems(
          page,
          codedHeadings(watch.bundles.values(), () => undefined),
        ),
      ).toEqual([]);
      await page.evaluate((code) => {
        const note = document.createElement('p');
        note.textContent =
          "Experts of the topic's own area may not review it. 提交时间 1794509913495, 审核时间 2026-11-26T06:00:00.000Z";
        // A table of its own: the list's rows are React's and would be drawn again.
        const table = document.createElement('div');
        table.className = 'ant-table';
        table.innerHTML = `<table><thead><tr><th>课题名称</th><th>状态</th></tr></thead><tbody><tr class="ant-table-row"><td>甲</td><td>${code}</td></tr></tbody></table>`;
        document.querySelector('.shell-content')!.append(note, table);
      }, rawCode);
      const kinds = (
        await screenProblems(
          page,
          codedHeadings(watch.bundles.values(), () => undefined),
        )
      )
        .map((p) => p.kind)
        .sort();
      expect(kinds).toEqual(['epoch number', 'latin sentence', 'raw code', 'unformatted time']);
      // A filter box with no name and grey text on white: what axe is run for on every screen.
      expect((await axeViolations(page)).map((v) => v.rule)).toEqual([]);
      await page.evaluate(() => {
        const box = document.createElement('div');
        box.innerHTML = '<input type="text"><span style="color:#bbb;background:#fff">待审核</span>';
        document.querySelector('.shell-content')!.append(box);
      });
      expect((await axeViolations(page)).map((v) => `${v.rule} ${v.impact}`).sort()).toEqual([
        'color-contrast serious',
        'label critical',
      ]);
      // A heading cut by its column and a label wrapped away from its colon.
      expect(await layoutProblems(page)).toEqual([]);
      await page.evaluate(() => {
        const box = document.createElement('div');
        box.innerHTML =
          '<div class="ant-table"><table style="table-layout:fixed;width:60px"><thead><tr>' +
          '<th class="ant-table-cell" style="width:60px;white-space:nowrap;overflow:hidden">创建时间创建时间</th>' +
          '</tr></thead></table></div><div class="ant-formily-item-label-content" style="width:50px">注册需市级审核</div>';
        document.querySelector('.shell-content')!.append(box);
      });
      expect((await layoutProblems(page)).map((p) => p.kind).sort()).toEqual(['clipped heading', 'split label']);
      // The menu entry's badge against the list's total, on an entry whose badge is its list's
      // total (评审列表): they are compared and agree, and another number on the badge is seen.
      await page.goto('/reviewManagement/list');
      await page.locator('.shell-content .ant-pagination-total-text').waitFor();
      await watch.quiet();
      const tally: CountTally = { compared: 0 };
      expect(await countProblems(page, '评审列表', tally)).toEqual([]);
      expect(tally.compared).toBe(1);
      await page.evaluate(() => {
        const badge = document.querySelector('.shell-sider .ant-menu-item-selected .shell-menu-badge [title]')!;
        badge.setAttribute('title', '共 999 项');
      });
      expect((await countProblems(page, '评审列表')).map((p) => p.kind)).toEqual(['count differs from list']);
      // A badge that says what it counts is held to its definition (settings.json counts) instead.
      await page.evaluate(() => {
        const badge = document.querySelector('.shell-sider .ant-menu-item-selected .shell-menu-badge [title]')!;
        badge.setAttribute('title', '待办 999 项');
      });
      expect((await countProblems(page, '评审列表')).map((p) => p.kind)).toEqual(['count differs from its definition']);
    } finally {
      await context.close();
    }
  });

  // Three accounts walk at a time, each in its own browser context. A test's clock runs while it
  // waits for a slot too: each has time for every walk before it, and its own walk its own limit.
  const slots = limiter(3);
  for (const account of ACCOUNTS) {
    it.concurrent(
      `walks everything ${account} reaches, in each of its roles`,
      () =>
        slots(async () => {
          const { page, context } = await openPage(browser, '/homePage', { baseURL: portal.baseURL });
          page.setDefaultTimeout(15_000);
          try {
            await within(WALK_MS, `the walk of ${account}`, async () => {
              const watch = await watchPage(page, account);
              await loginViaUi(page, account);
              const routes = await routeTable(page);
              const { roleList } = await currentRole(page);
              expected.push(...roleList.map((r) => `${account} (${r.roleName})`));
              const findings: Finding[] = [];
              for (const [i, role] of roleList.entries()) {
                if (i > 0) await switchRole(page, role.roleName);
                const entries = await menuEntries(page);
                const crawler = new Crawler(page, watch, routes, account);
                // Told before the walk, so a walk that breaks off still reports how far it came.
                const mine: Walked = {
                  account,
                  role: role.roleName,
                  roleCode: role.roleCode,
                  entries,
                  visits: crawler.visits,
                  counts: crawler.counts,
                  axe: crawler.inspector.axe,
                  findings: watch.findings,
                };
                walked.push(mine);
                const started = Date.now();
                for (const entry of entries) await crawler.open(entry.path, `menu ${entry.name}`);
                mine.seconds = Math.round((Date.now() - started) / 1000);
                watch.findings = [];
                findings.push(...mine.findings.map((f) => ({ ...f, account: `${account} (${role.roleName})` })));
              }
              expect(findings.map((f) => `${f.account} · ${f.kind} · ${f.detail} · at ${f.where}`)).toEqual([]);
            });
          } finally {
            await context.close();
          }
        }),
      WALK_MS * ACCOUNTS.length,
    );
  }

  it('visited every menu entry of every role', () => {
    const roles = [...menuSizes().keys()];
    // Every role is someone's only when every account walked.
    if (ALL_ACCOUNTS) {
      expect([...new Set(walked.map((w) => w.roleCode))].sort()).toEqual([...roles].sort());
      expect(expected.length).toBeGreaterThanOrEqual(ACCOUNTS.length + 1);
    }
    expect(walked.map((w) => `${w.account} (${w.role})`).sort()).toEqual([...expected].sort());
    for (const w of walked) {
      expect(w.entries.length, `${w.account} (${w.role}) has a menu`).toBeGreaterThan(0);
      const opened = new Set(
        w.visits.filter((v) => v.via.startsWith('menu ')).map((v) => new URL(v.url, 'http://x').pathname),
      );
      expect(
        w.entries
          .filter((e) => !opened.has(new URL(e.path, 'http://x').pathname))
          .map((e) => `${w.account} (${w.role}) ${e.name} ${e.path}`),
      ).toEqual([]);
    }
  });
});
