/**
 * Walks what one logged-in account can reach, as the user would, from the app's own data: each
 * menu entry; on each page every tab (and every step of a wizard), the targets of its toolbar,
 * detail and row actions (for the first rows) and of the links in its tables, every export and
 * download, and a re-save of each edit form as it was loaded; a menu entry's plain badge is checked against
 * the total of the list it opens (menuCounts.ts). Transitions and deletes change the data: they
 * are fired by firer.ts, on a portal per account (crawlerFire.e2e.ts).
 */
import fs from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { animationsDone, buttonName, routerMove } from '../harness.js';
import { closeTourIfShown } from '../login.js';
import { fileProblem } from './fileChecks.js';
import { resave } from './resave.js';
import type { RouteInfo } from './routes.js';
import { Inspector } from './inspector.js';
import { countProblems, type CountTally } from './menuCounts.js';
import { titleProblems } from './readability.js';
import { errorLine, onceMore } from './steady.js';
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
  tabLabels,
  type Task,
} from './screen.js';
import type { Watch } from './watch.js';

/** What pressing an action came to. */
type Outcome = 'moved away' | 'done' | 'nowhere' | 'navigated';

export interface PageVisit {
  url: string;
  name: string;
  via: string;
  actions: string[];
}

/** How deep links are followed: menu page → a row's target → a target's own tab rows' targets. */
const MAX_DEPTH = 2;
/** Full walks of one route (other records of the same page are opened and checked, not walked again). */
const WALKS_PER_ROUTE = 1;
/** Rows of each table whose actions are pressed. */
const FIRST_ROWS = 3;

export class Crawler {
  readonly visits: PageVisit[] = [];
  /** Menu badges held against the totals of the lists they open. */
  readonly counts: CountTally = { compared: 0 };
  private readonly done = new Set<string>();
  /** Addresses already walked: a second way to the same record's page is pressed, not walked again. */
  private readonly walkedUrls = new Set<string>();
  private readonly walksOf = new Map<string, number>();
  readonly inspector: Inspector;

  constructor(
    readonly page: Page,
    readonly watch: Watch,
    private readonly routes: Map<string, RouteInfo>,
    private readonly account: string,
  ) {
    this.inspector = new Inspector(page, watch);
  }

  /** Opens `url` (as the app navigates: history, no reload) and walks it. */
  async open(url: string, via: string, depth = 0): Promise<void> {
    await this.go(url);
    const here = this.here();
    const route = this.routes.get(new URL(here, 'http://x').pathname);
    const visit: PageVisit = { url: here, name: route?.name ?? '?', via, actions: [] };
    this.visits.push(visit);
    this.walkedUrls.add(here);
    this.watch.where = `${here} (${visit.name}, via ${via})`;
    if (!route) this.watch.add('unknown route', here);
    await this.inspect();
    if (via.startsWith('menu '))
      for (const p of [
        ...(await titleProblems(this.page, via.slice(5))),
        ...(await countProblems(this.page, via.slice(5), this.counts)),
      ])
        this.watch.add(p.kind, p.detail);
    const pathname = new URL(here, 'http://x').pathname;
    const walks = (this.walksOf.get(pathname) ?? 0) + 1;
    this.walksOf.set(pathname, walks);
    if (walks > WALKS_PER_ROUTE) return;
    const tabs = await steadyTabLabels(this.page, this.watch);
    for (let t = 0; t < Math.max(1, tabs.length); t += 1) {
      if (tabs.length) {
        // The previous tab's targets were walked: back to this page first, then its next tab.
        await this.go(here);
        if (!(await activateTab(this.page, this.watch, tabs[t]))) {
          visit.actions.push(`tab ${tabs[t]}: gone`);
          continue;
        }
        visit.actions.push(`tab ${tabs[t]}`);
        this.watch.where = `${here} (${visit.name}, tab ${tabs[t]})`;
        await this.inspect();
      }
      await this.walkActions(here, tabs[t], depth, visit);
    }
    if (route?.mode === 'edit' || (!route?.mode && new URL(here, 'http://x').searchParams.has('id')))
      await resave(this, here, visit);
  }

  private here(): string {
    const u = new URL(this.page.url());
    return `${u.pathname}${u.search}`;
  }

  /** Goes to `url` in the app (through its router, as a journey does; loaded when it cannot move), and waits until it is drawn. */
  private async go(url: string): Promise<void> {
    const moved = this.here() !== url;
    if (moved && !(await routerMove(this.page, url))) await this.page.goto(url);
    await this.watch.quiet();
    // Home shows the guided tour again when it is come back to. Staying on it, the tour closed
    // before stays closed: waiting for it to show would only wait out the timeout.
    if (moved && new URL(this.page.url()).pathname === '/homePage')
      await closeTourIfShown(this.page).catch(() => false);
  }

