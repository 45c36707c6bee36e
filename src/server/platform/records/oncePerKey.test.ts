import { describe, expect, it } from 'vitest';
import { oncePerKey } from './oncePerKey.js';

describe('oncePerKey', () => {
  it('loads each key once, 3 and "3" alike, and shares the promise among callers', async () => {
    const loaded: unknown[] = [];
    const read = oncePerKey(async (k: unknown) => {
      loaded.push(k);
      return `v${String(k)}`;
    });
    const first = read(3);
    expect(read('3')).toBe(first);
    expect(await Promise.all([first, read(4), read(4)])).toEqual(['v3', 'v4', 'v4']);
    expect(loaded).toEqual([3, 4]);
  });
});
