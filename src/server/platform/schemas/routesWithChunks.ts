import { pageChunkOf } from '../../../shared/schema/pageChunk.js';
import type { LoadedRouteDef, PageDef, RouteDef } from '../../../shared/schema/types.js';

const answered = new WeakMap<RouteDef[], LoadedRouteDef[]>();

/**
 * The route tree as the browser gets it: each route that renders a page also names the chunk of
 * code that page needs (LoadedRouteDef.pageChunk), so the shell loads it with the runtime and the page
 * schema, not after the schema has said which kind it is. Worked out once per route tree.
 */
export function routesWithChunks(routes: RouteDef[], pages: ReadonlyMap<string, PageDef>): LoadedRouteDef[] {
  let out = answered.get(routes);
  if (!out) {
    const mark = (list: RouteDef[]): LoadedRouteDef[] =>
      list.map((r) => {
        const page = r.page ? pages.get(r.page) : undefined;
        const pageChunk = page ? pageChunkOf(page) : undefined;
        return { ...r, ...(pageChunk ? { pageChunk } : {}), ...(r.children ? { children: mark(r.children) } : {}) };
      });
    answered.set(routes, (out = mark(routes)));
  }
  return out;
}
