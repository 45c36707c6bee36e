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

/** Call-log steps that say why a wait went on (the rest only say that it did). */
const REASON = /intercepts pointer events|element is not|not attached|outside of the viewport|navigat/;

/**
 * A short form of an error for a finding: its first line and, for a Playwright wait that ran out,
 * the last reason its call log gives (covered by another element, not visible, not stable).
 */
export function errorLine(e: unknown): string {
  // Playwright colours its call log: the codes are not part of what a person reads.
  const lines = ((e as Error)?.message ?? String(e)).replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const log = lines.indexOf('Call log:');
  const steps = log < 0 ? [] : lines.slice(log + 1).map((l) => l.trim().replace(/^(\d+ × |- )/, ''));
  const why = steps.filter((l) => REASON.test(l)).pop();
  return `${lines[0]}${why ? ` (${why})` : ''}`.slice(0, 300);
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
