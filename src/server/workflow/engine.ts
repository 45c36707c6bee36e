import type { EntityDef, WorkflowDef } from '../../shared/schema/types.js';
import { evaluate } from '../../shared/rules/evaluate.js';
import type { AppContext } from '../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import { AppError } from '../http/AppError.js';
import { KyselyRecordStore, type RecordStore, type StoredRecord } from '../resources/RecordStore.js';
import { allowed } from '../resources/access.js';
import { ruleRecord } from '../resources/output.js';
import { ruleUser } from '../resources/ruleContext.js';
import { coerceServerValue } from '../resources/validate.js';
import { pickTransition, statusOf, targetOf } from './transitions.js';

export const WORKFLOW_MESSAGES = {
  notAllowed: '当前状态不能执行该操作',
  commentRequired: '请填写审核意见',
} as const;

export interface FireInput {
  entity: string;
  id: number;
  action: string;
  /** Version of the record the decision was made on; a stale one is refused (409). */
  version: number;
  comment?: string | null;
}

export function workflowOf(ctx: AppContext, entity: EntityDef): WorkflowDef | null {
  return entity.workflow ? ctx.schemas.workflows.get(entity.workflow) ?? null : null;
}

/**
 * Fires a workflow transition in one transaction: loads the record (locked on PostgreSQL) within
 * the user's read scope, checks the transition's from, roles, actor and rule, the version, then
 * writes the new status (and the fields the transition sets) with a conditional update on the
 * version and an operation-log row. Two people deciding on the same version get one transition:
 * the other is answered 409. `user` null means the server itself (system transitions).
 */
export async function fire(ctx: AppContext, input: FireInput, user: SessionUser | null, store: RecordStore = KyselyRecordStore.of(ctx.database)): Promise<StoredRecord> {
  const entity = ctx.schemas.entities.get(input.entity);
  if (!entity) throw AppError.invalid([{ field: 'entity', label: 'entity', message: `unknown entity ${input.entity}` }]);
  const workflow = workflowOf(ctx, entity);
  if (!workflow || !workflow.transitions.some((t) => t.action === input.action)) {
    throw AppError.invalid([{ field: 'action', label: '操作', message: `未知的操作：${input.action}` }]);
  }
  const comment = typeof input.comment === 'string' && input.comment.trim() !== '' ? input.comment.trim() : null;
  if (comment && comment.length > 2000) throw AppError.invalid([{ field: 'comment', label: '意见', message: '意见不能超过2000个字符' }]);

  return store.transaction(async (tx) => {
    const now = Date.now();
    const record = await tx.get(entity, input.id, { lock: true });
    if (!record || (user && !allowed(entity, 'read', record, user, now))) throw AppError.notFound();
    // Stale first: whoever decided on an older version learns that, whatever the status is now.
    if (record.version !== input.version) throw AppError.conflict();
    const t = pickTransition(workflow, entity, input.action, record, user, now);
    if (!t) throw AppError.forbidden(WORKFLOW_MESSAGES.notAllowed);
    if (t.comment === 'required' && !comment) throw AppError.invalid([{ field: 'comment', label: '意见', message: WORKFLOW_MESSAGES.commentRequired }]);

    const from = statusOf(workflow, record);
    const to = targetOf(t, from);
    const next: StoredRecord = { ...record, updatedAt: now, updatedBy: user?.userId ?? null };
    next[workflow.field] = to;
    if (workflow.field !== 'status') next.status = to;
    const stage = workflow.statuses.find((s) => s.code === to)?.stage;
    if (workflow.stageField && stage !== undefined) next[workflow.stageField] = stage;
    if (t.set) {
      const ctxRule = { record: ruleRecord(entity, record), user: user ? ruleUser(user) : {}, now };
      for (const [field, rule] of Object.entries(t.set)) next[field] = coerceServerValue(entity.fields[field], evaluate(rule, ctxRule));
    }
    if (!(await tx.update(entity, next, input.version))) throw AppError.conflict();
    await tx.log({
      entity: entity.name, recordId: record.id, action: t.action, actionLabel: t.label, fromStatus: from, toStatus: to,
      comment, userId: user?.userId ?? null, userName: user?.realName ?? '系统', roleCode: user?.roleCode ?? null, createdAt: now,
    });
    return { ...next, version: input.version + 1 };
  });
}

/** For server jobs and other modules (expire, withdraw): fires a system transition on the current version. */
export async function fireAsSystem(ctx: AppContext, input: Omit<FireInput, 'version'>): Promise<StoredRecord> {
  const entity = ctx.schemas.entities.get(input.entity);
  if (!entity) throw new Error(`unknown entity ${input.entity}`);
  const store = KyselyRecordStore.of(ctx.database);
  const current = await store.get(entity, input.id);
  if (!current) throw AppError.notFound();
  return fire(ctx, { ...input, version: current.version }, null, store);
}
