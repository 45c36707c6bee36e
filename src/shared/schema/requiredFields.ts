import type { EntityDef, FieldDef, TransitionDef, WorkflowDef } from './types.js';

/**
 * The one meaning of `required`: a required field needs a value to save, or, with requiredOn
 * "submit", only to leave a draft; every transition out of a draft status and every submission
 * transition needs every required field filled. Read by the server's save and transition checks and
 * by the form, so both say the same.
 */

/** Whether a status is one the workflow marks as a draft. */
export function isDraftStatus(workflow: WorkflowDef | null | undefined, status: unknown): boolean {
  if (!workflow || status === null || status === undefined) return false;
  return workflow.statuses.some((s) => s.code === String(status) && s.draft === true);
}

/** Whether a save of a record in this status must give the field a value. */
export function requiredToSave(def: FieldDef, draft: boolean): boolean {
  if (!def.required || def.readOnly || def.writeOnly) return false;
  return !(draft && def.requiredOn === 'submit');
}

/** Whether a field may stay empty while the record is a draft, and must be filled to leave it. */
export function requiredOnSubmit(def: FieldDef): boolean {
  return def.required === true && def.requiredOn === 'submit' && !def.readOnly;
}

/** Whether firing this transition from `from` checks every required field. */
export function checksRequired(workflow: WorkflowDef, t: TransitionDef, from: string): boolean {
  return t.submission === true || isDraftStatus(workflow, from);
}

/** The fields that must be filled for this transition to fire: its own `requires`, and every required field when it leaves a draft or submits. */
export function fieldsToFill(entity: EntityDef, workflow: WorkflowDef, t: TransitionDef, from: string): string[] {
  const out = [...(t.requires ?? [])];
  if (checksRequired(workflow, t, from))
    for (const [name, def] of Object.entries(entity.fields))
      if (def.required && !def.readOnly && !def.writeOnly && !out.includes(name)) out.push(name);
  return out;
}

/** Empty as a required check sees it: null, undefined, blank text or an empty list. */
export function isEmptyValue(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}
