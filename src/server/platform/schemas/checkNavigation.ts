import type { MenuNode } from '../../../shared/schema/types.js';
import { normalisePath } from '../../../shared/schema/routePath.js';
import type { SchemaSet } from './SchemaSet.js';
import type { AddProblem } from './checkMetaSchemas.js';
import { flattenRoutes, segmentsMatch, segmentsOf } from './routePaths.js';

export interface RouteChecks {
  routeList: ReturnType<typeof flattenRoutes>;
  routeExists(to: string): boolean;
  /** Reports `to` at `pointer` of `file` when no route of routes.json has that path. */
  checkRoute(file: string, pointer: string, to: unknown): void;
}

/** The route paths of routes.json, and the check every link to one of them goes through. */
export function routeChecks(set: SchemaSet, add: AddProblem): RouteChecks {
  const routeList = flattenRoutes(Array.isArray(set.routes) ? set.routes : []);
  const patterns = routeList.map((r) => segmentsOf(r.full));
  // Schemas link to the same few paths many times over.
  const answers = new Map<string, boolean>();
  const routeExists = (to: string) => {
    let known = answers.get(to);
    if (known === undefined) {
      const path = segmentsOf(to);
      known = patterns.some((p) => segmentsMatch(p, path));
      answers.set(to, known);
    }
    return known;
  };
  const checkRoute = (file: string, pointer: string, to: unknown) => {
    if (typeof to === 'string' && !routeExists(to))
      add(file, pointer, `route path "${normalisePath(to)}" does not exist in routes.json`);
  };
  return { routeList, routeExists, checkRoute };
}

/** routes.json and the menus: pages exist, paths unique, highlighted parents, redirects and menu paths are routes. */
export function checkNavigation(
  set: SchemaSet,
  fileOf: (key: string) => string,
  add: AddProblem,
  routes: RouteChecks,
): void {
  const routesFile = set.files.get('routes');
  // Routes: pages exist, paths unique, highlighted parents and redirects exist.
  if (routesFile) {
    const seen = new Map<string, string>();
    for (const { route, full, pointer } of routes.routeList) {
      const key = normalisePath(full);
      if (seen.has(key)) add(routesFile, `${pointer}/path`, `duplicate path "${key}" (also at ${seen.get(key)})`);
      else seen.set(key, pointer);
      if (route.page !== undefined) {
        const pg = set.pages.get(route.page);
        if (!pg) add(routesFile, `${pointer}/page`, `unknown page "${route.page}"`);
        else if (route.mode && pg.kind !== 'form')
          add(routesFile, `${pointer}/mode`, `mode is for form pages; "${route.page}" is a ${pg.kind} page`);
      }
      if (route.activeMenu) routes.checkRoute(routesFile, `${pointer}/activeMenu`, route.activeMenu);
      if (route.redirect) routes.checkRoute(routesFile, `${pointer}/redirect`, route.redirect);
    }
  }

  // Menus: every path is a route.
  for (const [role, m] of set.menus) {
    const file = fileOf(`menus/${role}`);
    const walk = (nodes: MenuNode[] | undefined, pointer: string) =>
      (Array.isArray(nodes) ? nodes : []).forEach((n, i) => {
        routes.checkRoute(file, `${pointer}/${i}/path`, n?.path);
        walk(n?.children, `${pointer}/${i}/children`);
      });
    walk(m.items, '/items');
  }
}
