import { useEffect, useRef, useState } from 'react';
import type { ListRequest, ListResult } from '../../../../shared/schema/types.js';
import { findPrefetchedList, listCall, usedPrefetchedList } from '../../data/listPrefetch.js';
import { useRuntime } from '../../RuntimeContext.js';
import { usePreparedPages } from '../preparedPagesContext.js';

const EMPTY: ListResult = { list: [], total: 0, page: 1, pageSize: 10 };

function answered(r: ListResult | undefined): ListResult {
  return { ...EMPTY, ...r, list: Array.isArray(r?.list) ? r.list : [] };
}

/**
 * The answer of a list call, asked again whenever the request (or `reloadKey`) changes: public
 * lists through the visitors' call, others through the entity's. A failed call shows no rows (the
 * request layer has already told the user); an answer that arrives after a newer request is dropped.
 * The first call may have been made before the page mounted (data/listPrefetch.ts): its answer is
 * taken instead, and when it is already in, the first render has the rows. It is marked used only
 * once the page has mounted: a render React discards would otherwise have used it up, and the page
 * then asked for the same rows again and drew an empty table until they came.
 */
export function useListAnswer(
  entity: string,
  request: ListRequest,
  isPublic: boolean,
  reloadKey = 0,
): { result: ListResult; loading: boolean } {
  const { dataProvider } = useRuntime();
  // A page prepared before its first render (a server's drawing, the browser hydrating it) takes
  // the answer asked for it however long its drawing took: a cold server, a slow chunk.
  const prepared = usePreparedPages() !== null;
  const [prefetched] = useState(() =>
    findPrefetchedList(dataProvider, entity, request, isPublic, Date.now(), prepared ? Infinity : undefined),
  );
  const [result, setResult] = useState<ListResult>(() => (prefetched?.result ? answered(prefetched.result) : EMPTY));
  const [loading, setLoading] = useState(!prefetched?.result);
  // The first effect uses the prefetched call (or, when its answer was in, nothing at all).
  const first = useRef(prefetched);
  useEffect(() => {
    const early = first.current;
    first.current = undefined;
    if (early) usedPrefetchedList(dataProvider, early);
    if (early?.result) return;
    let alive = true;
    setLoading(true);
    (early?.answer ?? listCall(dataProvider, entity, request, isPublic))
      .then(
        (r) => {
          if (alive) setResult(answered(r));
        },
        () => {
          if (alive) setResult(EMPTY);
        },
      )
      .finally(() => {
        if (alive) setLoading(false);
      });
    return () => {
      alive = false;
    };
  }, [dataProvider, entity, isPublic, request, reloadKey]);
  return { result, loading };
}
