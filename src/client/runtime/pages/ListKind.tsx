import { lazy } from 'react';
import type { ListPageDef, PageBundle } from '../../../shared/schema/types.js';
import { prefetchList } from '../data/listPrefetch.js';
import { isCompactList } from '../model/compactList.js';
import { toListRequest } from '../model/listQuery.js';
import { firstListState, sessionStore } from '../model/rememberedList.js';
import type { RuntimeEnv } from '../RuntimeContext.js';
import { CompactList } from './CompactList.js';
import type { PageKindProps } from './types.js';

// The full list (table, pager, filters, actions) is its own chunk: the portal's home shows only
// compact lists and never loads it. SchemaPage renders page kinds inside Suspense.
const loadListPage = () => import('./ListPage.js');
const ListPage = lazy(() => loadListPage().then((m) => ({ default: m.ListPage })));

/** The `list` page kind: the light path for read-only compact lists, the full list page otherwise. */
export function ListKind(props: PageKindProps) {
  return isCompactList(props.bundle.page as ListPageDef) ? <CompactList {...props} /> : <ListPage {...props} />;
}

/**
 * As soon as a full list page's schema is in: its code and its first page, at the same time (the
 * page takes that answer when it mounts), rather than the one after the other.
 */
export function prepareList(bundle: PageBundle, env: Pick<RuntimeEnv, 'dataProvider'>): void {
  const page = bundle.page as ListPageDef;
  if (isCompactList(page)) return;
  void loadListPage();
  const request = toListRequest(firstListState(page, bundle.entity, true, sessionStore()), page, bundle.entity);
  prefetchList(env.dataProvider, bundle.entity.name, request, page.source === 'public');
}
