import { describe, expect, it, vi } from 'vitest';
import type { ListRequest } from '../../../shared/schema/types.js';
import type { DataProvider } from './dataProvider.js';
import { findPrefetchedList, LIST_PREFETCH_TTL_MS, prefetchList, usedPrefetchedList } from './listPrefetch.js';

const request: ListRequest = { page: 1, pageSize: 10, filters: [] };
const answer = { list: [{ id: 1 }], total: 1, page: 1, pageSize: 10 };

function provider() {
  return { getList: vi.fn(async () => answer), getPublicList: vi.fn(async () => answer) } as unknown as DataProvider & { getList: ReturnType<typeof vi.fn>; getPublicList: ReturnType<typeof vi.fn> };
}

describe('list prefetch', () => {
  it('makes the call at once and hands its answer to pages asking for the same request until one has used it', async () => {
    const p = provider();
    prefetchList(p, 'topic', request, false, 1000);
    expect(p.getList).toHaveBeenCalledWith('topic', request);
    await Promise.resolve();
    const taken = findPrefetchedList(p, 'topic', { ...request }, false, 1001);
    expect(taken?.result).toEqual(answer);
    await expect(taken!.answer).resolves.toEqual(answer);
    // A render React threw away found it too; the one it keeps must find it again.
    expect(findPrefetchedList(p, 'topic', request, false, 1002)).toBe(taken);
    usedPrefetchedList(p, taken!);
    expect(findPrefetchedList(p, 'topic', request, false, 1003)).toBeUndefined();
    expect(p.getList).toHaveBeenCalledTimes(1);
  });

  it('a used answer does not remove a newer call for the same request', () => {
    const p = provider();
    prefetchList(p, 'topic', request, false, 0);
    const old = findPrefetchedList(p, 'topic', request, false, 0)!;
    prefetchList(p, 'topic', request, false, 10);
    usedPrefetchedList(p, old);
    expect(findPrefetchedList(p, 'topic', request, false, 20)?.at).toBe(10);
  });

  it('keeps public and signed-in calls, entities and requests apart', () => {
    const p = provider();
    prefetchList(p, 'notice', request, true, 0);
    expect(p.getPublicList).toHaveBeenCalledTimes(1);
    expect(findPrefetchedList(p, 'notice', request, false, 0)).toBeUndefined();
    expect(findPrefetchedList(p, 'other', request, true, 0)).toBeUndefined();
    expect(findPrefetchedList(p, 'notice', { ...request, page: 2 }, true, 0)).toBeUndefined();
    expect(findPrefetchedList(p, 'notice', request, true, 0)).toBeDefined();
  });

  it('gives nothing for an answer too old to show, or for another data provider', () => {
    const p = provider();
    prefetchList(p, 'topic', request, false, 0);
    expect(findPrefetchedList(provider(), 'topic', request, false, 0)).toBeUndefined();
    expect(findPrefetchedList(p, 'topic', request, false, LIST_PREFETCH_TTL_MS + 1)).toBeUndefined();
  });

  it('a failed call is handed over as it is, to fail where the page reads it', async () => {
    const p = provider();
    p.getList.mockRejectedValueOnce(new Error('down'));
    prefetchList(p, 'topic', request, false, 0);
    const taken = findPrefetchedList(p, 'topic', request, false, 0);
    expect(taken?.result).toBeUndefined();
    await expect(taken!.answer).rejects.toThrow('down');
  });
});
