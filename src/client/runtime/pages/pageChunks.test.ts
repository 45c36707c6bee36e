import { describe, expect, it } from 'vitest';
import { loadPageChunk, preloadPageChunk, type PageChunk } from './pageChunks.js';
import { pageKinds } from './index.js';
// The kinds the client modules register too, as main.tsx has them.
import '../../modules/index.js';

describe('page chunks', () => {
  it('has a chunk for every page kind the runtime registers', async () => {
    for (const kind of pageKinds()) {
      const module = await loadPageChunk(kind as PageChunk);
      expect(Object.keys(module).length, kind).toBeGreaterThan(0);
    }
  });

  it('ignores a route that names no chunk or one this build does not have', () => {
    expect(() => preloadPageChunk(undefined)).not.toThrow();
    expect(() => preloadPageChunk('noSuchKind')).not.toThrow();
    expect(() => preloadPageChunk('toString')).not.toThrow();
  });
});
