/**
 * What the crawler's walks share: the accounts walked, a role switch as the header does it, a
 * walk's own time limit and the number of walks at a time.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_USERS } from '../../src/server/platform/seed/demoUsers.js';
import { closeTourIfShown } from '../login.js';

const MENU_DIR = path.resolve(import.meta.dirname, '..', '..', 'schemas', 'menus');

/** The pages a role's menu opens (its entries without children), by role code. */
export function menuSizes(): Map<string, number> {
  const leaves = (items: any[]): number => items.reduce((n, i) => n + (i.children?.length ? leaves(i.children) : 1), 0);
  const sizes = new Map<string, number>();
  for (const f of fs.readdirSync(MENU_DIR)) {
    const menu = JSON.parse(fs.readFileSync(path.join(MENU_DIR, f), 'utf8'));
    sizes.set(String(menu.roleCode), leaves(menu.items ?? []));
  }
  return sizes;
}

/**
 * Every demo account the portal seeds (a role added with its account is walked without a change
 * here) but a second pair of eyes (sameAs), those with the largest menus first: walks run a few at
 * a time, and the short ones, taken last, leave less of the run to a single walk.
 */
export const ACCOUNTS = (() => {
  const sizes = menuSizes();
  const weight = (roles: string[]) => roles.reduce((n, r) => n + (sizes.get(r) ?? 0), 0);
  // An account repeating another's role and pages (sameAs) would walk the same pages again.
  // CRAWL_ACCOUNTS=admin,leader1 walks only those (while a page or a check is being worked on).
  const only = (process.env.CRAWL_ACCOUNTS ?? '').split(',').filter(Boolean);
  return [...DEMO_USERS.filter((u) => !u.sameAs)]
    .filter((u) => !only.length || only.includes(u.username))
    .sort((a, b) => weight(b.roles) - weight(a.roles))
    .map((u) => u.username);
})();
export const ALL_ACCOUNTS = ACCOUNTS.length === DEMO_USERS.filter((u) => !u.sameAs).length;

export async function currentRole(
  page: Page,
): Promise<{ roleCode: string; roleName: string; roleList: { roleCode: string; roleName: string }[] }> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('userObj') ?? '{}'));
}

/** The header's role switch, as a user with several roles uses it. */
export async function switchRole(page: Page, roleName: string): Promise<void> {
  await page.goto('/homePage');
  await closeTourIfShown(page);
  await page.locator('.shell-role-switch button').click();
  const dialog = page.locator('.shell-role-dialog');
  await dialog.waitFor({ state: 'visible' });
  await dialog.locator('.ant-radio-wrapper', { hasText: roleName }).click();
  await Promise.all([page.waitForEvent('load'), dialog.locator('.ant-btn-primary').click()]);
  await closeTourIfShown(page);
  await page.waitForFunction((name) => JSON.parse(localStorage.getItem('userObj') ?? '{}').roleName === name, roleName);
}

/**
 * A walk's own time limit, counted from when it gets its slot, not while it waits for one. The
 * largest menus (admin, province) take about 10 minutes beside the journeys on two cores.
 */
export const WALK_MS = 1_200_000;

/** Runs `run`, failing once `ms` have passed (a walk that hangs is reported as such). */
export async function within<T>(ms: number, what: string, run: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([run(), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs at most `n` of the functions given to it at once. */
export function limiter(n: number) {
  let running = 0;
  const queue: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (running >= n) await new Promise<void>((r) => queue.push(r));
    running += 1;
    try {
      return await fn();
    } finally {
      running -= 1;
      queue.shift()?.();
    }
  };
}
