/**
 * The runtime's data provider for the server's drawing (pageDrawing.tsx): every call goes to the
 * app's API as a visitor asks it, and is kept until answered, so a page is drawn once nothing it
 * asked for is left to answer.
 */
import { createHttpDataProvider, type DataProvider, type HttpLike } from '../runtime/data/dataProvider.js';

/** A visitor's call to the app's API, answered by the server (its data, or a rejection when refused). */
export type AskServer = (path: string, body: unknown, params?: Record<string, unknown>) => Promise<unknown>;

/**
 * The runtime's data provider over `ask`, with every call it makes kept until answered: the page is
 * drawn once nothing is left to answer (the prefetch keeps its answer when its promise settles).
 */
export function askingProvider(ask: AskServer): { provider: DataProvider; settled: () => Promise<void> } {
  const pending = new Set<Promise<unknown>>();
  const keep = <T>(p: Promise<unknown>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p)).catch(() => undefined);
    return p as Promise<T>;
  };
  const http: HttpLike = {
    post: (path, body, options) => keep(ask(path, body ?? {}, options?.params)),
    read: (path, body) => keep(ask(path, body)),
    download: () => Promise.reject(new Error('no downloads while drawing')),
  };
  const settled = async () => {
    while (pending.size) await Promise.allSettled([...pending]);
    // A settled answer's own `then` (the prefetch keeping its result) runs a task later.
    await new Promise((r) => setTimeout(r, 0));
  };
  return { provider: createHttpDataProvider(http), settled };
}
