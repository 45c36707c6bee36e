import { useCallback, useEffect, useState } from 'react';
import { useRuntime } from '../RuntimeContext.js';
import { failureText } from '../../feedback/failureText.js';

/**
 * A review page kind's answer about one batch (`review/candidates`, `review/progress`): undefined
 * while loading, null without a batch or after a failure (whose words go to `error`), and `load`
 * to ask again after an action.
 */
export function useBatchAnswer<T>(path: string, batchId: string | undefined) {
  const { dataProvider } = useRuntime();
  const [data, setData] = useState<T | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    if (!batchId) {
      setData(null);
      return;
    }
    dataProvider.moduleCall<T | null>(path, { batchId }).then(
      (d) => setData(d ?? null),
      (e) => {
        setData(null);
        setError(failureText(e));
      },
    );
  }, [batchId, dataProvider, path]);
  useEffect(() => {
    load();
  }, [load]);
  return { data, error, setError, load };
}
