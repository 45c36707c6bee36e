import type { PageDef } from '../../../shared/schema/types.js';

/**
 * A rendered page as a reviewer reads it: its steps, its fields (label, widget, required, shown
 * value in look mode), its table columns, its buttons, and the conditions the schema puts on them.
 * A few dozen lines per page, so a schema change shows as a short diff (render.test.tsx); antd's
 * HTML is kept only for the runtime's own fixture pages, which cover the widgets.
 */
export function pageOutline(container: HTMLElement, page: PageDef, mode: string): string {
  const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const lines: string[] = [`${page.id} (${page.kind}, ${mode})`];

  const steps = [...container.querySelectorAll('.ant-steps-item-title')].map(text).filter(Boolean);
  if (steps.length) lines.push(`steps: ${steps.join(' › ')}`);

  const ITEM = '.ant-form-item, .ant-formily-item';
  const items = [...container.querySelectorAll(ITEM)].filter(
    (el) => !el.closest('.ant-table') && !el.parentElement?.closest(ITEM),
  );
  if (items.length) lines.push('fields:');
  for (const item of items) {
    const labelEl = item.querySelector(
      '.ant-form-item-label, .ant-formily-item-label-content, .ant-formily-item-label',
    );
    const label =
      text(labelEl)
        .replace(/^\*/, '')
        .replace(/[：:]$/, '') || '(no label)';
    const required = item.querySelector('.ant-form-item-required, .ant-formily-item-asterisk') ? ' required' : '';
    const control = item.querySelector('.ant-form-item-control, .ant-formily-item-control') ?? item;
    const disabled = control.querySelector(
      '[disabled], .ant-select-disabled, .ant-picker-disabled, .ant-input-disabled',
    )
      ? ' disabled'
      : '';
    const w = widgetOf(control);
    const shown = w === 'text' ? `: ${text(control).slice(0, 40)}` : '';
    lines.push(`  ${label} [${w}]${required}${disabled}${shown}`);
  }

  const headers = [...container.querySelectorAll('.ant-table-thead th')].map(text).filter(Boolean);
  if (headers.length) lines.push(`columns: ${headers.join(' | ')}`);
  const rows = container.querySelectorAll('.ant-table-tbody tr.ant-table-row').length;
  if (headers.length) lines.push(`rows: ${rows}`);

  const buttons = (root: ParentNode, skipTable: boolean) =>
    [...root.querySelectorAll('button, a.ant-btn')]
      .filter(
        (b) =>
          !(skipTable && b.closest('.ant-table-tbody')) &&
          !b.closest('.ant-pagination, .ant-picker-dropdown, .ant-select-dropdown'),
      )
      .map((b) => text(b).replace(/\s+/g, ''))
      .filter(Boolean);
  const pageButtons = [...new Set(buttons(container, true))];
  if (pageButtons.length) lines.push(`buttons: ${pageButtons.join(', ')}`);
  const firstRow = container.querySelector('.ant-table-tbody tr.ant-table-row');
  if (firstRow) {
    const rowButtons = buttons(firstRow, false);
    if (rowButtons.length) lines.push(`first row's buttons: ${rowButtons.join(', ')}`);
  }

  const conditions = conditionsOf(page);
  if (conditions.length) lines.push('conditions (schema):', ...conditions.map((c) => `  ${c}`));
  return `${lines.join('\n')}\n`;
}

function widgetOf(control: Element): string {
  const has = (s: string) => control.querySelector(s) !== null;
  if (has('.runtime-richtext, .ProseMirror')) return 'RichText';
  if (has('.ant-upload')) return 'Upload';
  if (has('table')) return 'Table';
  if (has('.ant-picker-range')) return 'DateRange';
  if (has('.ant-picker')) return 'Date';
  if (has('.ant-select')) return 'Select';
  if (has('.ant-radio-group, .ant-radio-wrapper')) return 'Radio';
  if (has('.ant-checkbox-group, .ant-checkbox-wrapper')) return 'Checkbox';
  if (has('.ant-switch')) return 'Switch';
  if (has('.ant-input-number')) return 'Number';
  if (has('textarea')) return 'TextArea';
  if (has('input[type="password"]')) return 'Password';
  if (has('input')) return 'Input';
  // Look mode: the value as text (a copy button beside it is not the widget).
  return 'text';
}

/** The rules the schema puts on actions and fields, one line each: what a reviewer checks by reading. */
function conditionsOf(page: PageDef): string[] {
  const out: string[] = [];
  const rule = (r: unknown) => JSON.stringify(r);
  const p = page as unknown as Record<string, any>;
  for (const key of ['actions', 'toolbar', 'rowActions', 'batchActions']) {
    for (const a of (p[key] ?? []) as any[]) {
      const parts = ['visible', 'disabled'].filter((k) => a?.[k] !== undefined).map((k) => `${k} when ${rule(a[k])}`);
      if (a?.roles) parts.push(`roles ${a.roles.join(',')}`);
      if (parts.length) out.push(`${key} ${a.label ?? a.action ?? a.type}: ${parts.join('; ')}`);
    }
  }
  const sections = [...(p.sections ?? []), ...((p.steps ?? []) as any[]).flatMap((s) => s?.sections ?? [])] as any[];
  for (const s of sections) {
    if (s?.visible !== undefined) out.push(`section ${s.title ?? ''}: visible when ${rule(s.visible)}`);
    for (const f of (s?.fields ?? []) as any[]) {
      const parts = ['visible', 'required', 'disabled']
        .filter((k) => f?.[k] !== undefined && typeof f[k] !== 'boolean')
        .map((k) => `${k} when ${rule(f[k])}`);
      if (parts.length) out.push(`field ${f.field}: ${parts.join('; ')}`);
    }
  }
  return out;
}
