import type { PageBundle } from '../../../shared/schema/types.js';
import type { DictionaryStore } from './dictionaryStore.js';

/** The area dictionary that area columns and widgets read without naming it. */
const AREA_DICTIONARY = 'areacode';

/**
 * Every dictionary type a page bundle names anywhere (entity fields, columns, filters, nested table
 * columns), and the area dictionary when it shows areas.
 */
export function dictionaryTypesOf(bundle: PageBundle): string[] {
  const types = new Set<string>();
  const walk = (node: unknown, key: string | null) => {
    if (typeof node === 'string') {
      if (key === 'dict') types.add(node);
      else if (node === 'area' && (key === 'render' || key === 'widget' || key === 'type')) types.add(AREA_DICTIONARY);
      return;
    }
    if (Array.isArray(node)) {
      for (const x of node) walk(x, null);
      return;
    }
    if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, k);
  };
  walk(bundle, null);
  return [...types].sort();
}

/**
 * Loads a page's dictionaries before it renders, so its cells and option labels show labels from
 * their first paint instead of raw codes while a dictionary loads. Settles (never rejects) and gives
 * up waiting after `timeoutMs`: a slow dictionary then shows a placeholder until it arrives.
 */
export function preloadDictionaries(bundle: PageBundle, store: DictionaryStore, timeoutMs = 10_000): Promise<void> {
  const types = dictionaryTypesOf(bundle).filter((t) => !store.peek(t));
  if (!types.length) return Promise.resolve();
  const all = Promise.all(types.map((t) => store.get(t).catch(() => undefined))).then(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((r) => {
    timer = setTimeout(r, timeoutMs);
  });
  return Promise.race([all, limit]).finally(() => clearTimeout(timer));
}
