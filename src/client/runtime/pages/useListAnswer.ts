import { useEffect, useState } from 'react';
import type { ListRequest, ListResult } from '../../../shared/schema/types.js';
import { useRuntime } from '../RuntimeContext.js';

const EMPTY: ListResult = { list: [], total: 0, page: 1, pageSize: 10 };

/**
 * The answer of a list call, asked again whenever the request (or `reloadKey`) changes: public
 * lists through the visitors' call, others through the entity's. A failed call shows no rows (the
 * request layer has already told the user); an answer that arrives after a newer request is dropped.
 */
export function useListAnswer(entity: string, request: ListRequest, isPublic: boolean, reloadKey = 0): { result: ListResult; loading: boolean } {
  const { dataProvider } = useRuntime();
  const [result, setResult] = useState<ListResult>(EMPTY);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let alive = true;
    setLoading(true);
    const call = isPublic ? dataProvider.getPublicList(entity, request) : dataProvider.getList(entity, request);
    call.then(
      (r) => { if (alive) setResult({ ...EMPTY, ...r, list: Array.isArray(r?.list) ? r.list : [] }); },
      () => { if (alive) setResult(EMPTY); },
    ).finally(() => { if (alive) setLoading(false); });
    return () => { alive = false; };
  }, [dataProvider, entity, isPublic, request, reloadKey]);
  return { result, loading };
}
