/**
 * Fires what a screen offers one account, as the user would: every transition and delete its
 * schemas declare among the row actions of its lists (on each tab), once per page, tab and
 * action, on the first row that offers it, and each batch transition and delete on the first row
 * it applies to. A confirmation is confirmed; a dialog asking for an
 * opinion gets one (同意。), and one asking for more is sent as it stands. Each press must either
 * succeed or be refused by the dialog before anything is sent, with a message the dialog shows;
 * an action offered and then refused by the server ("offered, then refused") is a finding, as is
 * any error toast, console error or failure page the inspector sees. It changes the data: it runs
 * on a portal of its own per account (crawlerFire.e2e.ts).
 *
 * After a menu page's lists it follows their row links (a few first rows of each) to the pages
 * they lead to, and on those, as on the menu page itself, fires each button a page kind or widget
 * marks as changing data (pageActions.ts: a module's own buttons, a detail page's transitions and
 * deletes), once per account, owner and label, judged as a row action is; a target showing no such
 * button is not followed again.
 */
import type { Locator, Page } from 'playwright-core';
import { animationsDone, buttonName, routerMove } from '../harness.js';
import { closeTourIfShown } from '../login.js';
import { Inspector } from './inspector.js';
import { countProblems, type CountTally } from './menuCounts.js';
import {
  actionTypes,
  activateTab,
  cancelDialog,
  CONTENT,
  label,
  locate,
  rowLabels,
  steadyTabLabels,
  tables,
} from './screen.js';
import { routeTable, type RouteInfo } from './routes.js';
import { answerDialog, markedActions, MARKED, rowLinks, type Marked } from './pageActions.js';
import { errorLine } from './steady.js';
import type { Watch } from './watch.js';
import { isWriteCall } from './writes.js';

/** Rows of each table looked at for an action not yet fired: a list's first page. */
const FIRST_ROWS = 10;
/**
 * Rows in a row whose link target showed no marked button not fired yet, after which the list's
 * link is not followed further: what a target offers depends on its row (退回修改 only on a
 * submitted review), so one quiet row does not end the search, a few do.
 */
const LINK_ROWS = 3;

/** What one press came to, as printed in the report. */
export interface Fired {
  page: string;
  tab?: string;
  action: string;
  outcome: 'done' | 'refused in the dialog' | 'refused on the page' | 'offered, then refused' | 'gone' | 'failed';
  detail?: string;
}

export class Firer {
  readonly fired: Fired[] = [];
  /** Menu badges held against their lists' totals after an action. */
  readonly counts: CountTally = { compared: 0 };
  readonly inspector: Inspector;
  /** The writes sent since the last press, and their answers: path, whether done, message. */
  private sent = 0;
  private answers: { path: string; flag: boolean; msg: string }[] = [];
  /** Marked buttons fired (owner and label), and how many rows' visits to a target showed none. */
  private readonly markedFired = new Set<string>();
  private readonly quietVisits = new Map<string, number>();
  private routes?: Map<string, RouteInfo>;

  constructor(
    readonly page: Page,
    readonly watch: Watch,
  ) {
    this.inspector = new Inspector(page, watch);
    // The calls that change data, whose answers say whether a fired action was done.
    const isWrite = (method: string, url: string) => isWriteCall(method, new URL(url).pathname);
    page.on('request', (req) => {
      if (isWrite(req.method(), req.url())) this.sent += 1;
    });
    page.on('response', (res) => {
      const path = new URL(res.url()).pathname;
      if (!isWrite(res.request().method(), res.url())) return;
      void res.json().then(
        (body) => this.answers.push({ path, flag: Boolean(body?.flag), msg: String(body?.result ?? '') }),
        () => this.answers.push({ path, flag: false, msg: `HTTP ${res.status()}` }),
      );
    });
  }

  /** Opens a menu page and fires what its lists offer, tab by tab. */
  async fireOn(url: string, name: string): Promise<void> {
    await this.go(url);
    const tabs = await steadyTabLabels(this.page, this.watch);
    for (const tab of tabs.length ? tabs : [undefined]) {
      const tried = new Set<string>();
      // One press a round: a fired action may move, change or remove its row and the others.
      for (;;) {
        await this.restore(url, tab);
        const next = (await this.nextAction(tried)) ?? (await this.nextBatch(tried));
        if (!next) break;
        tried.add(next.label);
        this.watch.where = `${url} (${name}${tab ? `, tab ${tab}` : ''}) → fire ${next.label}`;
        const fired = await this.record({ page: name, ...(tab ? { tab } : {}), action: next.label }, next.button);
        if (fired.outcome === 'done' && !tab) await this.countsFollow(url, name);
      }
      await this.followLinks(url, tab, name);
    }
    // What the menu page itself marks (the studio's 批准 and 驳回), judged as on a linked page.
    await this.fireMarked(url, name, url, name);
  }

