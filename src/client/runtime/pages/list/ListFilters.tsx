/**
 * The filters above a list: text boxes alone take the light TextFilterBar (the public lists); any
 * other filter takes the Formily filter form, a chunk of its own.
 */
import { Suspense, useMemo } from 'react';
import { loadable } from '../../loadable.js';
import type { ListPageDef } from '../../../../shared/schema/types.js';
import { textOnlyFilters } from '../../model/filterSchema.js';
import type { ListState } from '../../model/listQuery.js';
import type { PageKindProps } from '../types.js';
import { TextFilterBar } from './TextFilterBar.js';
import type { ListDispatch } from './useListState.js';

// The filter form (Formily and the widgets) is its own chunk, loaded by lists with filters other
// than text boxes.
const FilterBar = loadable(() => import('./FilterBar.js').then((m) => m.FilterBar));

/** Loads the filter form a list draws, if any (settles when it is in): preparing the list (ListKind.tsx). */
export function prepareFilters(page: ListPageDef, bundle: PageKindProps['bundle']): Promise<unknown> | undefined {
  if (!page.filters?.length || textOnlyFilters(page, bundle.entity, bundle.workflow)) return undefined;
  return FilterBar.load().catch(() => undefined);
}

export function ListFilters({
  page,
  bundle,
  filters,
  dispatch,
}: {
  page: ListPageDef;
  bundle: PageKindProps['bundle'];
  filters: ListState['filters'];
  dispatch: ListDispatch;
}) {
  const { entity, workflow } = bundle;
  const textFilters = useMemo(() => textOnlyFilters(page, entity, workflow), [page, entity, workflow]);
  const onSearch = (next: ListState['filters']) => dispatch({ type: 'filter', filters: next });
  const onReset = () => dispatch({ type: 'reset' });
  if (textFilters)
    return <TextFilterBar filters={textFilters} initial={filters} onSearch={onSearch} onReset={onReset} />;
  if (!page.filters?.length) return null;
  return (
    <Suspense fallback={<div className="runtime-lazy-loading" />}>
      <FilterBar page={page} bundle={bundle} initial={filters} onSearch={onSearch} onReset={onReset} />
    </Suspense>
  );
}
