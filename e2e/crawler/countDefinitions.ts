/**
 * Numbers agree, for a badge that says what it counts (待办 3, 待评分 1): it is held to its own
 * definition, schemas/settings.json `counts[key]`, the records of its entity this user may read
 * for which its `where` holds. The crawler reads every such record through the list call as the
 * user does and tests the rule on each with the shared evaluator (the server counts in SQL): a
 * badge that counts something other than what it says is a finding.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { test } from '../../src/shared/rules/evaluate.js';
import { formatDate, formatDateTime } from '../../src/shared/provinceTime.js';
import { api } from '../harness.js';
import type { Problem } from './readability.js';

/** How many badges a walk held against their lists' totals or their definitions, for its report. */
export interface CountTally {
  compared: number;
}

interface MenuNode {
  path?: string;
  badge?: string;
  children?: MenuNode[];
}
interface CountSource {
  entity: string;
  where?: unknown;
  roles?: string[];
}

const SCHEMAS = path.resolve(import.meta.dirname, '..', '..', 'schemas');
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(SCHEMAS, file), 'utf8'));

/** The count key a role's menu entry at `at` shows (menus/<role>.json), if any. */
export function badgeKeyOf(nodes: MenuNode[], at: string): string | undefined {
  for (const n of nodes) {
    if (n.path === at && n.badge) return n.badge;
    const inner = badgeKeyOf(n.children ?? [], at);
    if (inner) return inner;
  }
  return undefined;
}

/** A badge's title as MenuLabel writes it for a labelled count: the label and the number. */
export function labelledCount(title: string | null): { label: string; count: number } | null {
  const m = /^(\S+) (\d+) 项$/.exec(title ?? '');
  return m && m[1] !== '共' ? { label: m[1]!, count: Number(m[2]) } : null;
}

/** Every record of `entity` the page's user may read, a hundred a call. */
async function readable(page: Page, entity: string): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let n = 1; n <= 50; n += 1) {
    const answer = await api(page, `resource/${entity}/list`, { page: n, pageSize: 100 });
    const data = answer.data as { list?: Record<string, unknown>[]; total?: number } | null;
    rows.push(...(data?.list ?? []));
    if (!data?.list?.length || rows.length >= (data.total ?? 0)) break;
  }
  return rows;
}

/** The labelled badge of the menu entry at `at` (named `entry`, selected now) against its definition. */
export async function definitionProblems(
  page: Page,
  entry: string,
  at: string,
  badgeTitle: string | null,
  tally?: CountTally,
): Promise<Problem[]> {
  const shown = labelledCount(badgeTitle);
  if (!shown) return [];
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('userObj') ?? '{}'));
  const menu = readJson(`menus/${String(user.roleCode)}.json`) as { items?: MenuNode[] };
  const key = badgeKeyOf(menu.items ?? [], at);
  const counts = (readJson('settings.json') as { counts?: Record<string, CountSource> }).counts ?? {};
  const source = key ? counts[key] : undefined;
  if (!source) return [{ kind: 'count without a definition', detail: `${entry}: ${badgeTitle}` }];
  const now = Date.now();
  const userId = /^\d+$/.test(String(user.userId)) ? Number(user.userId) : user.userId;
  const context = { user: { ...user, userId }, now, nowText: formatDateTime(now), today: formatDate(now) };
  const rows = await readable(page, source.entity);
  const held = rows.filter(
    (record) => source.where === undefined || test(source.where as never, { ...context, record }),
  );
  if (tally) tally.compared += 1;
  return held.length === shown.count
    ? []
    : [
        {
          kind: 'count differs from its definition',
          detail: `${entry}: 菜单 ${shown.label} ${shown.count} 项 ≠ 按定义（${key}）${held.length} 项`,
        },
      ];
}
