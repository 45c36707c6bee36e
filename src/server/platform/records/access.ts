import type { AccessRule, EntityDef, RowPermissions, Scope, WorkflowDef } from '../../../shared/schema/types.js';
import { test } from '../../../shared/rules/evaluate.js';
import type { SessionUser } from '../auth/sessions.js';
import { fieldKind } from '../schemas/entityModel.js';
import { ruleToCond, type Cond } from '../schemas/ruleFilter.js';
import type { StoredRecord } from './RecordStore.js';
import { availableActions, type RuleFacts } from './transitions.js';
import { ruleRecord } from './output.js';
import { ruleContext } from './ruleContext.js';
import { planOf } from './entityPlan.js';

export type Right = 'read' | 'create' | 'update' | 'delete';

/** The entity's rules of one right that name the user's active role. Deny by default: none means no right. */
export function rulesFor(entity: EntityDef, right: Right, user: SessionUser): readonly AccessRule[] {
  // Asked twice for every row of every list: kept in the entity's plan.
  return planOf(entity).rules(right, user.roleCode);
}

export function hasRight(entity: EntityDef, right: Right, user: SessionUser): boolean {
  return rulesFor(entity, right, user).some((r) => r.scope !== 'none');
}

function scopeHolds(scope: Scope, record: StoredRecord, user: SessionUser): boolean {
  switch (scope) {
    case 'all':
      return true;
    case 'city':
      return user.areaCode !== null && user.areaCode !== '' && record.areaCode === user.areaCode;
    case 'own':
      return record.ownerId === user.userId;
    default:
      return false;
  }
}

/**
 * Whether the user holds a right on one record: a rule of their role whose scope and condition hold.
 * `shaped` is the record as rules read it, when the caller already has it (one per row, not per rule).
 */
export function allowed(
  entity: EntityDef,
  right: Right,
  record: StoredRecord,
  user: SessionUser,
  now = Date.now(),
  shaped = ruleRecord(entity, record),
): boolean {
  const ctx = ruleContext(user, shaped, now);
  return rulesFor(entity, right, user).some((r) => scopeHolds(r.scope, record, user) && test(r.when, ctx));
}

function scopeCond(scope: Scope, user: SessionUser): Cond {
  switch (scope) {
    case 'all':
      return { t: 'const', value: true };
    case 'city':
      return user.areaCode
        ? { t: 'cmp', field: 'areaCode', op: '=', value: user.areaCode }
        : { t: 'const', value: false };
    case 'own':
      return { t: 'cmp', field: 'ownerId', op: '=', value: user.userId };
    default:
      return { t: 'const', value: false };
  }
}

/**
 * The same rules as `allowed`, as one database condition, so a list holds exactly the records
 * `allowed` would grant one by one.
 */
export function scopeFilter(entity: EntityDef, right: Right, user: SessionUser, now = Date.now()): Cond {
  const ctx = ruleContext(user, undefined, now);
  delete (ctx as { record?: unknown }).record;
  return {
    t: 'or',
    items: rulesFor(entity, right, user).map((r) => ({
      t: 'and' as const,
      items: [
        scopeCond(r.scope, user),
        r.when === undefined ? { t: 'const' as const, value: true } : ruleToCond(r.when, ctx, fieldKind(entity)),
      ],
    })),
  };
}

/** What the user may do with a record they can read: the `_perm` of every row and answer. */
export function permissions(
  entity: EntityDef,
  workflow: WorkflowDef | null,
  record: StoredRecord,
  user: SessionUser,
  now = Date.now(),
  facts: RuleFacts = {},
  shaped = ruleRecord(entity, record),
): RowPermissions {
  return {
    update: allowed(entity, 'update', record, user, now, shaped),
    delete: allowed(entity, 'delete', record, user, now, shaped),
    transitions: workflow ? availableActions(workflow, entity, record, user, now, facts, shaped) : [],
  };
}
