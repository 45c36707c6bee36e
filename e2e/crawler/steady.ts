/**
 * Walking pages that change under the walk: on a loaded machine a list re-renders, a record's tabs
 * are drawn again once it loads, a row moves. An action that met such a change is tried once more
 * on the page as it is then; what fails twice is the page's fault and is reported.
 */

/** Errors of an element that went away or moved while it was used, or of a wait it outlived. */
export function isChangeUnder(e: unknown): boolean {
  const m = (e as Error)?.message ?? String(e);
  return /detached|not attached|Execution context was destroyed|Timeout \d+ms exceeded|not stable|not visible|intercepts pointer events|navigat/i.test(
    m,
  );
}

/** A short form of an error for a finding: its first line. */
export function errorLine(e: unknown): string {
  return ((e as Error)?.message ?? String(e)).split('\n')[0].slice(0, 300);
}

/**
 * Runs `act`; when it throws because the page changed under it, `settle` (wait for the network and
 * put the page back) and run it once more. The second failure is thrown to the caller.
 */
export async function onceMore<T>(act: () => Promise<T>, settle: () => Promise<void>): Promise<T> {
  try {
    return await act();
  } catch (e) {
    if (!isChangeUnder(e)) throw e;
    await settle();
    return act();
  }
}
