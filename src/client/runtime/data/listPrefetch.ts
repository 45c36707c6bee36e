/**
 * A list's first page asked for before the list page has mounted: the full list page is a chunk of
 * its own, and without this its list call would leave only once that code had arrived and drawn an
 * empty table. The page takes the answer when it mounts (once), so its first render has the rows.
 * No React here.
 */
import type { ListRequest, ListResult } from '../../../shared/schema/types.js';
import type { DataProvider } from './dataProvider.js';

/** An answer older than this is asked for again: the page would otherwise show stale rows. */
export const LIST_PREFETCH_TTL_MS = 5000;

export interface PrefetchedList {
  readonly key: string;
  answer: Promise<ListResult>;
  /** Set once the answer is in. */
  result?: ListResult;
  at: number;
}

const entries = new WeakMap<DataProvider, Map<string, PrefetchedList>>();

function keyOf(entity: string, request: ListRequest, isPublic: boolean): string {
  return JSON.stringify([entity, isPublic, request]);
}

/** The call the list page itself would make: visitors' lists through the public endpoint. */
export function listCall(provider: DataProvider, entity: string, request: ListRequest, isPublic: boolean): Promise<ListResult> {
  return isPublic ? provider.getPublicList(entity, request) : provider.getList(entity, request);
}

/** Starts the call now; the list page asking for the same request takes its answer. */
export function prefetchList(provider: DataProvider, entity: string, request: ListRequest, isPublic: boolean, now = Date.now()): void {
  let byKey = entries.get(provider);
  if (!byKey) entries.set(provider, (byKey = new Map()));
  const key = keyOf(entity, request, isPublic);
  const entry: PrefetchedList = { key, answer: listCall(provider, entity, request, isPublic), at: now };
  entry.answer.then((r) => { entry.result = r; }, () => undefined);
  byKey.set(key, entry);
}

/**
 * The prefetched call for this request, undefined when there is none or it is too old; `result` is
 * set when its answer is already in. It stays until `usedPrefetchedList`: React may render a page
 * and throw that render away (a render interrupted by an update starts again from scratch, with its
 * state initialised anew), and the render it keeps must still find the answer.
 */
export function findPrefetchedList(provider: DataProvider, entity: string, request: ListRequest, isPublic: boolean, now = Date.now(), ttl = LIST_PREFETCH_TTL_MS): PrefetchedList | undefined {
  const entry = entries.get(provider)?.get(keyOf(entity, request, isPublic));
  return entry && now - entry.at <= ttl ? entry : undefined;
}

/** The page that shows this answer has mounted: later pages ask afresh. */
export function usedPrefetchedList(provider: DataProvider, used: PrefetchedList): void {
  const byKey = entries.get(provider);
  if (byKey?.get(used.key) === used) byKey.delete(used.key);
}

/** Settles once every call prefetched through `provider` so far is answered (a page drawn at once reads them). */
export async function prefetchesSettled(provider: DataProvider): Promise<void> {
  await Promise.all([...(entries.get(provider)?.values() ?? [])].map((e) => e.answer.catch(() => undefined)));
}
