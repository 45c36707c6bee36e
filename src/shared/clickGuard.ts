/** Click debounce of SPEC §5 / §9. */
export const CLICK_GUARD_MS = 600;

type Clock = () => number;

/**
 * Click guard: the first click runs, repeats within `ms` of the last click that ran are ignored
 * (a double click submits once). Answers whether this click may run.
 */
export function createClickGuard(ms = CLICK_GUARD_MS, now: Clock = Date.now): () => boolean {
  let lastRun = Number.NEGATIVE_INFINITY;
  return () => {
    const t = now();
    if (t - lastRun < ms) return false;
    lastRun = t;
    return true;
  };
}

/**
 * Dialog confirm guard: a click within `ms` of the previous click, whether that one ran or not,
 * is ignored, so a hammering user gets nothing until they pause.
 */
export function createConfirmGuard(ms = CLICK_GUARD_MS, now: Clock = Date.now): () => boolean {
  let lastClick = Number.NEGATIVE_INFINITY;
  return () => {
    const t = now();
    const allowed = t - lastClick >= ms;
    lastClick = t;
    return allowed;
  };
}

/** Wraps a handler with a click guard; ignored clicks do nothing and answer undefined. */
export function guardClicks<A extends unknown[], R>(
  handler: (...args: A) => R,
  ms = CLICK_GUARD_MS,
  now: Clock = Date.now,
): (...args: A) => R | undefined {
  const allow = createClickGuard(ms, now);
  return (...args: A) => (allow() ? handler(...args) : undefined);
}

/** Wraps a dialog's confirm handler with the confirm guard. */
export function guardConfirm<A extends unknown[], R>(
  handler: (...args: A) => R,
  ms = CLICK_GUARD_MS,
  now: Clock = Date.now,
): (...args: A) => R | undefined {
  const allow = createConfirmGuard(ms, now);
  return (...args: A) => (allow() ? handler(...args) : undefined);
}
