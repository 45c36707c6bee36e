/** The filter bar of a list page as a Formily schema (same widgets as forms, laid out on one grid). */
import type { ISchema } from '@formily/json-schema';
import type { EntityDef, FilterDef, ListPageDef, WorkflowDef } from '../../../shared/schema/types.js';
import { fieldOf, isStatusField } from './columns.js';
import { ariaLabelProps, defaultWidget } from './fieldWidgets.js';
import { filterOp } from './listQuery.js';

export const FILTER_COLUMNS = 3;

export function filterFieldSchema(def: FilterDef, entity: EntityDef, workflow?: WorkflowDef | null): ISchema | null {
  const field = fieldOf(entity, def.field);
  if (!field) return null;
  const op = filterOp(def, entity);
  let widget: string | undefined = def.widget;
  const props: Record<string, unknown> = { allowClear: true };
  if (!widget) {
    if (op === 'range' && (field.type === 'date' || field.type === 'datetime')) widget = 'DateRangePicker';
    else if (isStatusField(entity, workflow, def.field)) widget = 'Select';
    else widget = defaultWidget(field, 'filter');
  }
  if (workflow && isStatusField(entity, workflow, def.field) && widget === 'Select') {
    props.options = workflow.statuses.map((s) => ({ label: s.label, value: s.code }));
  }
  if (field.dict) props.dict = field.dict;
  if (op === 'in' && widget === 'Select') props.mode = 'multiple';
  if (field.type === 'boolean' && widget === 'Select')
    props.options = [
      { label: '是', value: true },
      { label: '否', value: false },
    ];
  props.placeholder =
    widget === 'DateRangePicker' ? ['开始日期', '结束日期'] : widget === 'Select' ? '请选择' : '请输入';
  const title = def.label ?? field.label;
  return {
    type: op === 'range' || op === 'in' ? 'array' : 'string',
    title,
    'x-decorator': 'FormItem',
    'x-component': widget,
    'x-component-props': { ...ariaLabelProps(widget, title), ...props },
  };
}

/** A filter the light bar can draw: a text box with its label. */
export interface TextFilter {
  field: string;
  label: string;
  placeholder: string;
}

/**
 * The filters as plain text boxes when every one of them is one (the public lists' 标题 search),
 * else null. Those lists draw them without Formily (pages/list/TextFilterBar.tsx), so a visitor's page
 * loads no form library; any select, date or number filter takes the Formily filter bar.
 */
export function textOnlyFilters(
  page: ListPageDef,
  entity: EntityDef,
  workflow?: WorkflowDef | null,
): TextFilter[] | null {
  const out: TextFilter[] = [];
  for (const def of page.filters ?? []) {
    const s = filterFieldSchema(def, entity, workflow);
    if (!s) continue;
    if (s['x-component'] !== 'Input') return null;
    out.push({
      field: def.field,
      label: String(s.title ?? def.field),
      placeholder: String((s['x-component-props'] as { placeholder?: string }).placeholder ?? '请输入'),
    });
  }
  return out.length ? out : null;
}

export function buildFilterSchema(page: ListPageDef, entity: EntityDef, workflow?: WorkflowDef | null): ISchema | null {
  const properties: Record<string, ISchema> = {};
  for (const def of page.filters ?? []) {
    const s = filterFieldSchema(def, entity, workflow);
    if (s) properties[def.field] = s;
  }
  if (!Object.keys(properties).length) return null;
  return {
    type: 'object',
    properties: {
      grid: {
        type: 'void',
        'x-component': 'FormGrid',
        'x-component-props': { maxColumns: FILTER_COLUMNS, minColumns: 1 },
        properties,
      },
    },
  };
}
