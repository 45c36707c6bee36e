/**
 * List query state: filters, page, page size, sort. A pure reducer, so the table, the filter form
 * and the tests agree on what a change does (a new filter or page size goes back to page 1).
 */
import type { EntityDef, FilterDef, ListFilterValue, ListPageDef, ListRequest } from '../../../shared/schema/types.js';

export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = ['10', '20', '50', '100'];

export interface ListState {
  page: number;
  pageSize: number;
  filters: Record<string, unknown>;
  sort?: { field: string; order: 'asc' | 'desc' };
}

export type ListAction =
  | { type: 'filter'; filters: Record<string, unknown> }
  | { type: 'reset' }
  | { type: 'paginate'; page: number; pageSize: number }
  | { type: 'sort'; sort?: { field: string; order: 'asc' | 'desc' } };

export function initialListState(page: ListPageDef, entity: EntityDef): ListState {
  return { page: 1, pageSize: page.pageSize ?? DEFAULT_PAGE_SIZE, filters: {}, sort: page.sort ?? entity.sort };
}

export function listReducer(state: ListState, action: ListAction, initial?: ListState): ListState {
  switch (action.type) {
    case 'filter':
      return { ...state, page: 1, filters: { ...action.filters } };
    case 'reset':
      return { ...(initial ?? state), page: 1, pageSize: state.pageSize, filters: {} };
    case 'paginate':
      return action.pageSize !== state.pageSize
        ? { ...state, page: 1, pageSize: action.pageSize }
        : { ...state, page: Math.max(1, action.page) };
    case 'sort':
      return { ...state, page: 1, sort: action.sort };
  }
}

function isEmpty(v: unknown): boolean {
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
    if (isEmpty(value)) continue;
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

/** "共N条记录" (SPEC §9). */
export function totalText(total: number): string {
  return `共${total}条记录`;
}
