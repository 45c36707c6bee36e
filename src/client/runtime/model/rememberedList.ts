/**
 * A list remembers its page, size, sort and filters for the browser session, so coming back from an
 * edit or look page lands where the user was. All lists share the session-storage key listBasicObj
 * (SPEC §3), keyed by page id; the shell clears that key when the topic list is opened from the
 * menu, which starts it afresh.
 */
import type { EntityDef, ListPageDef } from '../../../shared/schema/types.js';
import { STORAGE_KEYS } from '../../../shared/storageKeys.js';
import { addressListState } from '../../../shared/schema/listAddress.js';
import { initialListState, type ListState } from './listQuery.js';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function read(store: Store | null | undefined): Record<string, ListState> {
  try {
    const parsed = JSON.parse(store?.getItem(STORAGE_KEYS.listBasicObj) ?? 'null');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function valid(s: unknown): s is ListState {
  if (!s || typeof s !== 'object') return false;
  const x = s as ListState;
  return (
    Number.isInteger(x.page) &&
    x.page > 0 &&
    Number.isInteger(x.pageSize) &&
    x.pageSize > 0 &&
    !!x.filters &&
    typeof x.filters === 'object'
  );
}

export function recallListState(pageId: string, store: Store | null | undefined): ListState | null {
  const s = read(store)[pageId];
  return valid(s) ? s : null;
}

export function rememberListState(pageId: string, state: ListState, store: Store | null | undefined): void {
  if (!store) return;
  try {
    store.setItem(STORAGE_KEYS.listBasicObj, JSON.stringify({ ...read(store), [pageId]: state }));
  } catch {
    // Storage full or disabled: the list simply starts afresh next time.
  }
}

export function sessionStore(): Store | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * The state a list page starts in. A public list: the one its address names (page and filters,
 * src/shared/schema/listAddress.ts), which is what the server drew there and what a shared link
 * shows. Other lists: where the user was when it remembers; else the page's own.
 */
export function firstListState(
  page: ListPageDef,
  entity: EntityDef,
  remember: boolean,
  store: Store | null | undefined,
  query?: Record<string, string | undefined>,
): ListState {
  if (page.source === 'public') return addressListState(page, entity, query);
  const initial = initialListState(page, entity);
  return remember ? (recallListState(page.id, store) ?? initial) : initial;
}
