/**
 * Numbers agree: a menu badge that does not say what it counts (its title 共 N 项, MenuLabel.tsx)
 * is the total of the list its entry leads to, read on that list as it first shows (共N条记录).
 * A badge that says what it counts (待办 3) is left to its own definition (settings.json counts).
 */
import type { Page } from 'playwright-core';
import type { Problem } from './readability.js';

/** The mismatch of a badge's title and the list's total text, or null when they agree or do not apply. */
export function countMismatch(badgeTitle: string | null, totals: string[]): string | null {
  const badge = /^共 (\d+) 项$/.exec(badgeTitle ?? '');
  // One list on the page: a page of several lists (tabs, a dashboard) has no one total to be.
  if (!badge || totals.length !== 1) return null;
  const total = /共(\d+)条记录/.exec(totals[0]!);
  if (!total) return null;
  return badge[1] === total[1] ? null : `菜单 共 ${badge[1]} 项 ≠ 列表 共${total[1]}条记录`;
}

/** The badge of the selected menu entry against the page's list total. */
export async function countProblems(page: Page, entry: string): Promise<Problem[]> {
  const seen = await page.evaluate((name) => {
    // The entry just opened is the selected one; its name tells it from a selected section above it.
    const items = [
      ...document.querySelectorAll('.shell-sider .ant-menu-item-selected, .shell-top-menu .ant-menu-item-selected'),
    ];
    const item = items.find((i) =>
      (i.querySelector('.shell-menu-label') as HTMLElement | null)?.innerText.replace(/\s+/g, '').startsWith(name),
    );
    return {
      badge: item?.querySelector('.shell-menu-badge')?.getAttribute('title') ?? null,
      totals: [...document.querySelectorAll('.shell-content .runtime-list .ant-pagination-total-text')].map(
        (e) => (e as HTMLElement).innerText,
      ),
    };
  }, entry);
  const mismatch = countMismatch(seen.badge, seen.totals);
  return mismatch ? [{ kind: 'count differs from list', detail: `${entry}: ${mismatch}` }] : [];
}
