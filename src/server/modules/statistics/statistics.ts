import type { EntityDef, StatisticsPageDef } from '../../../shared/schema/types.js';
import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import { hasRight, scopeFilter } from '../../platform/records/access.js';
import { DictionaryValues } from '../../platform/records/dictionaries.js';
import { storageOf } from '../../platform/records/entityPlan.js';
import { KyselyRecordStore, type Filter, type StoredRecord } from '../../platform/records/RecordStore.js';
import { workflowOf } from '../../platform/workflow/engine.js';
import type { StatChart, StatFilter, StatRow, StatisticsAnswer } from '../../../shared/contracts/statistics.js';

/** Records read per entity for one answer: far above a province's topics, and a bound all the same. */
export const STATISTICS_LIMIT = 100_000;

type FilterValues = Record<string, unknown>;

const EMPTY = '';
const EMPTY_LABEL = '未填写';

/** The page by id, only a statistics page. */
export function statisticsPage(ctx: AppContext, pageId: unknown): StatisticsPageDef {
  const page = typeof pageId === 'string' ? ctx.schemas.pages.get(pageId) : undefined;
  if (!page || page.kind !== 'statistics') throw AppError.notFound('页面不存在');
  return page;
}

/** Value → label of a field: workflow status labels, dictionary labels, else the value itself. */
async function labeller(
  ctx: AppContext,
  dicts: DictionaryValues,
  entity: EntityDef,
  field: string,
): Promise<(v: string) => string> {
  const wf = workflowOf(ctx, entity);
  if (wf && field === wf.field) {
    const m = new Map(wf.statuses.map((s) => [s.code, s.label]));
    return (v) => m.get(v) ?? v;
  }
  const dict = entity.fields[field]?.dict;
  if (dict) {
    const m = await dicts.labels(dict);
    return (v) => m.get(v) ?? v;
  }
  return (v) => v;
}

function key(v: unknown): string[] {
  if (v === null || v === undefined || v === '') return [EMPTY];
  return Array.isArray(v) ? (v.length ? v.map(String) : [EMPTY]) : [String(v)];
}

/** The user's records of one entity (their read scope) matching the filters the entity has fields for. */
async function scopedRows(
  ctx: AppContext,
  entity: EntityDef,
  user: SessionUser,
  filters: FilterValues,
  fields: string[],
): Promise<StoredRecord[]> {
  const items: Filter[] = [scopeFilter(entity, 'read', user)];
  for (const [field, v] of Object.entries(filters)) {
    if (v === null || v === undefined || v === '' || !storageOf(entity, field)) continue;
    const def = entity.fields[field];
    const value = def?.type === 'integer' || def?.type === 'number' ? Number(v) : String(v);
    items.push({ t: 'cmp', field, op: '=', value });
  }
  const store = KyselyRecordStore.of(ctx.database);
  const { rows } = await store.list(entity, {
    where: { t: 'and', items },
    sort: [{ field: 'id', order: 'asc' }],
    offset: 0,
    limit: STATISTICS_LIMIT,
    fields: [...new Set(fields.filter((f) => storageOf(entity, f)))],
  });
  return rows;
}

/** Checks the filter body against the page: only the page's filters, each a short scalar. */
export function filterValues(page: StatisticsPageDef, body: unknown): FilterValues {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw AppError.invalid([{ field: 'filters', label: '筛选条件', message: '筛选条件格式不正确' }]);
  const allowed = new Set(page.filters.map((f) => f.field));
  const out: FilterValues = {};
  for (const [field, v] of Object.entries(body as Record<string, unknown>)) {
    if (!allowed.has(field)) throw AppError.invalid([{ field, label: field, message: `不能按该字段筛选：${field}` }]);
    if (v === null || v === undefined || v === '') continue;
    if ((typeof v !== 'string' && typeof v !== 'number') || String(v).length > 64)
      throw AppError.invalid([{ field, label: field, message: '筛选条件格式不正确' }]);
    out[field] = v;
  }
  return out;
}

/**
 * Grouped counts of one statistics page for one user: each chart's field counted over the records
 * of its entity the user may read (the entity's own read rules, so a city admin counts their city
 * and a leader their own topics), under the filters; and each filter's choices within that scope.
 */