  /** Back at `url` on the tab labelled `tab` (the first when none is named), after a target was walked. */
  async restore(url: string, tab: string | undefined): Promise<void> {
    await this.go(url);
    const tabs = await tabLabels(this.page);
    if (tabs.length) await activateTab(this.page, this.watch, tab ?? tabs[0]);
  }

  inspect(): Promise<void> {
    return this.inspector.inspect();
  }

  checkToasts(): Promise<void> {
    return this.inspector.checkToasts();
  }

  /** The tasks the screen offers now: row actions and cell links of the first rows, buttons of the page, file links. */
  private async tasks(path: string, tab: string | undefined): Promise<Task[]> {
    const types = actionTypes(this.watch);
    const rowLinks = [...this.watch.bundles.values()].flatMap((b) =>
      (b.page?.rowActions ?? [])
        .filter((d: any) => d.type === 'link' || d.type === 'download')
        .map((d: any) => label(d.label ?? '')),
    );
    const wanted = new Set(rowLinks.filter((l) => !this.done.has(`${path}|${tab}|${types.get(l)} ${l}`)));
    const out: Task[] = [];
    const shown = tables(this.page);
    const nTables = await shown.count();
    for (let ti = 0; ti < nTables; ti += 1) {
      const rows = shown.nth(ti).locator('tbody tr.ant-table-row');
      const n = await rows.count();
      for (let r = 0; r < n; r += 1) {
        // Past the first rows, only an action none of them offered is looked for (a draft's 编辑
        // further down the page), and only while one is missing.
        const first = r < FIRST_ROWS;
        if (!first && !wanted.size) break;
        for (const l of await rowLabels(this.page, rows.nth(r), wanted)) {
          if (first || wanted.has(l))
            out.push({ kind: 'row', table: ti, row: r, label: l, type: types.get(l) ?? 'unknown' });
          wanted.delete(l);
        }
        if (!first) continue;
        for (const href of await rows
          .nth(r)
          .locator('td a[href^="/"]')
          .evaluateAll((as) =>
            as.filter((a) => !a.closest('.runtime-file-list')).map((a) => a.getAttribute('href')!),
          )) {
          out.push({ kind: 'cell', table: ti, row: r, href });
        }
      }
    }
    const buttons = this.page.locator(`${CONTENT} button:visible`);
    const texts = await buttons.evaluateAll((bs) =>
      bs
        .filter(
          (b) =>
            !b.closest(
              '.ant-table-row, .runtime-form-buttons, .ant-pagination, .runtime-filters, .ant-tabs-nav, .ant-picker, .ant-upload, .ant-modal',
            ) && !(b as HTMLButtonElement).disabled,
        )
        .map((b) => (b as HTMLElement).innerText.replace(/\s+/g, '')),
    );
    for (const l of new Set(texts)) {
      const type = types.get(l) ?? (/导出|下载/.test(l) ? 'download' : undefined);
      if (type) out.push({ kind: 'button', label: l, type });
    }
    const files = await this.page.locator(`${CONTENT} .runtime-file-list a:visible`).allInnerTexts();
    files.slice(0, 2).forEach((name, index) => out.push({ kind: 'file', index, name }));
    return out;
  }

  /** Puts the page back at `url` on `tab` after an action met it changing: dialogs closed, network quiet. */
  private async settleAt(url: string, tab: string | undefined): Promise<void> {
    await this.page.keyboard.press('Escape').catch(() => undefined);
    await this.watch.quiet();
    await this.restore(url, tab);
  }

