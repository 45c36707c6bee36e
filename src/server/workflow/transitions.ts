import type { EntityDef, TransitionDef, WorkflowDef } from '../../shared/schema/types.js';
import { test } from '../../shared/rules/evaluate.js';
import type { SessionUser } from '../auth/sessions.js';
import type { StoredRecord } from '../resources/RecordStore.js';
import { ruleRecord } from '../resources/output.js';
import { ruleUser } from '../resources/ruleContext.js';

/** Current status of a record under a workflow. */
export function statusOf(workflow: WorkflowDef, record: StoredRecord): string {
  const v = record[workflow.field];
  return v === null || v === undefined ? '' : String(v);
}

/** Where a transition leads from a status. */
export function targetOf(t: TransitionDef, from: string): string {
  return t.toByFrom?.[from] ?? t.to;
}

/**
 * The transition an action fires on this record for this actor: the first entry with that action
 * whose from, roles, actor and when all hold; null when none does. `user` null means the system.
 * The caller has already checked that the record is readable by the user.
 */
export function pickTransition(
  workflow: WorkflowDef, entity: EntityDef, action: string, record: StoredRecord, user: SessionUser | null, now = Date.now(),
): TransitionDef | null {
  const from = statusOf(workflow, record);
  const ctx = { record: ruleRecord(entity, record), user: user ? ruleUser(user) : {}, now };
  for (const t of workflow.transitions) {
    if (t.action !== action || !t.from.includes(from)) continue;
    if (user === null) {
      if (t.actor !== 'system') continue;
    } else {
      if (t.actor === 'system' || !t.roles.includes(user.roleCode)) continue;
      if (t.actor === 'owner' && record.ownerId !== user.userId) continue;
    }
    if (!test(t.when, ctx)) continue;
    return t;
  }
  return null;
}

/** Actions the user may fire on the record now (for `_perm.transitions`), in workflow order. */
export function availableActions(workflow: WorkflowDef, entity: EntityDef, record: StoredRecord, user: SessionUser, now = Date.now()): string[] {
  const out: string[] = [];
  for (const t of workflow.transitions) {
    if (out.includes(t.action)) continue;
    if (pickTransition(workflow, entity, t.action, record, user, now)) out.push(t.action);
  }
  return out;
}
