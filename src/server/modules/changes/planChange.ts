import { sameValue } from '../../platform/records/fieldDiff.js';
import { kindsOf, newField, oldField, type ChangeKinds } from './changeKinds.js';

export { sameValue };

/** One field a passed request changes on its target. */
export interface FieldChange {
  field: string;
  label: string;
  before: unknown;
  after: unknown;
}

export interface ChangePlan {
  /** Target fields to write. */
  set: Record<string, unknown>;
  /** What changes, in kind order; fields whose value stays the same are left out. */
  diff: FieldChange[];
  /** System transitions to fire on the target afterwards (e.g. withdraw for a stop). */
  transitions: string[];
}

/** What applying `request` does to `target` as it is now (its current values are the "before"). */
export function planChange(
  kinds: ChangeKinds,
  request: Record<string, unknown>,
  target: Record<string, unknown>,
): ChangePlan {
  const plan: ChangePlan = { set: {}, diff: [], transitions: [] };
  for (const kind of kindsOf(kinds, request)) {
    for (const f of kind.fields) {
      const after = request[newField(f)] ?? null;
      if (sameValue(target[f], after) || f in plan.set) continue;
      plan.set[f] = after;
      plan.diff.push({ field: f, label: kinds.target.fields[f].label, before: target[f] ?? null, after });
    }
    if (kind.transition && !plan.transitions.includes(kind.transition)) plan.transitions.push(kind.transition);
  }
  return plan;
}

/** The request's old<Field> values taken from the target now, for the kinds it asks for (others cleared). */
export function snapshotOld(
  kinds: ChangeKinds,
  request: Record<string, unknown>,
  target: Record<string, unknown>,
): Record<string, unknown> {
  const asked = new Set(kindsOf(kinds, request).flatMap((k) => k.fields));
  const out: Record<string, unknown> = {};
  for (const kind of kinds.kinds.values()) {
    for (const f of kind.fields) {
      out[oldField(f)] = asked.has(f) ? (target[f] ?? null) : null;
      if (!asked.has(f)) out[newField(f)] = null;
    }
  }
  return out;
}