  private async walkActions(url: string, tab: string | undefined, depth: number, visit: PageVisit): Promise<void> {
    const path = new URL(url, 'http://x').pathname;
    for (const task of await onceMore(
      () => this.tasks(path, tab),
      () => this.settleAt(url, tab),
    )) {
      const name =
        task.kind === 'cell'
          ? `link ${new URL(task.href, 'http://x').pathname}`
          : task.kind === 'file'
            ? 'file'
            : `${task.type} ${task.label}`;
      // A button outside the tabs shows on each of them: pressed once per page.
      const key = task.kind === 'button' ? `${path}|${name}` : `${path}|${tab}|${name}`;
      if (this.done.has(key)) continue;
      const isLink = ((task.kind === 'row' || task.kind === 'button') && task.type === 'link') || task.kind === 'cell';
      const isDownload =
        task.kind === 'file' ||
        ((task.kind === 'row' || task.kind === 'button') && (task.type === 'export' || task.type === 'download'));
      if (!isLink && !isDownload) {
        // Transitions, deletes, imports and batch actions change the data: named in the report, not pressed.
        if (!visit.actions.includes(`not fired: ${task.label}`)) visit.actions.push(`not fired: ${task.label}`);
        continue;
      }
      if (isLink && depth >= MAX_DEPTH) continue;
      this.done.add(key);
      this.watch.where = `${url} → ${name}`;
      // A press that met the page changing (an element gone, a click on a row drawn again that went
      // nowhere) is tried once more on the page as it is then; what fails twice is reported.
      let outcome: Outcome;
      try {
        outcome = await onceMore(
          () => this.press(task, url, tab, isDownload, visit, name),
          () => this.settleAt(url, tab),
        );
        if (outcome === 'nowhere') {
          await this.settleAt(url, tab);
          outcome = await this.press(task, url, tab, isDownload, visit, name);
        }
      } catch (e) {
        this.watch.add('action failed', `${name} on ${url}: ${errorLine(e)}`);
        await this.settleAt(url, tab).catch(() => undefined);
        continue;
      }
      if (outcome === 'moved away') visit.actions.push(`${name}: moved away`);
      else if (outcome === 'nowhere') this.watch.add('link went nowhere', `${name} on ${url}`);
      else if (outcome === 'navigated') {
        visit.actions.push(`${name} → ${new URL(this.page.url()).pathname}`);
        if (this.walkedUrls.has(this.here())) continue;
        await this.open(
          this.here(),
          `${visit.name} ${task.kind === 'cell' ? 'link' : task.kind === 'file' ? 'file' : task.label}`,
          depth + 1,
        );
      }
    }
  }

  /** Presses one action at `url` on `tab`: a download is opened as its type, a link followed (through a picking dialog). */
  private async press(
    task: Task,
    url: string,
    tab: string | undefined,
    isDownload: boolean,
    visit: PageVisit,
    name: string,
  ): Promise<Outcome> {
    await this.restore(url, tab);
    const target = await locate(this.page, task);
    // Rows move (a re-save puts its record first): an action no longer on its row is left.
    if (!target) return 'moved away';
    if (isDownload) {
      visit.actions.push(`${name}: ${await this.download(target)}`);
      return 'done';
    }
    // A link in a cell of a table scrolled sideways (by an earlier press in the 操作 column) may lie
    // under the table's fixed columns: the table is brought back to its start first, as a reader
    // looking for the row's name would.
    if (task.kind === 'cell')
      await target.evaluate((el) => el.closest('.ant-table-content, .ant-table-body')?.scrollTo({ left: 0 }));
    await target.click({ timeout: 10_000 });
    const away = () =>
      this.page
        .waitForURL((u) => `${u.pathname}${u.search}` !== url, { timeout: 10_000 })
        .then(
          () => true,
          () => false,
        );
    const dialog = this.page.locator('.ant-modal-wrap:visible .ant-modal');
    // A link that picks its record first (申报课题 → 选择申报通知) opens a dialog: it is checked, and
    // its first choice taken; a dialog with nothing to choose is closed.
    const moved =
      (await Promise.race([
        away(),
        dialog
          .first()
          .waitFor({ timeout: 10_000 })
          .then(
            () => false,
            () => false,
          ),
      ])) || (await this.throughDialog(dialog, away, visit, name));
    if (moved === null) return 'done';
    return moved ? 'navigated' : 'nowhere';
  }

  /** Takes the first choice of a picking dialog: true when that led to another page, null when there was nothing to choose. */
  private async throughDialog(
    dialog: Locator,
    away: () => Promise<boolean>,
    visit: PageVisit,
    name: string,
  ): Promise<boolean | null> {
    if (!(await dialog.count())) return false;
    await animationsDone(this.page);
    await this.watch.quiet();
    await this.inspect();
    const choice = dialog
      .first()
      .locator('.runtime-pick-list')
      .getByRole('button', { name: buttonName('选择') });
    if (await choice.count()) {
      await choice.first().click();
      return away();
    }
    visit.actions.push(`${name}: dialog with nothing to choose`);
    await cancelDialog(this.page, dialog);
    return null;
  }

  /** Presses a download and opens what comes as its type; returns what it was, for the report. */
  private async download(target: Locator): Promise<string> {
    const started = this.page.waitForEvent('download', { timeout: 30_000 }).catch(() => null);
    const refused = this.page
      .locator('.ant-message-error')
      .first()
      .waitFor({ timeout: 30_000 })
      .then(
        () => null,
        () => null,
      );
    await target.click();
    const d = await Promise.race([started, refused]).catch(() => null);
    if (!d) {
      await this.checkToasts();
      this.watch.add('download failed', 'no file came');
      return 'failed';
    }
    const name = d.suggestedFilename();
    const file = await d.path();
    const problem = await fileProblem(name, await fs.readFile(file));
    if (problem) this.watch.add('bad download', problem);
    await this.watch.quiet();
    await this.checkToasts();
    return name;
  }
}
