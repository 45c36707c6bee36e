import type { EntityDef, TransitionDef, WorkflowDef } from '../../../shared/schema/types.js';
import { test } from '../../../shared/rules/evaluate.js';
import { firedBy } from '../../../shared/schema/firedBy.js';
import type { SessionUser } from '../auth/sessions.js';
import type { StoredRecord } from './RecordStore.js';
import { ruleRecord } from './output.js';
import { ruleUser } from './ruleContext.js';

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
  workflow: WorkflowDef,
  entity: EntityDef,
  action: string,
  record: StoredRecord,
  user: SessionUser | null,
  now = Date.now(),
  facts: RuleFacts = {},
): TransitionDef | null {
  const from = statusOf(workflow, record);
  const ctx = { record: ruleRecord(entity, record), user: user ? ruleUser(user) : {}, now, facts };
  for (const t of workflow.transitions) {
    if (t.action === action && fits(t, from, record, user, ctx)) return t;
  }
  return null;
}

function fits(
  t: TransitionDef,
  from: string,
  record: StoredRecord,
  user: SessionUser | null,
  ctx: Parameters<typeof test>[1],
): boolean {
  if (!t.from.includes(from)) return false;
  if (user === null) {
    if (t.actor !== 'system') return false;
  } else {
    if (!firedBy(t, user.roleCode)) return false;
    if (t.actor === 'owner' && record.ownerId !== user.userId) return false;
  }
  return test(t.when, ctx);
}

/** Facts an entity's module tells the rules about other records (resources/ruleFacts.ts), read as `facts`. */
export type RuleFacts = Record<string, unknown>;

/**
 * The workflow's guard of the action when it fails for this record and user (its message for the
 * refusal), else null. Guards bind every actor but the system: jobs act on their own terms.
 */
export function failingGuard(
  workflow: WorkflowDef,
  entity: EntityDef,
  action: string,
  record: StoredRecord,
  user: SessionUser | null,
  now = Date.now(),
  facts: RuleFacts = {},
): { message: string } | null {
  const guard = workflow.guards?.[action];
  if (!guard || user === null) return null;
  return test(guard.rule, { record: ruleRecord(entity, record), user: ruleUser(user), now, facts }) ? null : guard;
}

/**
 * Actions the user may fire on the record now (for `_perm.transitions`), in workflow order (of
 * each action's first entry), without those whose guard fails. One pass over the transitions with one rule context: every list row
 * asks this, and a workflow has dozens of transitions.
 */
export function availableActions(
  workflow: WorkflowDef,
  entity: EntityDef,
  record: StoredRecord,
  user: SessionUser,
  now = Date.now(),
  facts: RuleFacts = {},
  shaped = ruleRecord(entity, record),
): string[] {
  const from = statusOf(workflow, record);
  const candidates = candidatesOf(workflow, user.roleCode, from);
  if (!candidates.length) return [];
  const ctx = { record: shaped, user: ruleUser(user), now, facts };
  const fired: string[] = [];
  for (const t of candidates) {
    if (!fired.includes(t.action) && fits(t, from, record, user, ctx)) fired.push(t.action);
  }
  const out = fired.filter((action) => {
    const guard = workflow.guards?.[action];
    return !guard || test(guard.rule, ctx);
  });
  const order = firstEntries(workflow);
  return out.length > 1 ? out.sort((a, b) => order.get(a)! - order.get(b)!) : out;
}

/**
 * The transitions a role may fire from a status, in workflow order: what availableActions tests on
 * each row instead of every transition of the workflow (the topic's has 17). Kept per workflow.
 */
function candidatesOf(workflow: WorkflowDef, roleCode: string, from: string): readonly TransitionDef[] {
  let byKey = candidates.get(workflow);
  if (!byKey) candidates.set(workflow, (byKey = new Map()));
  const key = `${roleCode}\u0000${from}`;
  let list = byKey.get(key);
  if (!list) byKey.set(key, (list = workflow.transitions.filter((t) => t.from.includes(from) && firedBy(t, roleCode))));
  return list;
}
const candidates = new WeakMap<WorkflowDef, Map<string, TransitionDef[]>>();

/** Where each action first appears in the workflow: the order of `_perm.transitions`. */
function firstEntries(workflow: WorkflowDef): Map<string, number> {
  let order = firstEntry.get(workflow);
  if (!order) {
    order = new Map();
    workflow.transitions.forEach((t, i) => {
      if (!order!.has(t.action)) order!.set(t.action, i);
    });
    firstEntry.set(workflow, order);
  }
  return order;
}
const firstEntry = new WeakMap<WorkflowDef, Map<string, number>>();
