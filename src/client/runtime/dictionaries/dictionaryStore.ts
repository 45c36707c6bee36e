/**
 * Dictionary options for the whole browser session, headless (no React):
 * - one request per dictionary type per session: concurrent asks share one request, answers are
 *   kept in sessionStorage with the type's version;
 * - a dictionary edited on the server reaches open pages without a new login: the versions of
 *   POST dic/versions are checked when the window regains focus and every few minutes, and a type
 *   whose version changed is dropped, so its subscribers load it again.
 */
import type { DictionaryOption } from '../../../shared/schema/types.js';
import type { DictionaryVersions } from '../data/dataProvider.js';

export const DICTIONARY_CACHE_PREFIX = 'runtime.dict.';
export const VERSION_CHECK_INTERVAL_MS = 5 * 60_000;

export interface DictionarySource {
  getDictionary(type: string, anonymous: boolean): Promise<DictionaryOption[]>;
  getDictionaryVersions(): Promise<DictionaryVersions>;
}

interface CachedDictionary {
  version: string | null;
  options: DictionaryOption[];
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface DictionaryStoreOptions {
  source: DictionarySource;
  /** Whether a user is logged in now (chooses the endpoint). */
  isLoggedIn: () => boolean;
  storage?: KeyValueStorage | null;
}

function defaultStorage(): KeyValueStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

const versionOf = (versions: DictionaryVersions | null, type: string): string | null =>
  versions && versions[type] !== undefined && versions[type] !== null ? String(versions[type]) : null;

export class DictionaryStore {
  private readonly memory = new Map<string, CachedDictionary>();
  private readonly pending = new Map<string, Promise<DictionaryOption[]>>();
  private readonly listeners = new Set<(type: string) => void>();
  private versions: Promise<DictionaryVersions | null> | null = null;
  private readonly storage: KeyValueStorage | null;

  constructor(private readonly options: DictionaryStoreOptions) {
    this.storage = options.storage === undefined ? defaultStorage() : options.storage;
  }

  /** Options already loaded for a type (memory or sessionStorage), without a request. */
  peek(type: string): DictionaryOption[] | undefined {
    return this.cached(type)?.options;
  }

  /** Options of a type: from the cache, else from the one request in flight for it, else a new one. */
  get(type: string): Promise<DictionaryOption[]> {
    const hit = this.cached(type);
    if (hit) return Promise.resolve(hit.options);
    const inFlight = this.pending.get(type);
    if (inFlight) return inFlight;
    const request = this.load(type).finally(() => this.pending.delete(type));
    this.pending.set(type, request);
    return request;
  }

  /** Called with a type whenever its options are dropped (stale) or loaded. */
  subscribe(listener: (type: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Asks the server for the current versions and drops every cached type whose version changed. */
  async checkVersions(): Promise<string[]> {
    let fresh: DictionaryVersions;
    try {
      fresh = await this.options.source.getDictionaryVersions();
    } catch {
      return [];
    }
    this.versions = Promise.resolve(fresh);
    const dropped: string[] = [];
    for (const type of this.cachedTypes()) {
      const hit = this.cached(type);
      if (hit && hit.version !== versionOf(fresh, type)) {
        this.drop(type);
        dropped.push(type);
      }
    }
    for (const type of dropped) this.emit(type);
    return dropped;
  }

  /** Re-checks versions when the window regains focus and every few minutes. Returns a stop function. */
  watch(
    target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
    intervalMs = VERSION_CHECK_INTERVAL_MS,
  ): () => void {
    const check = () => {
      void this.checkVersions();
    };
    const onVisible = () => {
      if (typeof document === 'undefined' || document.visibilityState === 'visible') check();
    };
    target.addEventListener('focus', check);
    target.addEventListener('visibilitychange', onVisible);
    const timer = setInterval(check, intervalMs);
    return () => {
      target.removeEventListener('focus', check);
      target.removeEventListener('visibilitychange', onVisible);
      clearInterval(timer);
    };
  }

  private async load(type: string): Promise<DictionaryOption[]> {
    // The versions call runs once per store, alongside the first dictionary request.
    this.versions ??= this.options.source.getDictionaryVersions().catch(() => null);
    const [options, versions] = await Promise.all([
      this.options.source.getDictionary(type, !this.options.isLoggedIn()),
      this.versions,
    ]);
    const entry: CachedDictionary = { version: versionOf(versions, type), options };
    this.memory.set(type, entry);
    try {
      this.storage?.setItem(DICTIONARY_CACHE_PREFIX + type, JSON.stringify(entry));
    } catch {
      // Storage full or disabled: the memory copy still serves this page.
    }
    this.emit(type);
    return options;
  }

  private cached(type: string): CachedDictionary | undefined {
    const hit = this.memory.get(type);
    if (hit) return hit;
    const raw = this.storage?.getItem(DICTIONARY_CACHE_PREFIX + type);
    if (!raw) return undefined;
    try {
      const parsed = JSON.parse(raw) as CachedDictionary;
      if (!Array.isArray(parsed.options)) return undefined;
      this.memory.set(type, parsed);
      return parsed;
    } catch {
      return undefined;
    }
  }

  private cachedTypes(): string[] {
    const types = new Set(this.memory.keys());
    const s = this.storage as (KeyValueStorage & { length?: number; key?: (i: number) => string | null }) | null;
    if (s && typeof s.length === 'number' && typeof s.key === 'function') {
      for (let i = 0; i < s.length; i++) {
        const k = s.key(i);
        if (k?.startsWith(DICTIONARY_CACHE_PREFIX)) types.add(k.slice(DICTIONARY_CACHE_PREFIX.length));
      }
    }
    return [...types];
  }

  private drop(type: string): void {
    this.memory.delete(type);
    this.storage?.removeItem(DICTIONARY_CACHE_PREFIX + type);
  }

  private emit(type: string): void {
    for (const l of this.listeners) l(type);
  }
}
