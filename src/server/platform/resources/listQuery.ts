import type { EntityDef, ListPageDef } from '../../../shared/schema/types.js';
import { formatDateTime } from '../../../shared/provinceTime.js';
import type { AppContext } from '../AppContext.js';
import { MAX_PAGE } from '../http/inputGuard.js';
import { storageOf } from '../records/entityPlan.js';
import { TIME_FIELDS } from '../records/fieldStorage.js';
import type { Filter } from '../records/RecordStore.js';
import { isDateOnly } from '../records/time.js';
import { fieldDef } from '../schemas/entityModel.js';
import { invalid } from './bodyValues.js';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

type Body = Record<string, unknown>;

/**
 * The list call's paging, page-declared conditions, filters and sort, checked against the entity's
 * fields (and, for public reads, the fields a visitor may see): each refusal names the part at fault.
 */
export function listQuery(
  ctx: AppContext,
  entity: EntityDef,
  body: Body,
  source: 'admin' | 'public',
  visible?: Set<string>,
) {
  const page = body.page === undefined ? 1 : Number(body.page);
  const pageSize = body.pageSize === undefined ? DEFAULT_PAGE_SIZE : Number(body.pageSize);
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) throw invalid('page', 'page格式不正确');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
    throw invalid('pageSize', 'pageSize格式不正确');

  // A list of scalars in a child table (a user's roles) is filtered on, never sorted on.
  const known = (field: unknown, key: string, filter = false): string => {
    const listed = filter && typeof field === 'string' && Object.hasOwn(entity.storage?.lists ?? {}, field);
    const stored =
      typeof field === 'string' && (storageOf(entity, field) || (listed && entity.storage!.lists![field].value));
    if (!stored || (visible && !visible.has(field as string))) throw invalid(key, `不能按该字段查询：${String(field)}`);
    return field;
  };
  const items: Filter[] = [];
  let listPage: ListPageDef | undefined;
  if (body.pageId !== undefined) {
    const p = typeof body.pageId === 'string' ? ctx.schemas.pages.get(body.pageId) : undefined;
    if (!p || p.kind !== 'list' || p.entity !== entity.name || (p.source ?? 'admin') !== source)
      throw invalid('pageId', '页面不存在');
    listPage = p;
    for (const [field, v] of Object.entries(p.where ?? {})) {
      items.push(
        Array.isArray(v)
          ? { t: 'in', field, values: v as (string | number | boolean)[] }
          : { t: 'cmp', field, op: '=', value: v as string | number | boolean },
      );
    }
  }

  const filters = body.filters;
  const list: { field: unknown; op?: unknown; value: unknown }[] = Array.isArray(filters)
    ? filters
    : filters && typeof filters === 'object'
      ? Object.entries(filters).map(([field, value]) => ({ field, value }))
      : [];
  if (filters !== undefined && filters !== null && typeof filters !== 'object')
    throw invalid('filters', 'filters格式不正确');
  list.forEach((f, i) => {
    if (!f || typeof f !== 'object') throw invalid(`filters/${i}`, 'filters格式不正确');
    const field = known(f.field, `filters/${i}/field`, true);
    const def = fieldDef(entity, field)!;
    const numeric = def.type === 'integer' || def.type === 'number';
    const scalar = (v: unknown): string | number | boolean => {
      if (typeof v === 'boolean') return v;
      if (typeof v !== 'string' && typeof v !== 'number') throw invalid(field, `${def.label}格式不正确`, def.label);
      if (numeric && !Number.isFinite(Number(v))) throw invalid(field, `${def.label}必须是数字`, def.label);
      return v;
    };
    const op = f.op ?? (Array.isArray(f.value) ? 'in' : 'eq');
    const v = f.value;
    if (
      v === null ||
      v === undefined ||
      v === '' ||
      (Array.isArray(v) && v.every((x) => x === null || x === undefined || x === ''))
    )
      return;
    switch (op) {
      case 'eq':
        if (Array.isArray(v)) throw invalid(field, `${def.label}格式不正确`, def.label);
        items.push(
          def.multiple
            ? { t: 'contains', field, value: scalar(v) as string }
            : { t: 'cmp', field, op: '=', value: scalar(v) },
        );
        break;
      case 'like':
        items.push({ t: 'like', field, value: String(scalar(v)) });
        break;
      case 'in':
        if (!Array.isArray(v)) throw invalid(field, `${def.label}格式不正确`, def.label);
        items.push(
          def.multiple
            ? { t: 'or', items: v.map((x) => ({ t: 'contains' as const, field, value: scalar(x) as string })) }
            : { t: 'in', field, values: v.map(scalar) },
        );
        break;
      case 'range': {
        const [a, b] = Array.isArray(v)
          ? v
          : v && typeof v === 'object'
            ? [(v as Body).from, (v as Body).to]
            : [undefined, undefined];
        if (!Array.isArray(v) && !(v && typeof v === 'object'))
          throw invalid(field, `${def.label}格式不正确`, def.label);
        const timeLike = def.type === 'datetime' || TIME_FIELDS.has(field);
        // An epoch bound of a time field (a schema's {"var": "now"}) compares as the stored local text.
        const bound = (x: unknown) =>
          timeLike && typeof x === 'number' && Number.isFinite(x) ? formatDateTime(x) : scalar(x);
        if (a !== null && a !== undefined && a !== '') items.push({ t: 'cmp', field, op: '>=', value: bound(a) });
        if (b !== null && b !== undefined && b !== '') {
          const upper = bound(b);
          // A date-only upper bound of a date-time field includes that whole day.
          items.push({
            t: 'cmp',
            field,
            op: '<=',
            value: timeLike && typeof upper === 'string' && isDateOnly(upper) ? `${upper} 23:59:59` : upper,
          });
        }
        break;
      }
      default:
        throw invalid(`filters/${i}/op`, 'op格式不正确');
    }
  });

  let sort = listPage?.sort ?? entity.sort ?? { field: 'createdAt', order: 'desc' as const };
  if (body.sort !== undefined && body.sort !== null) {
    const s = body.sort as Body;
    if (typeof s !== 'object' || (s.order !== 'asc' && s.order !== 'desc')) throw invalid('sort', 'sort格式不正确');
    sort = { field: known(s.field, 'sort/field'), order: s.order };
  }
  if (visible && !visible.has(sort.field)) sort = { field: 'id', order: 'desc' };
  return { page, pageSize, items, sort, listPage };
}
