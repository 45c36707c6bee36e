/**
 * List query state: filters, page, page size, sort. A pure reducer, so the table, the filter form
 * and the tests agree on what a change does (a new filter or page size goes back to page 1). The
 * state and the request it makes are shared with the server, which draws public lists from the
 * same request (src/shared/schema/listRequest.ts).
 */
import type { ListState } from '../../../shared/schema/listRequest.js';

export {
  DEFAULT_PAGE_SIZE,
  filterOp,
  initialListState,
  toListRequest,
  type ListState,
} from '../../../shared/schema/listRequest.js';
export const PAGE_SIZE_OPTIONS = ['10', '20', '50', '100'];

export type ListAction =
  | { type: 'filter'; filters: Record<string, unknown> }
  | { type: 'reset' }
  | { type: 'paginate'; page: number; pageSize: number }
  | { type: 'sort'; sort?: { field: string; order: 'asc' | 'desc' } };

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

/** "共N条记录" (SPEC §9). */
export function totalText(total: number): string {
  return `共${total}条记录`;
}
