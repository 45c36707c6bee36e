import { loadable } from '../../loadable.js';
import type { ListPageDef, PageBundle } from '../../../../shared/schema/types.js';
import { prefetchList } from '../../data/listPrefetch.js';
import { isCompactList } from '../../../../shared/schema/compactList.js';
import { toListRequest } from '../../model/listQuery.js';
import { firstListState, sessionStore } from '../../model/rememberedList.js';
import type { RuntimeEnv } from '../../RuntimeContext.js';
import { CompactList } from './CompactList.js';
import { loadPageChunk } from '../pageChunks.js';
import { prepareCells } from '../cells.js';
import { planColumns } from '../../model/columns.js';
import type { PageKindProps, Query } from '../types.js';

// The full list (table, pager, filters, actions) is its own chunk: the portal's home shows only
// compact lists and never loads it. Once its code is in (prepareList), the list renders at once,
// in the render that mounts it (runtime/loadable.tsx): through lazy() it would first suspend and be
// rendered again as a retry, which React renders in slices that any update (the page spinner's
// timer) makes it start over.
const loadListPage = () => loadPageChunk('list');
const FullList = loadable<PageKindProps>(() => loadListPage().then((m) => m.ListPage));

/** The `list` page kind: the light path for read-only compact lists, the full list page otherwise. */
export function ListKind(props: PageKindProps) {
  return isCompactList(props.bundle.page as ListPageDef) ? <CompactList {...props} /> : <FullList {...props} />;
}

/**
 * As soon as a full list page's schema is in: its code and its first page, at the same time (the
 * page takes that answer when it mounts), rather than the one after the other. SchemaPage renders
 * the page when the code is in.
 */
export function prepareList(
  bundle: PageBundle,
  env: Pick<RuntimeEnv, 'dataProvider'>,
  query?: Query,
): Promise<unknown> | undefined {
  const page = bundle.page as ListPageDef;
  // Tags, statuses and copy actions come with the lists that show them (cells.tsx).
  const cells = prepareCells(planColumns(page.columns, bundle.entity, bundle.workflow));
  if (isCompactList(page)) return cells;
  // With its filter form, where it has one: its first render draws it at once.
  const code = Promise.all([FullList.load(), loadListPage().then((m) => m.prepareFilters(page, bundle))]);
  const request = toListRequest(firstListState(page, bundle.entity, true, sessionStore(), query), page, bundle.entity);
  prefetchList(env.dataProvider, bundle.entity.name, request, page.source === 'public');
  return Promise.all([code, cells]);
}
