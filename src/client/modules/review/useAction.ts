import { useCallback, useState } from 'react';
import { failureText } from '../../feedback/failureText.js';

/**
 * One action of a review screen at a time: `busy` while it runs, and its failure's words given to
 * the screen's `setError` (cleared as the action starts), so every screen says a refusal the same way.
 */
export function useAction(setError: (error: string | null) => void) {
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (action: () => Promise<void>) => {
      setBusy(true);
      setError(null);
      try {
        await action();
      } catch (e) {
        setError(failureText(e));
      } finally {
        setBusy(false);
      }
    },
    [setError],
  );
  return { busy, run };
}
