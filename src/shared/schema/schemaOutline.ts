/**
 * A page schema as its readers meet it, in short lines: steps and sections, each field with its
 * label, widget, required and the conditions on it; a list's filters, columns and actions; a
 * detail page's tabs. Labels come from the entity where the page names none. The schema studio
 * shows the difference of two outlines (published and edited) beside the JSON change.
 */
import type { EntityDef } from './types.js';
import { seenBy, type OutlineView } from './outlineView.js';

type Json = Record<string, unknown>;

const asList = (v: unknown): Json[] =>
  Array.isArray(v) ? v.filter((x): x is Json => !!x && typeof x === 'object') : [];
const rule = (label: string, v: unknown) => (v === undefined ? '' : ` ${label} ${JSON.stringify(v)}`);

function fieldLine(item: Json, entity: EntityDef | undefined, indent: string, visible: unknown): string {
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
    rule('显示条件', visible) +
    (typeof required === 'object' ? rule('必填条件', required) : '') +
    rule('禁用条件', item.disabled);
  return `${indent}${label}（${name}）${flags ? ` ${flags}` : ''}${conditions}`;
}

function actionLine(a: Json, indent: string, visible: unknown): string {
  const label = (a.label as string | undefined) ?? (a.action as string | undefined) ?? String(a.type ?? '');
  const target = a.to ?? a.action ?? a.url;
  return `${indent}${label}（${String(a.type ?? '')}${target ? ` → ${String(target)}` : ''}）${rule('显示条件', visible)}`;
}

/** The parts of a list the view meets, each with the condition still shown beside it. */
function seen(list: unknown, view: OutlineView | undefined): [Json, unknown][] {
  return asList(list)
    .map((part): [Json, ReturnType<typeof seenBy>] => [part, seenBy(part, view)])
    .filter(([, s]) => s.shown)
    .map(([part, s]) => [part, s.visible]);
}

function sections(
  list: unknown,
  entity: EntityDef | undefined,
  indent: string,
  out: string[],
  view: OutlineView | undefined,
): void {
  for (const [s, visible] of seen(list, view)) {
    out.push(`${indent}分组 ${String(s.title ?? '（无标题）')}${rule('显示条件', visible)}`);
    for (const [f, v] of seen(s.fields, view)) out.push(fieldLine(f, entity, `${indent}  `, v));
  }
}

/**
 * The outline of a page schema (any kind; unknown parts are left out); with a view, as that role
 * meets it (outlineView.ts).
 */
export function schemaOutline(page: unknown, entity?: EntityDef, view?: OutlineView): string[] {
  if (!page || typeof page !== 'object') return [];
  const p = page as Json;
  const out = [`${String(p.title ?? p.id ?? '')}（${String(p.kind ?? '')}）`];
  sections(p.sections, entity, '  ', out, view);
  for (const [step, visible] of seen(p.steps, view)) {
    out.push(`  步骤 ${String(step.title ?? '')}${rule('显示条件', visible)}`);
    sections(step.sections, entity, '    ', out, view);
  }
  const filters = seen(p.filters, view);
  if (filters.length) out.push('  筛选');
  for (const [f, v] of filters) out.push(fieldLine(f, entity, '    ', v));
  const columns = seen(p.columns, view);
  if (columns.length) out.push('  列');
  for (const [c, v] of columns) out.push(fieldLine(c, entity, '    ', v));
  for (const [key, title] of [
    ['toolbar', '工具栏'],
    ['rowActions', '行操作'],
    ['batchActions', '批量操作'],
    ['actions', '操作'],
  ] as const) {
    const actions = seen(p[key], view);
    if (actions.length) out.push(`  ${title}`);
    for (const [a, v] of actions) out.push(actionLine(a, '    ', v));
  }
  for (const [tab, v] of seen(p.tabs, view))
    out.push(
      `  标签页 ${String(tab.title ?? '')}（${String(tab.type ?? '')}${tab.page ? ` → ${String(tab.page)}` : ''}）${rule('显示条件', v)}`,
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
