/**
 * Route paths as the schema check compares them: full paths of the nested route tree, and whether a
 * link (with query or :params) lands on a route.
 */
import { normalisePath } from '../../../shared/schema/routePath.js';
import type { RouteDef } from '../../../shared/schema/types.js';

export function pathMatches(pattern: string, actual: string): boolean {
  return segmentsMatch(segmentsOf(pattern), segmentsOf(actual));
}

/** A path's segments as pathMatches compares them. */
export function segmentsOf(path: string): string[] {
  return normalisePath(path).split('/');
}

/** pathMatches on paths already split (a check compares every link with every route). */
export function segmentsMatch(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((seg, i) => seg === b[i] || seg.startsWith(':') || b[i].startsWith(':'));
}

/** Every route of the tree with its full path and JSON pointer (routes as written, or as the server hands them out). */
export function flattenRoutes<R extends RouteDef & { children?: R[] }>(
  routes: R[],
  parent = '',
): { route: R; full: string; pointer: string }[] {
  const out: { route: R; full: string; pointer: string }[] = [];
  const walk = (list: R[], base: string, pointer: string) => {
    list.forEach((r, i) => {
      const p = typeof r.path === 'string' ? r.path : '';
      const full = p.startsWith('/') ? p : `${base.replace(/\/+$/, '')}/${p}`;
      const ptr = `${pointer}/${i}`;
      out.push({ route: r, full, pointer: ptr });
      if (Array.isArray(r.children)) walk(r.children, full, `${ptr}/children`);
    });
  };
  walk(routes, parent, '/routes');
  return out;
}
