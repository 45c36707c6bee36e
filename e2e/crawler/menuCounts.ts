/**
 * Numbers agree: a menu badge that does not say what it counts (its title 共 N 项, MenuLabel.tsx)
 * is the total of the list its entry leads to, read on that list as it first shows (共N条记录).
 * A badge that says what it counts (待办 3) is held to its own definition (countDefinitions.ts).
 */
import type { Page } from 'playwright-core';
import { definitionProblems, type CountTally } from './countDefinitions.js';
import type { Problem } from './readability.js';

/** A badge's count and a list's total to compare, or null when the page has none to hold against it. */
function comparable(badgeTitle: string | null, totals: string[]): [string, string] | null {
  const badge = /^共 (\d+) 项$/.exec(badgeTitle ?? '');
  // One list on the page: a page of several lists (tabs, a dashboard) has no one total to be.
  if (!badge || totals.length !== 1) return null;
  const total = /共(\d+)条记录/.exec(totals[0]!);
  return total ? [badge[1]!, total[1]!] : null;
}

/** The mismatch of a badge's title and the list's total text, or null when they agree or do not apply. */
export function countMismatch(badgeTitle: string | null, totals: string[]): string | null {
  const pair = comparable(badgeTitle, totals);
  return !pair || pair[0] === pair[1] ? null : `菜单 共 ${pair[0]} 项 ≠ 列表 共${pair[1]}条记录`;
}

export type { CountTally };

/** The badge of the selected menu entry against the page's list total (counted in `tally` when there was one to compare). */
export async function countProblems(page: Page, entry: string, tally?: CountTally): Promise<Problem[]> {
  const seen = await page.evaluate((name) => {
    // The entry just opened is the selected one; its name tells it from a selected section above it.
    const items = [
      ...document.querySelectorAll('.shell-sider .ant-menu-item-selected, .shell-top-menu .ant-menu-item-selected'),
    ];
    const item = items.find((i) =>
      (i.querySelector('.shell-menu-label') as HTMLElement | null)?.innerText.replace(/\s+/g, '').startsWith(name),
    );
    return {
      // antd's Badge puts its title on the number inside it, not on its own box.
      badge: item?.querySelector('.shell-menu-badge[title], .shell-menu-badge [title]')?.getAttribute('title') ?? null,
      totals: [...document.querySelectorAll('.shell-content .runtime-list .ant-pagination-total-text')].map(
        (e) => (e as HTMLElement).innerText,
      ),
    };
  }, entry);
  // A badge that says what it counts is held to that definition instead of the list's total.
  const defined = await definitionProblems(page, entry, new URL(page.url()).pathname, seen.badge, tally);
  if (defined.length) return defined;
  if (tally && comparable(seen.badge, seen.totals)) tally.compared += 1;
  const mismatch = countMismatch(seen.badge, seen.totals);
  return mismatch ? [{ kind: 'count differs from list', detail: `${entry}: ${mismatch}` }] : [];
}
