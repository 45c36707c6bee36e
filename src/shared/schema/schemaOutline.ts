/**
 * A page schema as its readers meet it, in short lines: steps and sections, each field with its
 * label, widget, required and the conditions on it; a list's filters, columns and actions; a
 * detail page's tabs. Labels come from the entity where the page names none. The schema studio
 * shows the difference of two outlines (published and edited) beside the JSON change.
 */
import type { EntityDef } from './types.js';

type Json = Record<string, unknown>;

const asList = (v: unknown): Json[] =>
  Array.isArray(v) ? v.filter((x): x is Json => !!x && typeof x === 'object') : [];
const rule = (label: string, v: unknown) => (v === undefined ? '' : ` ${label} ${JSON.stringify(v)}`);

function fieldLine(item: Json, entity: EntityDef | undefined, indent: string): string {
  const name = String(item.field ?? '');
  const def = entity?.fields?.[name];
  const label = (item.label as string | undefined) ?? def?.label ?? name;
  const widget = (item.widget as string | undefined) ?? def?.type ?? '';
  const required = item.required ?? (def?.required ? true : undefined);
  const flags = [
    widget && `[${widget}]`,
    required === true ? '必填' : '',
    item.hidden ? '隐藏' : '',
    item.readOnly ? '只读' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const conditions =
    rule('显示条件', item.visible) +
    (typeof required === 'object' ? rule('必填条件', required) : '') +
    rule('禁用条件', item.disabled);
  return `${indent}${label}（${name}）${flags ? ` ${flags}` : ''}${conditions}`;
}

function actionLine(a: Json, indent: string): string {
  const label = (a.label as string | undefined) ?? (a.action as string | undefined) ?? String(a.type ?? '');
  const target = a.to ?? a.action ?? a.url;
  return `${indent}${label}（${String(a.type ?? '')}${target ? ` → ${String(target)}` : ''}）${rule('显示条件', a.visible)}`;
}

function sections(list: unknown, entity: EntityDef | undefined, indent: string, out: string[]): void {
  for (const s of asList(list)) {
    out.push(`${indent}分组 ${String(s.title ?? '（无标题）')}${rule('显示条件', s.visible)}`);
    for (const f of asList(s.fields)) out.push(fieldLine(f, entity, `${indent}  `));
  }
}

/** The outline of a page schema (any kind; unknown parts are left out). */
export function schemaOutline(page: unknown, entity?: EntityDef): string[] {
  if (!page || typeof page !== 'object') return [];
  const p = page as Json;
  const out = [`${String(p.title ?? p.id ?? '')}（${String(p.kind ?? '')}）`];
  sections(p.sections, entity, '  ', out);
  for (const step of asList(p.steps)) {
    out.push(`  步骤 ${String(step.title ?? '')}`);
    sections(step.sections, entity, '    ', out);
  }
  const filters = asList(p.filters);
  if (filters.length) out.push('  筛选');
  for (const f of filters) out.push(fieldLine(f, entity, '    '));
  const columns = asList(p.columns);
  if (columns.length) out.push('  列');
  for (const c of columns) out.push(fieldLine(c, entity, '    '));
  for (const [key, title] of [
    ['toolbar', '工具栏'],
    ['rowActions', '行操作'],
    ['batchActions', '批量操作'],
    ['actions', '操作'],
  ] as const) {
    const actions = asList(p[key]);
    if (actions.length) out.push(`  ${title}`);
    for (const a of actions) out.push(actionLine(a, '    '));
  }
  for (const tab of asList(p.tabs))
    out.push(
      `  标签页 ${String(tab.title ?? '')}（${String(tab.type ?? '')}${tab.page ? ` → ${String(tab.page)}` : ''}）${rule('显示条件', tab.visible)}`,
    );
  return out;
}

export interface OutlineLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** The lines of `after` against `before` (longest common run kept), for a short readable change. */
export function outlineDiff(before: string[], after: string[]): OutlineLine[] {
  const n = before.length;
  const m = after.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i][j] = before[i] === after[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out: OutlineLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) {
      out.push({ kind: 'same', text: before[i] });
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i][j + 1] >= lcs[i + 1][j])) out.push({ kind: 'added', text: after[j++] });
    else out.push({ kind: 'removed', text: before[i++] });
  }
  return out;
}
