/**
 * How each list column shows its value, decided once from the page, entity and workflow schemas so
 * the table renderer only draws: dictionary values as labels, the workflow status as a coloured tag,
 * dates formatted, links filled from the row.
 */
import {
  formatDate as provinceDate,
  formatDateTime as provinceDateTime,
  parseLocal,
} from '../../../shared/provinceTime.js';
import { leastWidth } from './tableWidth.js';
import type { ColumnDef, EntityDef, FieldDef, StatusDef, WorkflowDef } from '../../../shared/schema/types.js';

export type { CellKind, ColumnPlan } from './columnPlan.js';
import type { ColumnPlan } from './columnPlan.js';

/** Field definition of a column; a column may name a system field the entity does not declare. */
function systemField(field: string): FieldDef | undefined {
  if (field === 'createdAt' || field === 'updatedAt')
    return { type: 'datetime', label: field === 'createdAt' ? '创建时间' : '更新时间' };
  if (field === 'id') return { type: 'string', label: 'ID' };
  return undefined;
}

export function fieldOf(entity: EntityDef, field: string): FieldDef | undefined {
  return entity.fields[field] ?? systemField(field);
}

export function isStatusField(entity: EntityDef, workflow: WorkflowDef | null | undefined, field: string): boolean {
  return Boolean(workflow && entity.workflow && workflow.field === field);
}

export function planColumn(col: ColumnDef, entity: EntityDef, workflow: WorkflowDef | null | undefined): ColumnPlan {
  const def = fieldOf(entity, col.field);
  const base = {
    key: col.field,
    field: col.field,
    title: col.label ?? def?.label ?? col.field,
    width: col.width,
    sortable: Boolean(col.sortable),
    ellipsis: Boolean(col.ellipsis),
    ...((col.copyable ?? def?.copyable) ? { copyable: true } : {}),
    dict: def?.dict,
    multiple: def?.multiple,
    // A phone or ID number does not wrap: the column's width keeps it on one line (tableWidth).
    ...(def?.mask ? { mask: def.mask } : {}),
  };
  const render = col.render;
  if (render === 'link') return { ...base, kind: 'link', to: col.to };
  if (render === 'fileIcon') return { ...base, kind: 'fileIcon' };
  if (render === 'area') return { ...base, kind: 'area' };
  if (render === 'files' || (!render && def?.type === 'files')) return { ...base, kind: 'files' };
  if (isStatusField(entity, workflow, col.field) && render !== 'text') return { ...base, kind: 'status' };
  if (render === 'tag') return { ...base, kind: def?.dict ? 'dictTag' : 'text' };
  if (render === 'date') return { ...base, kind: 'date' };
  if (render === 'datetime') return { ...base, kind: 'datetime' };
  if (def?.dict) return { ...base, kind: 'dict' };
  switch (def?.type) {
    case 'date':
      return { ...base, kind: 'date' };
    case 'datetime':
      return { ...base, kind: 'datetime' };
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'integer':
    case 'number':
      return { ...base, kind: 'number' };
    case 'richtext':
      return { ...base, kind: 'richtext' };
    default:
      return { ...base, kind: 'text' };
  }
}

export function planColumns(
  cols: ColumnDef[],
  entity: EntityDef,
  workflow: WorkflowDef | null | undefined,
): ColumnPlan[] {
  return cols.map((c) => {
    const plan = planColumn(c, entity, workflow);
    const least = leastWidth(plan, workflow);
    // A column whose text would not fit the share of a fixed layout (a time, a status tag, a long
    // heading) gets the width it needs, instead of running under the fixed 操作 column.
    return least && (plan.width ?? 0) < least ? { ...plan, width: least } : plan;
  });
}

// The server's dates and times already read this way: a list of 100 rows then parses nothing
// (a parse and a format per cell were a visible part of a throttled first render).
const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;
const PLAIN_DATETIME = /^(\d{4}-\d{2}-\d{2}) \d{2}:\d{2}:\d{2}$/;

/**
 * Dates arrive as epoch ms (numbers or digit strings) or ISO / 'YYYY-MM-DD' strings. A moment is
 * shown in the province's time (as the server writes every list), never the browser's own zone:
 * a log read on a machine set to UTC was 8 hours behind the same event in the lists.
 */
export function formatDate(value: unknown, withTime: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    if (!withTime && PLAIN_DATE.test(value)) return value;
    const m = PLAIN_DATETIME.exec(value);
    if (m) return withTime ? value : m[1];
  }
  const ms =
    typeof value === 'number'
      ? value
      : typeof value === 'string'
        ? /^\d{10,}$/.test(value)
          ? Number(value)
          : parseLocal(value)
        : null;
  if (ms === null || !Number.isFinite(ms)) return String(value);
  return withTime ? provinceDateTime(ms) : provinceDate(ms);
}

export function statusOf(workflow: WorkflowDef | null | undefined, code: unknown): StatusDef | undefined {
  if (code === null || code === undefined) return undefined;
  return workflow?.statuses.find((s) => s.code === String(code));
}

/** Plain text of rich text for table cells: tags dropped, entities of the common kind decoded. */
export function richTextToPlain(html: unknown): string {
  if (typeof html !== 'string') return '';
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
