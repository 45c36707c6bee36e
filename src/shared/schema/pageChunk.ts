import { isCompactList } from './compactList.js';
import type { ListPageDef, PageDef } from './types.js';

/**
 * The code a page needs beyond the runtime itself: its kind's chunk. Every kind but the list is a
 * chunk of its own; a list is one only when it is a full list (table, pager, actions), since
 * compact lists are drawn by the runtime's light path. Undefined when the runtime alone draws it.
 *
 * The route tree carries it (RouteDef.pageChunk), so the shell can start loading that code with
 * the runtime and the page schema instead of after them.
 */
export function pageChunkOf(page: PageDef): string | undefined {
  if (page.kind === 'list') return isCompactList(page as ListPageDef) ? undefined : 'list';
  return page.kind;
}
