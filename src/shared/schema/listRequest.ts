/**
 * A list's state (page, size, sort, filters) and the list call it makes: one definition for the
 * browser's list runtime and the server that draws public lists, so the server asks exactly what
 * the app will ask for the same address (and the app can take the server's answer for it).
 */
import type { EntityDef, FilterDef, ListFilterValue, ListPageDef, ListRequest } from './types.js';

export const DEFAULT_PAGE_SIZE = 10;

export interface ListState {
  page: number;
  pageSize: number;
  filters: Record<string, unknown>;
  sort?: { field: string; order: 'asc' | 'desc' };
}

export function initialListState(page: ListPageDef, entity: EntityDef): ListState {
  return { page: 1, pageSize: page.pageSize ?? DEFAULT_PAGE_SIZE, filters: {}, sort: page.sort ?? entity.sort };
}

export function isEmptyFilter(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0 || v.every((x) => x === null || x === undefined || x === '');
  return false;
}

/** The op a filter uses: the schema's, else `in` for multiple dictionaries, else `eq`. */
export function filterOp(def: FilterDef, entity: EntityDef): ListFilterValue['op'] {
  if (def.op) return def.op;
  return entity.fields[def.field]?.multiple ? 'in' : 'eq';
}

/** Turns the state into the body of a list call: empty filters dropped, fixed `where` added. */
export function toListRequest(
  state: ListState,
  page: ListPageDef,
  entity: EntityDef,
  fixed?: Record<string, unknown>,
): ListRequest {
  const filters: ListFilterValue[] = [];
  for (const def of page.filters ?? []) {
    const value = state.filters[def.field];
    if (isEmptyFilter(value)) continue;
    const op = filterOp(def, entity);
    if (op === 'range') {
      const [from, to] = Array.isArray(value) ? value : [value, null];
      filters.push({ field: def.field, op, value: [from || null, to || null] });
    } else if (op === 'in') {
      filters.push({ field: def.field, op, value: Array.isArray(value) ? value : [value] });
    } else {
      filters.push({ field: def.field, op, value: typeof value === 'string' ? value.trim() : value });
    }
  }
  for (const [field, value] of Object.entries({ ...page.where, ...fixed })) {
    filters.push({ field, op: Array.isArray(value) ? 'in' : 'eq', value });
  }
  const req: ListRequest = { pageId: page.id, page: state.page, pageSize: state.pageSize, filters };
  if (state.sort) req.sort = state.sort;
  return req;
}
