import { lazy } from 'react';
import type { ListPageDef } from '../../../shared/schema/types.js';
import { isCompactList } from '../model/compactList.js';
import { CompactList } from './CompactList.js';
import type { PageKindProps } from './types.js';

// The full list (table, pager, filters, actions) is its own chunk: the portal's home shows only
// compact lists and never loads it. SchemaPage renders page kinds inside Suspense.
const ListPage = lazy(() => import('./ListPage.js').then((m) => ({ default: m.ListPage })));

/** The `list` page kind: the light path for read-only compact lists, the full list page otherwise. */
export function ListKind(props: PageKindProps) {
  return isCompactList(props.bundle.page as ListPageDef) ? <CompactList {...props} /> : <ListPage {...props} />;
}
