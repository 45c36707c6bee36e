import type { EntityDef, ListPageDef } from '../../../shared/schema/types.js';
import { STORAGE_KEYS } from '../../../shared/storageKeys.js';
import { firstListState, recallListState, rememberListState } from './rememberedList.js';

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

describe('remembered list state', () => {
  it("keeps each page's state under listBasicObj", () => {
    const s = memory();
    rememberListState('a', { page: 3, pageSize: 20, filters: { title: 'x' } }, s);
    rememberListState('b', { page: 1, pageSize: 10, filters: {} }, s);
    expect(recallListState('a', s)).toEqual({ page: 3, pageSize: 20, filters: { title: 'x' } });
    expect(Object.keys(JSON.parse(s.m.get(STORAGE_KEYS.listBasicObj)!))).toEqual(['a', 'b']);
  });
  it('ignores missing, broken or foreign values', () => {
    const s = memory();
    expect(recallListState('a', s)).toBeNull();
    s.setItem(STORAGE_KEYS.listBasicObj, '{bad');
    expect(recallListState('a', s)).toBeNull();
    s.setItem(STORAGE_KEYS.listBasicObj, JSON.stringify({ a: { page: -1, pageSize: 10, filters: {} } }));
    expect(recallListState('a', s)).toBeNull();
    expect(recallListState('a', null)).toBeNull();
  });
  it('starts a public list at the page and filters its address names, never at what was remembered', () => {
    const entity = { name: 'notice', fields: { title: { type: 'string', label: '标题' } } } as unknown as EntityDef;
    const page = {
      id: 'p',
      kind: 'list',
      entity: 'notice',
      source: 'public',
      columns: [{ field: 'title' }],
      filters: [{ field: 'title', op: 'like' }],
    } as unknown as ListPageDef;
    const s = memory();
    rememberListState('p', { page: 3, pageSize: 10, filters: { title: '旧' } }, s);
    expect(firstListState(page, entity, true, s, { page: '2' })).toMatchObject({ page: 2, filters: {} });
    expect(firstListState(page, entity, true, s, { title: '申报' })).toMatchObject({
      page: 1,
      filters: { title: '申报' },
    });
    // A reload or a shared link without parameters is the list's first page, as the server drew it.
    expect(firstListState(page, entity, true, s, {})).toMatchObject({ page: 1, filters: {} });
    for (const bad of ['0', '-1', 'x', '1.5'])
      expect(firstListState(page, entity, false, s, { page: bad }).page).toBe(1);
    // An admin list keeps to what it remembers: `page` in its address means nothing to it.
    expect(firstListState({ ...page, source: undefined } as ListPageDef, entity, true, s, { page: '2' }).page).toBe(3);
  });
});