export async function statistics(
  ctx: AppContext,
  page: StatisticsPageDef,
  user: SessionUser,
  filters: FilterValues,
): Promise<StatisticsAnswer> {
  const main = ctx.schemas.entities.get(page.entity);
  if (!main) throw AppError.notFound('页面不存在');
  if (!hasRight(main, 'read', user)) throw AppError.forbidden();
  const dicts = new DictionaryValues(ctx);

  const byEntity = new Map<string, StatisticsPageDef['charts']>();
  for (const c of page.charts) {
    const name = c.entity ?? page.entity;
    byEntity.set(name, [...(byEntity.get(name) ?? []), c]);
  }
  const charts = new Map<StatisticsPageDef['charts'][number], StatChart>();
  let total = 0;
  for (const [name, list] of byEntity) {
    const entity = ctx.schemas.entities.get(name);
    // A chart over an entity the user may not read (or that is not there) is left out, not an error.
    if (!entity || !hasRight(entity, 'read', user)) continue;
    // Another entity's charts take only the filters they name (all of its charts' names together).
    const applied =
      name === page.entity
        ? filters
        : Object.fromEntries(Object.entries(filters).filter(([f]) => list.some((c) => c.applyFilters?.includes(f))));
    const rows = await scopedRows(
      ctx,
      entity,
      user,
      applied,
      list.flatMap((c) => [c.field, ...(c.groupBy ? [c.groupBy] : [])]),
    );
    if (name === page.entity) total = rows.length;
    for (const c of list) {
      const counted = await countRows(ctx, dicts, entity, rows, c.field);
      const chart: StatChart = {
        field: c.field,
        title: c.title,
        chart: c.chart ?? 'bar',
        entity: name,
        total: rows.length,
        rows: counted,
      };
      // Many values (some 35 statuses) are shown by group (the phase their records are in), each opening to its own.
      if (c.groupBy && entity.fields[c.groupBy]) {
        const by = c.groupBy;
        const groups = await countRows(ctx, dicts, entity, rows, by);
        chart.groups = [];
        for (const g of groups) {
          const members = rows.filter((r) => key(r[by])[0] === g.value);
          chart.groups.push({ ...g, rows: await countRows(ctx, dicts, entity, members, c.field) });
        }
      }
      charts.set(c, chart);
    }
  }

  // Filter choices: the values present in the user's scope, unfiltered, labelled like the charts.
  const all = await scopedRows(
    ctx,
    main,
    user,
    {},
    page.filters.flatMap((f) => [f.field, ...(f.labelField ? [f.labelField] : [])]),
  );
  const outFilters: StatFilter[] = [];
  for (const f of page.filters) {
    const label = await labeller(ctx, dicts, main, f.field);
    const seen = new Map<string, string>();
    for (const r of all) {
      const v = r[f.field];
      if (v === null || v === undefined || v === '') continue;
      if (!seen.has(String(v)))
        seen.set(String(v), f.labelField && r[f.labelField] ? String(r[f.labelField]) : label(String(v)));
    }
    const options = [...seen]
      .map(([value, l]) => ({ value, label: l }))
      .sort((a, b) => b.value.localeCompare(a.value, 'zh-CN', { numeric: true }));
    outFilters.push({ field: f.field, label: f.label ?? main.fields[f.field]?.label ?? f.field, options });
  }
  return {
    title: page.title,
    total,
    filters: outFilters,
    charts: page.charts.map((c) => charts.get(c)).filter((c): c is StatChart => Boolean(c)),
  };
}

/** The count of records per value of a field, labelled and in the order people know. */
async function countRows(
  ctx: AppContext,
  dicts: DictionaryValues,
  entity: EntityDef,
  rows: Record<string, unknown>[],
  field: string,
): Promise<StatRow[]> {
  const counts = new Map<string, number>();
  for (const r of rows) for (const k of key(r[field])) counts.set(k, (counts.get(k) ?? 0) + 1);
  const label = await labeller(ctx, dicts, entity, field);
  const options = await chartOrder(ctx, dicts, entity, field);
  const values = [...counts.keys()].sort((a, b) => order(options, a) - order(options, b) || a.localeCompare(b));
  return values.map((v) => ({ value: v, label: v === EMPTY ? EMPTY_LABEL : label(v), count: counts.get(v)! }));
}

/** Dictionary or workflow order of a field's values, so charts read in the order people know. */
async function chartOrder(
  ctx: AppContext,
  dicts: DictionaryValues,
  entity: EntityDef,
  field: string,
): Promise<Map<string, number>> {
  const wf = workflowOf(ctx, entity);
  if (wf && field === wf.field) return new Map(wf.statuses.map((s, i) => [s.code, i]));
  const dict = entity.fields[field]?.dict;
  if (dict) return new Map((await dicts.options(dict)).map((o, i) => [o.value, i]));
  return new Map();
}

function order(m: Map<string, number>, v: string): number {
  if (v === EMPTY) return Number.MAX_SAFE_INTEGER;
  return m.get(v) ?? m.size;
}
