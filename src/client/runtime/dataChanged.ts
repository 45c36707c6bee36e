/**
 * Something a user did changed records on the server (a save, a transition, a delete, an import,
 * a widget's own write): whatever counts records elsewhere on screen (the menu's badges, a 待办
 * count) reads them again, instead of waiting for a reload. The runtime says so; the shell listens.
 */
const EVENT = 'rt:dataChanged';

export function announceDataChanged(): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(EVENT));
}

/** Calls `listener` after each change; answers the function that stops listening. */
export function onDataChanged(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}

/** The answer of a write, passed on after saying that data changed (only when it succeeded). */
export async function changing<T>(write: Promise<T>): Promise<T> {
  const answer = await write;
  announceDataChanged();
  return answer;
}
