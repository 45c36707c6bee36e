import { STORAGE_KEYS } from '../../../shared/storageKeys.js';
import { recallListState, rememberListState } from './rememberedList.js';

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
});
