import type { ListPageDef } from './types.js';

/**
 * A list with nothing to do but read: no pager, no filters, no actions, no selection (the home
 * page's latest items). It renders through the light path (pages/list/CompactList.tsx): a plain table
 * with no antd Table, pager or action dialogs, so the visitor's first page stays small.
 */
export function isCompactList(page: ListPageDef): boolean {
  return (
    page.pagination === false &&
    !page.filters?.length &&
    !page.toolbar?.length &&
    !page.rowActions?.length &&
    !page.batchActions?.length
  );
}
