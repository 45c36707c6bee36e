/**
 * What a form still lacks before its submit can go through, per step: headless, from the schemas
 * alone. A field is asked for when the page or entity makes it required (a rule over the form's
 * values included) or the submit transition that applies to the record `requires` it; a filled
 * field is checked against its entity rules (pattern, length, bounds, rows). Hidden fields (a
 * `visible` rule that fails) are left out, as the form leaves them out.
 */
import { test } from '../../../shared/rules/evaluate.js';
import type { RuleContext } from '../../../shared/rules/evaluate.js';
import { rowErrors } from '../../../shared/rowChecks.js';
import type {
  EntityDef,
  FieldDef,
  FormFieldDef,
  FormPageDef,
  SectionDef,
  WorkflowDef,
} from '../../../shared/schema/types.js';
import { defaultWidget } from './fieldWidgets.js';
import { formatMessage, requiredMessage } from './fieldMessages.js';
import { isRequired } from '../../../shared/schema/requiredFields.js';

export interface GuidanceItem {
  field: string;
  label: string;
  /** What is wrong, in the words the field's own message uses (请输入课题名称, 手机号格式不正确). */
  message: string;
}

export interface GuidanceStep {
  /** The step's title, or null for a form without steps. */
  title: string | null;
  items: GuidanceItem[];
}

/** The same emptiness the workflow engine refuses a `requires` field for. */
export function isEmpty(v: unknown): boolean {
  return (
    v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0)
  );
}

/** Fields the page's submit transition requires from the record's status (the workflow's initial for a new record). */
export function submitRequires(
  page: FormPageDef,
  workflow: WorkflowDef | null | undefined,
  status: unknown,
): Set<string> {
  const action = page.submitAction?.action;
  if (!action || !workflow) return new Set();
  const from = status === null || status === undefined || status === '' ? workflow.initial : String(status);
  const t = workflow.transitions.find((tr) => tr.action === action && tr.from.map(String).includes(from));
  return new Set(t?.requires ?? []);
}

/** The complaint a filled value gets from its entity rules, else null. */
export function ruleMessage(def: FieldDef, label: string, value: unknown): string | null {
  if (typeof value === 'string') {
    if (def.pattern && !new RegExp(def.pattern).test(value)) return formatMessage(def, label);
    if (def.maxLength !== undefined && value.length > def.maxLength) return `${label}不能超过${def.maxLength}个字符`;
    if (def.minLength !== undefined && value.length < def.minLength) return `${label}不能少于${def.minLength}个字符`;
  }
  if (typeof value === 'number') {
    if (def.minimum !== undefined && value < def.minimum) return `${label}不能小于${def.minimum}`;
    if (def.maximum !== undefined && value > def.maximum) return `${label}不能大于${def.maximum}`;
  }
  if (def.rows) return rowErrors('', { label, rows: def.rows }, value)[0]?.message ?? null;
  return null;
}

function fieldItem(
  entity: EntityDef,
  f: FormFieldDef,
  ctx: RuleContext,
  values: Record<string, unknown>,
  requires: Set<string>,
): GuidanceItem | null {
  const def = entity.fields[f.field];
  if (!def || def.readOnly || f.readOnly) return null;
  if (f.visible !== undefined && !test(f.visible, ctx)) return null;
  const label = f.label ?? def.label;
  const value = values[f.field];
  // The entity's requiredWhen is judged on the record as a save would leave it, as the server does.
  const record = { ...(ctx.record as Record<string, unknown>), ...values };
  const required =
    requires.has(f.field) ||
    (f.required !== undefined ? test(f.required, ctx) : Boolean(def.required)) ||
    (def.requiredWhen !== undefined && isRequired(def, record));
  if (isEmpty(value)) {
    if (!required) return null;
    return { field: f.field, label, message: requiredMessage(label, f.widget ?? defaultWidget(def, 'edit')) };
  }
  const message = ruleMessage(def, label, value);
  return message ? { field: f.field, label, message } : null;
}

function sectionItems(
  entity: EntityDef,
  sections: SectionDef[],
  ctx: RuleContext,
  values: Record<string, unknown>,
  requires: Set<string>,
): GuidanceItem[] {
  const out: GuidanceItem[] = [];
  for (const section of sections) {
    if (section.visible !== undefined && !test(section.visible, ctx)) continue;
    for (const f of section.fields) {
      const item = fieldItem(entity, f, ctx, values, requires);
      if (item) out.push(item);
    }
  }
  return out;
}

export interface GuidanceInputs {
  page: FormPageDef;
  entity: EntityDef;
  workflow?: WorkflowDef | null;
  /** The form's current values. */
  values: Record<string, unknown>;
  /** The rule context of the page ({record, form, user, query, now}), `form` being `values`. */
  ctx: RuleContext;
  /** The record's workflow status (absent for a new record). */
  status?: unknown;
}

/** What is still missing, step by step (one unnamed step for a form without steps). */
export function guidance({ page, entity, workflow, values, ctx, status }: GuidanceInputs): GuidanceStep[] {
  const requires = submitRequires(page, workflow, status);
  if (page.steps?.length)
    return page.steps.map((s) => ({ title: s.title, items: sectionItems(entity, s.sections, ctx, values, requires) }));
  const sections = page.sections?.length
    ? page.sections
    : [{ fields: Object.keys(entity.fields).map((field) => ({ field })) }];
  return [{ title: null, items: sectionItems(entity, sections, ctx, values, requires) }];
}

/** Every missing item of every step, in page order. */
export function missingItems(steps: GuidanceStep[]): GuidanceItem[] {
  return steps.flatMap((s) => s.items);
}
