import type { PageBundle } from '../../../shared/schema/types.js';
import { DictionaryStore } from './dictionaryStore.js';
import { dictionaryTypesOf, preloadDictionaries } from './preloadDictionaries.js';

const bundle = {
  page: {
    id: 'p',
    kind: 'list',
    columns: [{ field: 'area', render: 'area' }],
    filters: [{ field: 'kind', dict: 'kinds' }],
  },
  entity: {
    name: 'e',
    fields: {
      field: { type: 'string', dict: 'fields' },
      rows: { type: 'json', columns: [{ name: 'x', dict: 'nested' }] },
    },
  },
  workflow: null,
} as unknown as PageBundle;

function storeOf(answers: Record<string, Promise<{ value: string; text: string }[]>>) {
  const asked: string[] = [];
  const store = new DictionaryStore({
    source: {
      getDictionary: (t) => {
        asked.push(t);
        return answers[t] ?? Promise.resolve([]);
      },
      getDictionaryVersions: () => Promise.resolve({}),
    },
    isLoggedIn: () => true,
    storage: null,
  });
  return { store, asked };
}

describe('preloadDictionaries', () => {
  it('finds every dictionary a bundle names, nested table columns and area columns included', () => {
    expect(dictionaryTypesOf(bundle)).toEqual(['areacode', 'fields', 'kinds', 'nested']);
  });
  it('settles once they are loaded, so the page renders labels from its first paint', async () => {
    const { store, asked } = storeOf({ fields: Promise.resolve([{ value: '1', text: '教育' }]) });
    await preloadDictionaries(bundle, store);
    expect(asked.sort()).toEqual(['areacode', 'fields', 'kinds', 'nested']);
    expect(store.peek('fields')).toEqual([{ value: '1', text: '教育' }]);
    await preloadDictionaries(bundle, store);
    expect(asked).toHaveLength(4);
  });
  it('never rejects, and stops waiting for a dictionary that does not answer', async () => {
    const { store } = storeOf({ fields: Promise.reject(new Error('down')), kinds: new Promise(() => undefined) });
    await expect(preloadDictionaries(bundle, store, 50)).resolves.toBeUndefined();
  });
});
