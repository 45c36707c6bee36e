/**
 * Calls started before the code that needs their answer has arrived: the shell asks for a route's
 * page schema while the page runtime is still loading, and the runtime's data provider takes that
 * answer instead of asking again. Each is taken once, and only while fresh; no React here.
 */

/** An answer older than this is asked for again: the page would otherwise start from a stale one. */
export const EARLY_CALL_TTL_MS = 5000;

const started = new Map<string, { answer: Promise<unknown>; at: number }>();

/** Starts `call` now under `key`, unless one under that key is still fresh. */
export function startEarly(key: string, call: () => Promise<unknown>, now = Date.now()): void {
  const kept = started.get(key);
  if (kept && now - kept.at <= EARLY_CALL_TTL_MS) return;
  const answer = call();
  // Nobody may come for it (the route was left at once); its failure is the taker's to handle.
  answer.catch(() => undefined);
  started.set(key, { answer, at: now });
}

/** The answer started under `key`, if it is fresh; it is given out once. */
export function takeEarly<T>(key: string, now = Date.now()): Promise<T> | undefined {
  const kept = started.get(key);
  if (!kept) return undefined;
  started.delete(key);
  return now - kept.at <= EARLY_CALL_TTL_MS ? (kept.answer as Promise<T>) : undefined;
}

/** The answer started under `key`, if it is fresh, without taking it: for a look before its taker comes. */
export function peekEarly<T>(key: string, now = Date.now()): Promise<T> | undefined {
  const kept = started.get(key);
  return kept && now - kept.at <= EARLY_CALL_TTL_MS ? (kept.answer as Promise<T>) : undefined;
}
