// What the crawler reads off a screen: its tabs, the actions its schemas declare, a row's action
// labels (更多 opened when needed), and where a task's button or link is now.
import type { Locator, Page } from 'playwright-core';
import { animationsDone, buttonName } from '../harness.js';
import { onceMore } from './steady.js';
import type { Watch } from './watch.js';

export const CONTENT = '.shell-content';
export const label = (s: string) => s.replace(/\s+/g, '');

/** A thing the crawler may press on a screen. */
export type Task =
  | { kind: 'row'; table: number; row: number; label: string; type: string }
  | { kind: 'cell'; table: number; row: number; href: string }
  | { kind: 'button'; label: string; type: string }
  | { kind: 'file'; index: number; name: string };

export async function tabLabels(page: Page): Promise<string[]> {
  return (await page.locator(`${CONTENT} .ant-tabs-nav .ant-tabs-tab:visible`).allInnerTexts()).map(label);
}

/** The page's tabs once they stay the same over a settle (a record's tabs are drawn again once it loads). */
export async function steadyTabLabels(page: Page, watch: Watch): Promise<string[]> {
  let tabs = await tabLabels(page);
  for (let round = 0; round < 3; round += 1) {
    await watch.quiet();
    const again = await tabLabels(page);
    if (again.join('|') === tabs.join('|')) break;
    tabs = again;
  }
  return tabs;
}

/**
 * Opens the tab labelled `name`, found afresh each time (tabs are drawn again under the walk);
 * false when the page has no such tab any more.
 */
export async function activateTab(page: Page, watch: Watch, name: string): Promise<boolean> {
  const settle = () => watch.quiet();
  return onceMore(async () => {
    let at = (await tabLabels(page)).indexOf(name);
    if (at < 0) {
      await settle();
      at = (await tabLabels(page)).indexOf(name);
      if (at < 0) return false;
    }
    const tab = page.locator(`${CONTENT} .ant-tabs-nav .ant-tabs-tab:visible`).nth(at);
    const active = await tab.evaluate((el) => el.classList.contains('ant-tabs-tab-active'), undefined, {
      timeout: 5_000,
    });
    if (!active) {
      await tab.click({ timeout: 5_000 });
      await watch.quiet();
    }
    return true;
  }, settle);
}

export function actionTypes(watch: Watch): Map<string, string> {
  const out = new Map<string, string>();
  const defaults: Record<string, string> = { delete: '删除', export: '导出', import: '导入' };
  for (const b of watch.bundles.values()) {
    const p = b.page ?? {};
    for (const def of [
      ...(p.toolbar ?? []),
      ...(p.rowActions ?? []),
      ...(p.actions ?? []),
      ...(p.batchActions ?? []),
    ]) {
      const t =
        def.type === 'transition' ? b.workflow?.transitions?.find((x: any) => x.action === def.action) : undefined;
      const name = def.label ?? t?.label ?? defaults[def.type] ?? def.action;
      if (name && !out.has(label(name))) out.set(label(name), def.type);
    }
  }
  return out;
}

export function tables(page: Page): Locator {
  return page.locator(`${CONTENT} .ant-table:visible`);
}

/** The row's action labels; 更多 is opened only when it may hold one of `wanted` not shown inline. */
export async function rowLabels(page: Page, row: Locator, wanted: Set<string>): Promise<string[]> {
  const direct = (await row.locator('.runtime-row-actions button:not(.runtime-more-button)').allInnerTexts()).map(
    label,
  );
  const more = row.locator('.runtime-more-button');
  if (!(await more.count()) || [...wanted].every((w) => direct.includes(w))) return [...new Set(direct)];
  await more.first().click();
  const pop = page.locator('.runtime-more-actions:visible');
  await pop.first().waitFor();
  await animationsDone(page);
  const folded = (await pop.first().locator('button').allInnerTexts()).map(label);
  // The same button closes it (a popover left open covers the next row's button).
  await more.first().click();
  await page.locator('.runtime-more-actions').first().waitFor({ state: 'hidden', timeout: 5_000 });
  return [...new Set([...direct, ...folded])];
}

export async function locate(page: Page, task: Task): Promise<Locator | null> {
  if (task.kind === 'file') return page.locator(`${CONTENT} .runtime-file-list a:visible`).nth(task.index);
  if (task.kind === 'button') {
    const b = page
      .locator(`${CONTENT} button:visible`)
      .filter({ hasText: buttonName(task.label) })
      .first();
    return (await b.count()) ? b : null;
  }
  const row = tables(page).nth(task.table).locator('tbody tr.ant-table-row').nth(task.row);
  if (!(await row.count())) return null;
  if (task.kind === 'cell') {
    // The row may hold another record by now (a re-save lists its record first): then it moved away.
    const link = row.locator(`td a[href="${task.href}"]`).first();
    return (await link.count()) ? link : null;
  }
  const direct = row.locator('.runtime-row-actions button').filter({ hasText: buttonName(task.label) });
  if (await direct.count()) return direct.first();
  const more = row.locator('.runtime-more-button');
  if (!(await more.count())) return null;
  await more.first().click();
  // The menu opens with what the row offers now: an action not in it has moved away with its row.
  const menu = page.locator('.runtime-more-actions:visible');
  await menu
    .first()
    .waitFor()
    .catch(() => undefined);
  await animationsDone(page);
  const folded = menu.locator('button').filter({ hasText: buttonName(task.label) });
  return (await folded.count()) ? folded.first() : null;
}

/** Closes a dialog with its 取消 (Escape when it has none) and waits until it is gone. */
export async function cancelDialog(page: Page, dialog: Locator): Promise<void> {
  await dialog
    .first()
    .getByRole('button', { name: buttonName('取消') })
    .first()
    .click()
    .catch(() => page.keyboard.press('Escape'));
  await dialog
    .first()
    .waitFor({ state: 'hidden' })
    .catch(() => undefined);
}
