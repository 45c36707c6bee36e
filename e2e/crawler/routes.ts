/**
 * The crawler's map of the portal, read from the app itself: the route tree (/api/schema/routes:
 * which page and mode each path shows) and the role's menu (home/queryMenuList).
 */
import type { Page } from 'playwright-core';
import { api } from '../harness.js';

export interface RouteInfo {
  path: string;
  name: string;
  page?: string;
  mode?: string;
  component?: string;
}

export async function routeTable(page: Page): Promise<Map<string, RouteInfo>> {
  const answer = await api(page, 'schema/routes');
  const out = new Map<string, RouteInfo>();
  const walk = (routes: any[]) => {
    for (const r of routes ?? []) {
      out.set(r.path, { path: r.path, name: r.name, page: r.page, mode: r.mode, component: r.component });
      walk(r.children);
    }
  };
  walk(answer.data.routes);
  return out;
}

/** The menu's entries a user can open: every visible leaf (a section's children, or a top entry without any). */
export async function menuEntries(page: Page): Promise<{ name: string; path: string }[]> {
  const answer = await api(page, 'home/queryMenuList');
  if (!answer.flag) throw new Error(`home/queryMenuList refused: ${answer.result}`);
  const out: { name: string; path: string }[] = [];
  const walk = (nodes: any[]) => {
    for (const n of nodes ?? []) {
      if (n.invisible) continue;
      if (Array.isArray(n.children)) walk(n.children);
      else out.push({ name: n.name, path: n.path });
    }
  };
  walk(answer.data);
  return out;
}
