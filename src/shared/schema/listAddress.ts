/**
 * A public list's state in its address: `?page=2&title=申报`, so reload, back and a shared link
 * give the same list, and the server draws exactly the list the app will show there. Every filter
 * is a parameter named after its field: a text as typed, a choice of several (`in`) and a range
 * (`range`) as values joined by commas, a number or yes/no as written.
 */
import type { EntityDef, ListPageDef } from './types.js';
import { filterOp, initialListState, isEmptyFilter, type ListState } from './listRequest.js';

/** The parameter holding the page number. */
export const PAGE_PARAM = 'page';

function fromText(text: string, type: string | undefined): unknown {
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** The page number an address names, 1 when it names none or not a page number. */
export function addressPageNumber(query: Record<string, string | undefined> | undefined): number {
  const n = Number(query?.[PAGE_PARAM]);
  return Number.isSafeInteger(n) && n > 0 ? n : 1;
}

/** The filters an address names, by field, as the filter form holds them. */
export function addressFilters(
  page: ListPageDef,
  entity: EntityDef,
  query: Record<string, string | undefined> | undefined,
): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  for (const def of page.filters ?? []) {
    if (def.field === PAGE_PARAM) continue;
    const text = query?.[def.field];
    if (typeof text !== 'string' || text.trim() === '') continue;
    const type = entity.fields[def.field]?.type;
    const op = filterOp(def, entity);
    if (op === 'in')
      filters[def.field] = text
        .split(',')
        .filter(Boolean)
        .map((v) => fromText(v, type));
    else if (op === 'range') {
      const [from = '', to = ''] = text.split(',');
      filters[def.field] = [from || null, to || null];
    } else filters[def.field] = fromText(text, type);
  }
  return filters;
}

/** The state of a public list at an address: its page and filters, the page's own size and sort. */
export function addressListState(
  page: ListPageDef,
  entity: EntityDef,
  query: Record<string, string | undefined> | undefined,
): ListState {
  return {
    ...initialListState(page, entity),
    page: addressPageNumber(query),
    filters: addressFilters(page, entity, query),
  };
}

/** Whether an address names any of a list's state (a page or a filter). */
export function addressNamesList(page: ListPageDef, query: Record<string, string | undefined> | undefined): boolean {
  return [PAGE_PARAM, ...(page.filters ?? []).map((f) => f.field)].some((k) => query?.[k]);
}

/**
 * The search part of the address for a list's state (with its `?`, or '' for the first page with
 * no filter); other parameters of the address are kept in front.
 */
export function listStateSearch(
  page: ListPageDef,
  entity: EntityDef,
  state: ListState,
  current: URLSearchParams = new URLSearchParams(),
): string {
  const params = new URLSearchParams(current);
  const own = [PAGE_PARAM, ...(page.filters ?? []).map((f) => f.field)];
  for (const k of own) params.delete(k);
  for (const def of page.filters ?? []) {
    const value = state.filters[def.field];
    if (def.field === PAGE_PARAM || isEmptyFilter(value)) continue;
    const op = filterOp(def, entity);
    if (Array.isArray(value))
      params.set(def.field, value.map((v) => (v === null || v === undefined ? '' : String(v))).join(','));
    else params.set(def.field, op === 'like' || typeof value === 'string' ? String(value).trim() : String(value));
  }
  if (state.page > 1) params.set(PAGE_PARAM, String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
