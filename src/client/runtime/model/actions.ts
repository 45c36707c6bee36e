/**
 * The action engine's decisions, without React: what an ActionDef is called, whether it shows for a
 * row, what it asks before it runs. A button shows only when the schema's `visible` rule holds AND
 * the server's row `_perm` allows it; the server refuses anyway, this only keeps the page honest.
 */
import { test } from '../../../shared/rules/evaluate.js';
import { ROW_VAR, ruleRecordFields } from '../../../shared/rules/ruleRecordFields.js';
import { firedBy } from '../../../shared/schema/firedBy.js';
import type { ActionDef, PickDef, ResourceRecord, TransitionDef, WorkflowDef } from '../../../shared/schema/types.js';
import { ruleContext, type RuleInputs } from './ruleContext.js';

export type CommentMode = 'none' | 'optional' | 'required';

export interface ResolvedAction {
  key: string;
  type: ActionDef['type'];
  label: string;
  /** Link target template (placeholders not yet filled). */
  to?: string;
  /** Links: the record is picked in a dialog first. */
  pick?: PickDef;
  /** Links: the antd icon the page gives the button. */
  icon?: string;
  /** Download actions: API path template (placeholders not yet filled). */
  url?: string;
  method?: 'GET' | 'POST';
  /** Text of a confirm dialog, when the action asks first. */
  confirm?: string;
  /** Transition actions: whether a comment is asked for. */
  comment: CommentMode;
  /** Transition action name. */
  action?: string;
  primary: boolean;
  danger: boolean;
  /** Row actions: placed before the others, so the row's awaited action is not folded into 更多. */
  inline?: boolean;
  /** Export actions: csv only where the page asks for it; xlsx otherwise. */
  format?: 'xlsx' | 'csv';
}

export const DEFAULT_LABELS = { delete: '删除', export: '导出', import: '导入' } as const;
export const DEFAULT_DELETE_CONFIRM = '确定要删除吗？';

export function findTransition(workflow: WorkflowDef | null | undefined, action: string): TransitionDef | undefined {
  return workflow?.transitions.find((t) => t.action === action);
}

export function resolveAction(def: ActionDef, workflow: WorkflowDef | null | undefined, index = 0): ResolvedAction {
  switch (def.type) {
    case 'link':
      return {
        key: `link:${index}:${def.to}`,
        type: 'link',
        label: def.label,
        to: def.to,
        comment: 'none',
        primary: Boolean(def.primary),
        danger: false,
        ...(def.inline ? { inline: true } : {}),
        ...(def.pick ? { pick: def.pick } : {}),
        ...(def.icon ? { icon: def.icon } : {}),
      };
    case 'transition': {
      const t = findTransition(workflow, def.action);
      const comment: CommentMode =
        def.comment === true
          ? t?.comment === 'required'
            ? 'required'
            : 'optional'
          : def.comment === false
            ? 'none'
            : (t?.comment ?? 'none');
      return {
        key: `transition:${def.action}`,
        type: 'transition',
        action: def.action,
        label: def.label ?? t?.label ?? def.action,
        confirm: def.confirm ?? t?.confirm,
        comment,
        primary: false,
        danger: false,
        ...(def.inline ? { inline: true } : {}),
      };
    }
    case 'delete':
      return {
        key: `delete:${index}`,
        type: 'delete',
        label: def.label ?? DEFAULT_LABELS.delete,
        confirm: def.confirm ?? DEFAULT_DELETE_CONFIRM,
        comment: 'none',
        primary: false,
        danger: true,
      };
    case 'export':
      return {
        key: `export:${index}`,
        type: 'export',
        label: def.label ?? DEFAULT_LABELS.export,
        comment: 'none',
        primary: false,
        danger: false,
        ...(def.format === 'csv' ? { format: 'csv' as const } : {}),
      };
    case 'import':
      return {
        key: `import:${index}`,
        type: 'import',
        label: def.label ?? DEFAULT_LABELS.import,
        comment: 'none',
        primary: false,
        danger: false,
      };
    case 'download':
      return {
        key: `download:${index}`,
        type: 'download',
        label: def.label,
        url: def.url,
        method: def.method,
        comment: 'none',
        primary: false,
        danger: false,
      };
  }
}

/** Whether the server's row permissions allow the action (true when the action needs none). */
export function permitted(def: ActionDef, row: ResourceRecord | null | undefined): boolean {
  if (!row) return true;
  const perm = row._perm;
  switch (def.type) {
    case 'delete':
      return perm ? perm.delete : false;
    case 'transition':
      return perm ? perm.transitions.includes(def.action) : false;
    case 'link':
      return def.perm ? Boolean(perm?.[def.perm]) : true;
    case 'export':
    case 'import':
    case 'download':
      return true;
  }
}

/** A row action shows when its rule holds for the row and the server allows it on that row. */
export function isActionVisible(def: ActionDef, inputs: RuleInputs & { record?: ResourceRecord | null }): boolean {
  if (!permitted(def, inputs.record)) return false;
  return test(def.visible, ruleContext(inputs));
}

/** Visible actions of a list, in schema order, resolved for rendering. */
export function visibleActions(
  defs: ActionDef[] | undefined,
  workflow: WorkflowDef | null | undefined,
  inputs: RuleInputs & { record?: ResourceRecord | null },
): ResolvedAction[] {
  return (defs ?? []).flatMap((def, i) => (isActionVisible(def, inputs) ? [resolveAction(def, workflow, i)] : []));
}

/** A row's actions in the order its buttons take: those marked `inline` first, each group in schema order. */
export function rowActionOrder(actions: ResolvedAction[]): ResolvedAction[] {
  return [...actions.filter((a) => a.inline), ...actions.filter((a) => !a.inline)];
}

/**
 * Whether a list offers a batch action to this user at all: a transition only to the roles the
 * workflow lets fire it, and any action only while its `visible` rule holds for the user, when the
 * rule reads nothing of a row (one that does decides per selected row: rowsAllowing). A leader's
 * topic list showed the city's and the province's 批量通过 and 批量退回, always disabled.
 */
export function batchActionOffered(
  def: ActionDef,
  workflow: WorkflowDef | null | undefined,
  inputs: RuleInputs,
): boolean {
  if (def.type === 'transition') {
    const t = findTransition(workflow, def.action);
    if (!t || !firedBy(t, inputs.user?.roleCode)) return false;
  }
  if (def.visible === undefined || ruleRecordFields(def.visible, new Set(), ROW_VAR).size) return true;
  return test(def.visible, ruleContext({ ...inputs, record: null, form: null }));
}

/**
 * A batch action applies to rows that each allow it; the button is enabled when at least one
 * selected row does, and runs on those rows only.
 */
export function rowsAllowing(def: ActionDef, rows: ResourceRecord[], inputs: RuleInputs): ResourceRecord[] {
  return rows.filter((row) => isActionVisible(def, { ...inputs, record: row, form: row }));
}
