/**
 * A page outline as one role meets it: what the schema itself settles for that role is left out
 * (a part whose `roles` leave the role out, a condition on the role alone that is false for it, a
 * transition the workflow does not give it) and a condition it settles true is no longer shown.
 * Conditions on the record or the form stay as they are: they are decided per record.
 */
import { test } from '../rules/evaluate.js';
import type { Rule } from '../rules/Rule.js';
import { firedBy } from './firedBy.js';
import type { TransitionDef } from './types.js';

export interface OutlineView {
  /** The role code; null for a visitor (a public route). */
  roleCode: string | null;
  /** The workflow's transitions of an action (none where no workflow names it). */
  transitions?: (action: string) => TransitionDef[];
}

/** Whether a part is drawn for the view, and the condition still shown beside it. */
export interface Seen {
  shown: boolean;
  visible: unknown;
}

function varsOf(rule: unknown, into: string[]): string[] {
  if (Array.isArray(rule)) for (const r of rule) varsOf(r, into);
  else if (rule && typeof rule === 'object')
    for (const [op, arg] of Object.entries(rule)) {
      if (op === 'var') into.push(String(Array.isArray(arg) ? arg[0] : arg));
      else varsOf(arg, into);
    }
  return into;
}

/** A condition that reads nothing but the user's role is settled by the view; others are not (undefined). */
export function settledFor(rule: unknown, view: OutlineView): boolean | undefined {
  if (rule === undefined || rule === null || typeof rule !== 'object') return undefined;
  const vars = varsOf(rule, []);
  if (!vars.length || vars.some((v) => v !== 'user.roleCode')) return undefined;
  return test(rule as Rule, view.roleCode === null ? {} : { user: { roleCode: view.roleCode } });
}

/** How a page part (field, column, action, tab, section) is met by the view; everything, without one. */
export function seenBy(part: Record<string, unknown>, view: OutlineView | undefined): Seen {
  if (!view) return { shown: true, visible: part.visible };
  const roles = part.roles;
  if (Array.isArray(roles) && !roles.map(String).includes(String(view.roleCode)))
    return { shown: false, visible: undefined };
  if (part.type === 'transition' && typeof part.action === 'string') {
    const given = view.transitions?.(part.action) ?? [];
    if (given.length && !given.some((t) => firedBy(t, view.roleCode))) return { shown: false, visible: undefined };
  }
  const settled = settledFor(part.visible, view);
  if (settled === false) return { shown: false, visible: undefined };
  return { shown: true, visible: settled === true ? undefined : part.visible };
}
