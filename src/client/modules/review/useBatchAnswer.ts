import { useCallback, useEffect, useState } from 'react';
import { callPath, type Contract, type Id } from '../../../shared/contracts/contract.js';
import { useRuntime } from '../../runtime/RuntimeContext.js';
import { failureText } from '../../feedback/failureText.js';

/**
 * A review page kind's answer about one batch (`review/candidates`, `review/progress`, or the path a
 * ranking page's schema names): undefined while loading, null without a batch or after a failure
 * (whose words go to `error`), and `load` to ask again after an action.
 */
export function useBatchAnswer<T>(call: Contract<{ batchId: Id }, T> | string, batchId: string | undefined) {
  const path = callPath(call);
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
