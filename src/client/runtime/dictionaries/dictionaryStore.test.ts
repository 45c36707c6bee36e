import type { DictionaryOption } from '../../../shared/schema/types.js';
import { DICTIONARY_CACHE_PREFIX, DictionaryStore, type DictionarySource } from './dictionaryStore.js';

class MemoryStorage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

function source(initial: Record<string, DictionaryOption[]>, versions: Record<string, number>) {
  const calls: string[] = [];
  let versionCalls = 0;
  const s: DictionarySource & {
    calls: string[];
    versionCalls: () => number;
    data: typeof initial;
    versions: typeof versions;
  } = {
    calls,
    data: initial,
    versions,
    versionCalls: () => versionCalls,
    getDictionary: async (type, anonymous) => {
      calls.push(`${anonymous ? 'home' : 'dic'}:${type}`);
      return s.data[type] ?? [];
    },
    getDictionaryVersions: async () => {
      versionCalls++;
      return { ...s.versions };
    },
  };
  return s;
}

const opts = (v: string[]) => v.map((x) => ({ value: x, text: `t${x}` }));

describe('DictionaryStore', () => {
  it('makes one request per type, even for concurrent asks', async () => {
    const src = source({ hyly: opts(['1', '2']) }, { hyly: 1 });
    const store = new DictionaryStore({ source: src, isLoggedIn: () => true, storage: new MemoryStorage() });
    const [a, b] = await Promise.all([store.get('hyly'), store.get('hyly')]);
    await store.get('hyly');
    expect(a).toEqual(opts(['1', '2']));
    expect(b).toBe(a);
    expect(src.calls).toEqual(['dic:hyly']);
    expect(src.versionCalls()).toBe(1);
  });
  it('uses the anonymous endpoint when nobody is logged in', async () => {
    const src = source({ hyly: opts(['1']) }, {});
    await new DictionaryStore({ source: src, isLoggedIn: () => false, storage: null }).get('hyly');
    expect(src.calls).toEqual(['home:hyly']);
  });
  it('serves a later store (a reloaded page) from sessionStorage', async () => {
    const storage = new MemoryStorage();
    const src = source({ hyly: opts(['1']) }, { hyly: 1 });
    await new DictionaryStore({ source: src, isLoggedIn: () => true, storage }).get('hyly');
    const again = new DictionaryStore({ source: src, isLoggedIn: () => true, storage });
    expect(again.peek('hyly')).toEqual(opts(['1']));
    await again.get('hyly');
    expect(src.calls).toEqual(['dic:hyly']);
    expect(JSON.parse(storage.getItem(`${DICTIONARY_CACHE_PREFIX}hyly`)!)).toEqual({
      version: '1',
      options: opts(['1']),
    });
  });
  it('drops a type whose server version changed and loads the new options', async () => {
    const src = source({ hyly: opts(['1']), sjzt: opts(['0']) }, { hyly: 1, sjzt: 5 });
    const store = new DictionaryStore({ source: src, isLoggedIn: () => true, storage: new MemoryStorage() });
    await store.get('hyly');
    await store.get('sjzt');
    const seen: string[] = [];
    store.subscribe((t) => seen.push(t));
    expect(await store.checkVersions()).toEqual([]);
    src.data.hyly = opts(['1', '9']);
    src.versions.hyly = 2;
    expect(await store.checkVersions()).toEqual(['hyly']);
    expect(seen).toEqual(['hyly']);
    expect(store.peek('hyly')).toBeUndefined();
    expect(await store.get('hyly')).toEqual(opts(['1', '9']));
    expect(store.peek('sjzt')).toEqual(opts(['0']));
    expect(src.calls).toEqual(['dic:hyly', 'dic:sjzt', 'dic:hyly']);
  });
  it('re-checks versions on focus and on a timer, and stops when asked', async () => {
    vi.useFakeTimers();
    try {
      const src = source({}, {});
      const store = new DictionaryStore({ source: src, isLoggedIn: () => true, storage: null });
      const target = new EventTarget();
      const stop = store.watch(target as unknown as Window, 1000);
      target.dispatchEvent(new Event('focus'));
      await vi.advanceTimersByTimeAsync(2500);
      expect(src.versionCalls()).toBe(3);
      stop();
      target.dispatchEvent(new Event('focus'));
      await vi.advanceTimersByTimeAsync(5000);
      expect(src.versionCalls()).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
  it('keeps working when the versions call fails', async () => {
    const src = source({ hyly: opts(['1']) }, {});
    src.getDictionaryVersions = async () => {
      throw new Error('down');
    };
    const store = new DictionaryStore({ source: src, isLoggedIn: () => true, storage: null });
    expect(await store.get('hyly')).toEqual(opts(['1']));
    expect(await store.checkVersions()).toEqual([]);
  });
});