  /** Fires `button` and records what it came to, with the findings it makes. */
  private async record(at: Pick<Fired, 'page' | 'tab' | 'action'>, button: Locator): Promise<Fired> {
    const fired: Fired = { ...at, outcome: 'failed' };
    try {
      Object.assign(fired, await this.fire(button));
    } catch (e) {
      fired.detail = errorLine(e);
      this.watch.add('fire failed', `${at.action}: ${fired.detail}`);
    }
    if (fired.outcome === 'offered, then refused')
      this.watch.add('offered, then refused', `${at.action}: ${fired.detail ?? ''}`);
    if (fired.outcome === 'gone') this.watch.add('pressed, nothing sent', at.action);
    this.fired.push(fired);
    await this.page.keyboard.press('Escape').catch(() => undefined);
    await this.watch.quiet();
    await this.inspector.inspect();
    return fired;
  }

  /** Opens a menu page and fires only what its row links lead to (pages of a module's kinds). */
  async fireLinkedFrom(url: string, name: string): Promise<void> {
    await this.go(url);
    await this.followLinks(url, undefined, name);
  }

  /**
   * Follows the row links of the list at `url` (on `tab`), the first rows of each, to the pages
   * they lead to, and fires there the marked buttons not fired yet.
   */
  private async followLinks(url: string, tab: string | undefined, name: string): Promise<void> {
    this.routes ??= await routeTable(this.page);
    const pageId = this.routes.get(new URL(url, 'http://x').pathname)?.page;
    for (const [linkLabel, target] of rowLinks(pageId ? this.watch.bundles.get(pageId) : undefined)) {
      let quiet = 0;
      for (let r = 0; r < FIRST_ROWS && quiet < LINK_ROWS && !this.markless(target); r += 1) {
        this.watch.where = `${url} (${name}${tab ? `, tab ${tab}` : ''}) → row ${r + 1} ${linkLabel}`;
        try {
          const went = await this.followLink(url, tab, name, r, linkLabel, target);
          if (went === null) break;
          if (went === 'fired') quiet = 0;
          if (went === 'quiet') quiet += 1;
        } catch (e) {
          this.watch.add('fire failed', `${linkLabel} of row ${r + 1}: ${errorLine(e)}`);
          break;
        }
      }
    }
  }

