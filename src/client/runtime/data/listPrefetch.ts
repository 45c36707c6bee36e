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

interface Entry {
  answer: Promise<ListResult>;
  /** Set once the answer is in. */
  result?: ListResult;
  at: number;
}

const entries = new WeakMap<DataProvider, Map<string, Entry>>();

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
  const entry: Entry = { answer: listCall(provider, entity, request, isPublic), at: now };
  entry.answer.then((r) => { entry.result = r; }, () => undefined);
  byKey.set(keyOf(entity, request, isPublic), entry);
}

/**
 * The prefetched call for this request, removed so it is used once; undefined when there is none
 * or it is too old. `result` is set when its answer is already in.
 */
export function takePrefetchedList(provider: DataProvider, entity: string, request: ListRequest, isPublic: boolean, now = Date.now()): { answer: Promise<ListResult>; result?: ListResult } | undefined {
  const byKey = entries.get(provider);
  const key = keyOf(entity, request, isPublic);
  const entry = byKey?.get(key);
  if (!entry) return undefined;
  byKey!.delete(key);
  return now - entry.at <= LIST_PREFETCH_TTL_MS ? entry : undefined;
}
