import { describe, expect, it, vi } from 'vitest';
import type { ListRequest } from '../../../shared/schema/types.js';
import type { DataProvider } from './dataProvider.js';
import { LIST_PREFETCH_TTL_MS, prefetchList, takePrefetchedList } from './listPrefetch.js';

const request: ListRequest = { page: 1, pageSize: 10, filters: [] };
const answer = { list: [{ id: 1 }], total: 1, page: 1, pageSize: 10 };

function provider() {
  return { getList: vi.fn(async () => answer), getPublicList: vi.fn(async () => answer) } as unknown as DataProvider & { getList: ReturnType<typeof vi.fn>; getPublicList: ReturnType<typeof vi.fn> };
}

describe('list prefetch', () => {
  it('makes the call at once and hands its answer to the first page asking for the same request, once', async () => {
    const p = provider();
    prefetchList(p, 'topic', request, false, 1000);
    expect(p.getList).toHaveBeenCalledWith('topic', request);
    await Promise.resolve();
    const taken = takePrefetchedList(p, 'topic', { ...request }, false, 1001);
    expect(taken?.result).toEqual(answer);
    await expect(taken!.answer).resolves.toEqual(answer);
    expect(takePrefetchedList(p, 'topic', request, false, 1002)).toBeUndefined();
  });

  it('keeps public and signed-in calls, entities and requests apart', () => {
    const p = provider();
    prefetchList(p, 'notice', request, true, 0);
    expect(p.getPublicList).toHaveBeenCalledTimes(1);
    expect(takePrefetchedList(p, 'notice', request, false, 0)).toBeUndefined();
    expect(takePrefetchedList(p, 'other', request, true, 0)).toBeUndefined();
    expect(takePrefetchedList(p, 'notice', { ...request, page: 2 }, true, 0)).toBeUndefined();
    expect(takePrefetchedList(p, 'notice', request, true, 0)).toBeDefined();
  });

  it('gives nothing for an answer too old to show, or for another data provider', () => {
    const p = provider();
    prefetchList(p, 'topic', request, false, 0);
    expect(takePrefetchedList(provider(), 'topic', request, false, 0)).toBeUndefined();
    expect(takePrefetchedList(p, 'topic', request, false, LIST_PREFETCH_TTL_MS + 1)).toBeUndefined();
  });

  it('a failed call is handed over as it is, to fail where the page reads it', async () => {
    const p = provider();
    p.getList.mockRejectedValueOnce(new Error('down'));
    prefetchList(p, 'topic', request, false, 0);
    const taken = takePrefetchedList(p, 'topic', request, false, 0);
    expect(taken?.result).toBeUndefined();
    await expect(taken!.answer).rejects.toThrow('down');
  });
});