  /**
   * Follows the link of row `r` and fires what its page marks: whether something was fired there
   * ('fired'), nothing ('quiet'), the row had no such link ('skip'), or null when no other row need be tried.
   */
  private async followLink(
    url: string,
    tab: string | undefined,
    name: string,
    r: number,
    linkLabel: string,
    target: string,
  ): Promise<'fired' | 'quiet' | 'skip' | null> {
    await this.restore(url, tab);
    const row = tables(this.page).first().locator('tbody tr.ant-table-row');
    if (r >= (await row.count())) return null;
    if (!(await rowLabels(this.page, row.nth(r), new Set([linkLabel]))).includes(linkLabel)) return 'skip';
    const link = await locate(this.page, { kind: 'row', table: 0, row: r, label: linkLabel, type: 'link' });
    if (!link) return 'skip';
    await link.click({ timeout: 10_000 });
    const moved = await this.page
      .waitForURL((u) => u.pathname === target, { timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    // A link that asks for a choice first (a picking dialog) is the walking crawler's.
    if (!moved) {
      const dialog = this.page.locator('.ant-modal-wrap:visible .ant-modal');
      if (await dialog.count()) await cancelDialog(this.page, dialog);
      this.quietVisits.set(target, LINK_ROWS);
      return null;
    }
    await this.watch.quiet();
    const here = new URL(this.page.url());
    const fired = await this.fireMarked(`${here.pathname}${here.search}`, `${name} › ${linkLabel}`, url, name);
    return fired ? 'fired' : 'quiet';
  }

  /** A target whose visits from enough rows showed no marked button at all: not followed again. */
  private markless(target: string): boolean {
    return (this.quietVisits.get(target) ?? 0) >= LINK_ROWS;
  }

  /**
   * Fires, one a round, the marked buttons of the page at `url` not fired yet (the first enabled of
   * each). After a press the page is read as it stands, not opened again: what was pressed may have
   * closed its record to the user (a task declined), and a user would not come back to it.
   */
  private async fireMarked(url: string, page: string, menuUrl: string, menuName: string): Promise<boolean> {
    const target = new URL(url, 'http://x').pathname;
    let done = false;
    let pressed = false;
    for (let round = 0; ; round += 1) {
      if (round === 0) await this.restore(url, undefined);
      else if (new URL(this.page.url()).pathname !== target) break;
      const marked = await markedActions(this.page);
      if (!marked.length && round === 0) this.quietVisits.set(target, (this.quietVisits.get(target) ?? 0) + 1);
      const open = (m: Marked) => m.enabled && !this.markedFired.has(`${m.owner}|${m.label}`);
      // A row's own action first: one for the whole page (自动分配, 结束评审) may change every row
      // and leave the rows' own with nothing to do.
      const inRow = marked.findIndex((m) => m.inRow && open(m));
      const at = inRow >= 0 ? inRow : marked.findIndex(open);
      if (at < 0) break;
      const { owner, label: action } = marked[at];
      this.markedFired.add(`${owner}|${action}`);
      this.watch.where = `${url} (${page}) → fire ${action}`;
      const fired = await this.record({ page, action }, this.page.locator(MARKED).nth(at));
      done ||= fired.outcome === 'done';
      pressed = true;
    }
    if (done) await this.countsFollow(menuUrl, menuName);
    return pressed;
  }

  /**
   * A count the action changed is read again without a reload: back on the list (through the
   * router), the entry's badge and the list's total agree once the menu's counts are in again.
   */
  private async countsFollow(url: string, name: string): Promise<void> {
    await this.restore(url, undefined);
    let problems = await countProblems(this.page, name, this.counts);
    for (let i = 0; problems.length && i < 20; i += 1) {
      await this.page.waitForTimeout(250);
      await this.watch.quiet();
      problems = await countProblems(this.page, name);
    }
    for (const p of problems) this.watch.add('count not refreshed after an action', p.detail);
  }

  /** The first row action (of the transitions and deletes the page declares) not yet fired here. */
  private async nextAction(tried: Set<string>): Promise<{ label: string; button: Locator } | null> {
    const types = actionTypes(this.watch);
    const writes = new Set([...types].filter(([, type]) => type === 'transition' || type === 'delete').map(([l]) => l));
    const wanted = new Set([...writes].filter((l) => !tried.has(l)));
    if (!wanted.size) return null;
    const shown = tables(this.page);
    for (let t = 0; t < (await shown.count()); t += 1) {
      const rows = shown.nth(t).locator('tbody tr.ant-table-row');
      const n = Math.min(FIRST_ROWS, await rows.count());
      for (let r = 0; r < n; r += 1) {
        for (const l of await rowLabels(this.page, rows.nth(r), wanted)) {
          if (!wanted.has(l)) continue;
          const button = await locate(this.page, { kind: 'row', table: t, row: r, label: l, type: types.get(l)! });
          if (button) return { label: l, button };
        }
      }
    }
    return null;
  }

  /**
   * The first batch transition or delete the page declares not yet fired, with the first of the
   * first rows it applies to ticked (its button stays disabled for rows it does not).
   */
  private async nextBatch(tried: Set<string>): Promise<{ label: string; button: Locator } | null> {
    const labels = new Set<string>();
    for (const b of this.watch.bundles.values())
      for (const def of b.page?.batchActions ?? []) {
        if (def.type !== 'transition' && def.type !== 'delete') continue;
        const t = def.type === 'transition' ? b.workflow?.transitions?.find((x: any) => x.action === def.action) : null;
        labels.add(label(def.label ?? t?.label ?? '删除'));
      }
    for (const l of labels) {
      const name = `batch ${l}`;
      if (tried.has(name)) continue;
      const button = this.page.locator(`${CONTENT} .runtime-toolbar button`).filter({ hasText: buttonName(l) });
      const boxes = tables(this.page).first().locator('tbody tr.ant-table-row .ant-checkbox-input');
      const n = (await button.count()) ? Math.min(FIRST_ROWS, await boxes.count()) : 0;
      for (let r = 0; r < n; r += 1) {
        await boxes.nth(r).check();
        if (await button.first().isEnabled()) return { label: name, button: button.first() };
        await boxes.nth(r).uncheck();
      }
      tried.add(name);
    }
    return null;
  }

  /** Presses `button` and answers what it asks; what the press came to. */
  private async fire(button: Locator): Promise<Pick<Fired, 'outcome' | 'detail'>> {
    this.answers = [];
    this.sent = 0;
    const bubble = this.page.locator('.ant-popconfirm:visible');
    const dialog = this.page.locator('.ant-modal-wrap:visible .ant-modal');
    const errors = dialog.locator('.ant-form-item-explain-error, .ant-formily-item-error-help, [role=alert]');
    // A page kind of a module says a refusal above its table (its ActionError), or in a form widget.
    const pageAlerts = this.page.locator(`${CONTENT} [role=alert]:visible`);
    const alertsBefore = await pageAlerts.allInnerTexts();
    // What the page says now that it did not say before the press.
    const saidSince = async () => (await pageAlerts.allInnerTexts()).filter((t) => !alertsBefore.includes(t));
    await button.click({ timeout: 10_000 });
    // What the press brings: a bubble, a dialog, or the call itself.
    await this.until(
      async () =>
        this.sent > 0 || (await bubble.count()) > 0 || (await dialog.count()) > 0 || (await saidSince()).length > 0,
    );
    if (!this.sent && (await bubble.count())) {
      await animationsDone(this.page);
      await this.page.locator('.ant-popconfirm-buttons .ant-btn-primary:visible').first().click();
      // A bubble confirmed sends, or opens the dialog asking for an opinion.
      await this.until(async () => this.sent > 0 || (await dialog.count()) > 0);
    }
    if (!this.sent && (await dialog.count())) {
      await animationsDone(this.page);
      if (!(await answerDialog(this.page, dialog.first()))) {
        await cancelDialog(this.page, dialog);
        return { outcome: 'refused in the dialog', detail: 'its 确定 stays disabled with its own values' };
      }
      await dialog.first().locator('.ant-modal-footer .ant-btn-primary').first().click();
      await this.until(async () => this.sent > 0 || (await errors.count()) > 0 || !(await dialog.count()));
      if (!this.sent && (await dialog.count())) {
        const said = (await errors.allInnerTexts()).map(label).filter(Boolean);
        if (!said.length) this.watch.add('dialog said nothing', 'its 确定 neither sent nor explained');
        await cancelDialog(this.page, dialog);
        return { outcome: 'refused in the dialog', detail: said.join('；') };
      }
    }
    // Every call sent is answered (a batch sends one per row), its body read.
    await this.until(async () => this.answers.length >= this.sent, 30_000);
    await this.watch.quiet();
    const refused = this.answers.find((a) => !a.flag);
    if (refused) return { outcome: 'offered, then refused', detail: refused.msg };
    const said = this.sent ? [] : await saidSince();
    if (said.length) return { outcome: 'refused on the page', detail: said.map(label).join('；') };
    if (!this.sent) return { outcome: 'gone', detail: 'nothing was sent' };
    return { outcome: 'done' };
  }

  /** Waits until `holds` answers true, looking every 100 ms for at most `ms`. */
  private async until(holds: () => Promise<boolean>, ms = 10_000): Promise<void> {
    const end = Date.now() + ms;
    while (!(await holds()) && Date.now() < end) await this.page.waitForTimeout(100);
  }

  private async go(url: string): Promise<void> {
    const u = new URL(this.page.url());
    if (`${u.pathname}${u.search}` !== url && !(await routerMove(this.page, url))) await this.page.goto(url);
    await this.watch.quiet();
    if (new URL(this.page.url()).pathname === '/homePage') await closeTourIfShown(this.page).catch(() => false);
  }

  private async restore(url: string, tab: string | undefined): Promise<void> {
    await this.go(url);
    if (tab) await activateTab(this.page, this.watch, tab);
    await this.watch.quiet();
  }
}

/** The report's lines for what one walk fired. */
export function firedLines(fired: Fired[]): string[] {
  return fired.map(
    (f) => `${f.page}${f.tab ? ` [${f.tab}]` : ''}: ${f.action} → ${f.outcome}${f.detail ? ` (${f.detail})` : ''}`,
  );
}
