import type { EntityDef, FieldDef, TransitionDef, WorkflowDef } from './types.js';
import { test } from '../rules/evaluate.js';

/**
 * The one meaning of `required`: a required field needs a value to save, or, with requiredOn
 * "submit", only to leave a draft; every transition out of a draft status and every submission
 * transition needs every required field filled. `requiredWhen` makes a field required so only
 * while its rule holds on the record (as it will be after the save; the form: the record overlaid
 * with its values). Read by the server's save and transition checks and by the form, so both say
 * the same.
 */

/** Whether a status is one the workflow marks as a draft. */
export function isDraftStatus(workflow: WorkflowDef | null | undefined, status: unknown): boolean {
  if (!workflow || status === null || status === undefined) return false;
  return workflow.statuses.some((s) => s.code === String(status) && s.draft === true);
}

/**
 * Whether the field is required on this record: `required`, or `requiredWhen` holding on it (a
 * rule over {record} only, so the server and the form judge it alike). Without a record, only `required`.
 */
export function isRequired(def: FieldDef, record?: Record<string, unknown> | null): boolean {
  if (def.required === true) return true;
  return (
    def.requiredWhen !== undefined && record !== undefined && record !== null && test(def.requiredWhen, { record })
  );
}

/** Whether a save of a record in this status must give the field a value (`record`: as it will be after the save). */
export function requiredToSave(def: FieldDef, draft: boolean, record?: Record<string, unknown> | null): boolean {
  if (!isRequired(def, record) || def.readOnly || def.writeOnly) return false;
  return !(draft && def.requiredOn === 'submit');
}

/** Whether a field may stay empty while the record is a draft, and must be filled to leave it. */
export function requiredOnSubmit(def: FieldDef): boolean {
  return def.required === true && def.requiredOn === 'submit' && !def.readOnly;
}

/**
 * Whether firing this transition from `from` checks every required field. Not the server's own
 * moves (actor system: a draft expiring, a topic withdrawn by a passed change request): nobody
 * hands the record on there, and an application still lacking its 活页 must expire all the same.
 */
export function checksRequired(workflow: WorkflowDef, t: TransitionDef, from: string): boolean {
  if (t.actor === 'system') return false;
  return t.submission === true || isDraftStatus(workflow, from);
}

/**
 * The fields that must be filled for this transition to fire on `record`: its own `requires`, and
 * every required field (`requiredWhen` ones whose rule holds on the record) when it leaves a draft or submits.
 */
export function fieldsToFill(
  entity: EntityDef,
  workflow: WorkflowDef,
  t: TransitionDef,
  from: string,
  record?: Record<string, unknown> | null,
): string[] {
  const out = [...(t.requires ?? [])];
  if (checksRequired(workflow, t, from))
    for (const [name, def] of Object.entries(entity.fields))
      if (isRequired(def, record) && !def.readOnly && !def.writeOnly && !out.includes(name)) out.push(name);
  return out;
}

/** Empty as a required check sees it: null, undefined, blank text or an empty list. */
export function isEmptyValue(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

/** A requireOneOf group of an entity: fields of which one must have a value, and the message when none has. */
export type OneOfGroup = NonNullable<EntityDef['requireOneOf']>[number];

/**
 * The entity's requireOneOf groups whose every field is empty in the record `valueOf` reads (the
 * record as it will be after the save): the server refuses the save with the group's message, the
 * form shows the same message at the group's fields.
 */
export function emptyOneOfGroups(
  groups: readonly OneOfGroup[] | undefined,
  valueOf: (field: string) => unknown,
): OneOfGroup[] {
  return (groups ?? []).filter((g) => g.fields.every((f) => isEmptyValue(valueOf(f))));
}
