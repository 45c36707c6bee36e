import type { LoadedRouteDef } from '../../shared/schema/types.js';
import { normalisePath } from '../../shared/schema/routePath.js';

/** A route of schemas/routes.json with its ancestors, so breadcrumbs and highlighting need no search. */
export interface RouteEntry {
  def: LoadedRouteDef;
  /** Normalised full path. */
  path: string;
  /** Root first, this route last. */
  chain: LoadedRouteDef[];
}

/** Paths that never ask for a login (SPEC §2: /403 and /500 skip the check). */
export const CHECK_FREE_PATHS = ['/403', '/500'];

export function flattenRoutes(routes: readonly LoadedRouteDef[]): RouteEntry[] {
  const out: RouteEntry[] = [];
  const walk = (list: readonly LoadedRouteDef[], parents: LoadedRouteDef[]) => {
    for (const def of list) {
      const chain = [...parents, def];
      out.push({ def, path: normalisePath(def.path), chain });
      if (def.children?.length) walk(def.children, chain);
    }
  };
  walk(routes, []);
  return out;
}

/** Index of routes by path for lookups on every navigation. */
export class RouteIndex {
  readonly entries: RouteEntry[];
  private readonly byPath = new Map<string, RouteEntry>();

  constructor(routes: readonly LoadedRouteDef[]) {
    this.entries = flattenRoutes(routes);
    for (const e of this.entries) if (!this.byPath.has(e.path)) this.byPath.set(e.path, e);
  }

  match(pathname: string): RouteEntry | null {
    return this.byPath.get(normalisePath(pathname)) ?? null;
  }
}

/** What the shell does at a route. */
export type RouteKind =
  | { kind: 'redirect'; to: string }
  | { kind: 'page'; page: string; mode?: LoadedRouteDef['mode']; query?: Record<string, string> }
  | { kind: 'component'; component: string }
  /** A section: goes to its first child that the user's menu offers. */
  | { kind: 'section'; children: LoadedRouteDef[] }
  /** Declared, but its module is not built: the fallback page. */
  | { kind: 'missing' };

export function routeKind(def: LoadedRouteDef): RouteKind {
  if (def.redirect) return { kind: 'redirect', to: def.redirect };
  if (def.page) return { kind: 'page', page: def.page, mode: def.mode, ...(def.query ? { query: def.query } : {}) };
  if (def.component) return { kind: 'component', component: def.component };
  const visible = (def.children ?? []).filter((c) => !c.hidden);
  if (visible.length) return { kind: 'section', children: visible };
  return { kind: 'missing' };
}

/**
 * Whether a visitor must log in first (SPEC §2): every declared route that is not public, except
 * /403 and /500. An unknown path shows the fallback page to anyone.
 */
export function needsLogin(entry: RouteEntry | null): boolean {
  if (!entry) return false;
  if (CHECK_FREE_PATHS.includes(entry.path)) return false;
  return !entry.def.public;
}

/** Name of a route for breadcrumbs and titles; guideline pages take theirs from `stage` 1..5. */
export function routeName(def: LoadedRouteDef, search: URLSearchParams): string {
  const stage = search.get('stage');
  if (def.stageNames && stage && def.stageNames[stage]) return def.stageNames[stage];
  return def.name;
}

export interface Crumb {
  title: string;
  /** Where a click goes; absent for the current page and for routes with nothing to show. */
  path?: string;
}

/** Breadcrumbs from the route path (SPEC §2); home and the home redirect have none. */
export function breadcrumbs(
  entry: RouteEntry | null,
  search: URLSearchParams,
  homePath = '/homePage',
  menuNames?: ReadonlyMap<string, string>,
  menuParents?: ReadonlyMap<string, string[]>,
): Crumb[] {
  if (!entry || entry.path === homePath || entry.path === '/') return [];
  const crumbs = entry.chain
    .filter((def) => normalisePath(def.path) !== '/')
    .map((def, i, all) => {
      const last = i === all.length - 1;
      const kind = routeKind(def).kind;
      const linkable = !last && kind !== 'missing';
      // The words of the menu entry the user clicked (per role) win over the route's own name.
      const title = menuNames?.get(normalisePath(def.path)) ?? routeName(def, search);
      return { title, path: linkable ? normalisePath(def.path) : undefined, at: normalisePath(def.path) };
    });
  // The sections above the deepest route the menu shows are the menu's own, as the user went.
  const k = crumbs.map((c) => menuParents?.has(c.at) ?? false).lastIndexOf(true);
  const above = k >= 0 ? menuParents!.get(crumbs[k].at)! : undefined;
  const same =
    above &&
    above.join('/') ===
      crumbs
        .slice(0, k)
        .map((c) => c.title)
        .join('/');
  const placed: { title: string; path?: string }[] =
    above && !same ? [...above.map((title) => ({ title })), ...crumbs.slice(k)] : crumbs;
  return placed.map((c) => (c.path ? { title: c.title, path: c.path } : { title: c.title }));
}

/** The page's name: the words of the menu entry that opens it (per role), else the route's own. */
export function pageNameOf(
  entry: RouteEntry | null,
  search: URLSearchParams,
  menuNames?: ReadonlyMap<string, string>,
): string {
  if (!entry) return '';
  return menuNames?.get(normalisePath(entry.path)) ?? routeName(entry.def, search);
}

/**
 * The menu entry to highlight: the route's activeMenu, else the nearest route on its chain
 * (itself first) that the menu shows; hidden sub-pages so light up their list.
 */
export function highlightedMenuPath(entry: RouteEntry | null, menuPaths: ReadonlySet<string>): string | undefined {
  if (!entry) return undefined;
  if (entry.def.activeMenu) return normalisePath(entry.def.activeMenu);
  for (let i = entry.chain.length - 1; i >= 0; i--) {
    const p = normalisePath(entry.chain[i].path);
    if (menuPaths.has(p)) return p;
  }
  return undefined;
}

/** Whether the route sits under a hidden page (detail / add / edit / look), for the back link. */
export function isSubPage(entry: RouteEntry | null): boolean {
  return !!entry && entry.chain.length > 1 && !!entry.def.hidden;
}
