/**
 * What a list page is showing and asking for: its filters, sort and page (remembered for the
 * session, and for a public list kept in the address), the request they make, its answer, the
 * selected rows and a reload.
 */
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import type { ListPageDef, ResourceRecord } from '../../../../shared/schema/types.js';
import { listStateSearch } from '../../../../shared/schema/listAddress.js';
import { initialListState, listReducer, toListRequest, type ListState } from '../../model/listQuery.js';
import { firstListState, rememberListState, sessionStore } from '../../model/rememberedList.js';
import type { PageKindProps } from '../types.js';
import { useListAnswer } from './useListAnswer.js';

/**
 * A public list keeps its state in the address (src/shared/schema/listAddress.ts): reload, back
 * and a shared link show the same list, as the server drew it. The entry is replaced, not added,
 * and without the router, so the page is not opened again for each keystroke of a search.
 */
function useStateInAddress(
  on: boolean,
  page: ListPageDef,
  entity: PageKindProps['bundle']['entity'],
  state: ListState,
) {
  useEffect(() => {
    if (!on || typeof window === 'undefined') return;
    const search = listStateSearch(page, entity, state, new URLSearchParams(window.location.search));
    if (search === window.location.search) return;
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${search}${window.location.hash}`,
    );
  }, [on, page, entity, state]);
}

export function useListState({ bundle, query, embedded, fixed }: PageKindProps) {
  const page = bundle.page as ListPageDef;
  const { entity } = bundle;
  const isPublic = page.source === 'public';
  const initial = useMemo(() => initialListState(page, entity), [page, entity]);
  // Lists inside another page (detail tabs) start afresh; pages remember where the user was.
  const remember = !embedded;
  const [state, dispatch] = useReducer(
    (s: ListState, a: Parameters<typeof listReducer>[1]) => listReducer(s, a, initial),
    undefined,
    () => firstListState(page, entity, remember, sessionStore(), query),
  );
  useEffect(() => {
    if (remember) rememberListState(page.id, state, sessionStore());
  }, [remember, page.id, state]);
  useStateInAddress(isPublic && !embedded, page, entity, state);
  const [reloadKey, setReloadKey] = useState(0);
  const [selected, setSelected] = useState<ResourceRecord[]>([]);
  const request = useMemo(() => toListRequest(state, page, entity, fixed), [state, page, entity, fixed]);
  const { result, loading } = useListAnswer(entity.name, request, isPublic, reloadKey);
  // A new answer is a new set of rows: what was selected in the old one goes. Nothing selected
  // stays the same state: a new empty array would render the whole table again (on mount too).
  useEffect(() => setSelected((s) => (s.length ? [] : s)), [result]);
  const reload = useCallback(() => setReloadKey((k) => k + 1), []);
  return { page, isPublic, initial, state, dispatch, request, result, loading, selected, setSelected, reload };
}

export type ListDispatch = ReturnType<typeof useListState>['dispatch'];
