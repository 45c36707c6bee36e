import type { EntityDef, WorkflowDef } from '../../../shared/schema/types.js';
import { evaluate } from '../../../shared/rules/evaluate.js';
import type { AppContext } from '../../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import { AppError } from '../http/AppError.js';
import { KyselyRecordStore, type RecordStore, type StoredRecord } from '../records/RecordStore.js';
import { allowed } from '../records/access.js';
import { ruleRecord } from '../records/output.js';
import { ruleUser } from '../records/ruleContext.js';
import { coerceServerValue } from '../records/fieldValues.js';
import { DictionaryValues } from '../records/dictionaries.js';
import { dictLabelsOf, fieldDiff } from '../records/fieldDiff.js';
import { fieldsToFill, isEmptyValue } from '../../../shared/schema/requiredFields.js';
import { failingGuard, pickTransition, statusOf, targetOf } from '../records/transitions.js';

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
  return entity.workflow ? (ctx.schemas.workflows.get(entity.workflow) ?? null) : null;
}

/**
 * Fires a workflow transition in one transaction: loads the record (locked on PostgreSQL) within
 * the user's read scope, checks the transition's from, roles, actor and rule, the version, then
 * writes the new status (and the fields the transition sets) with a conditional update on the
 * version and an operation-log row. Two people deciding on the same version get one transition:
 * the other is answered 409. `user` null means the server itself (system transitions).
 */
export async function fire(
  ctx: AppContext,
  input: FireInput,
  user: SessionUser | null,
  store: RecordStore = KyselyRecordStore.of(ctx.database),
): Promise<StoredRecord> {
  const entity = ctx.schemas.entities.get(input.entity);
  if (!entity)
    throw AppError.invalid([{ field: 'entity', label: 'entity', message: `unknown entity ${input.entity}` }]);
  const workflow = workflowOf(ctx, entity);
  if (!workflow || !workflow.transitions.some((t) => t.action === input.action)) {
    throw AppError.invalid([{ field: 'action', label: '操作', message: `未知的操作：${input.action}` }]);
  }
  const comment = typeof input.comment === 'string' && input.comment.trim() !== '' ? input.comment.trim() : null;
  if (comment && comment.length > 2000)
    throw AppError.invalid([{ field: 'comment', label: '意见', message: '意见不能超过2000个字符' }]);

  const labels = await dictLabelsOf(entity, new DictionaryValues(ctx, store.executor));
  let from: string | null = null;
  const done = await store.transaction(async (tx) => {
    const now = Date.now();
    const record = await tx.get(entity, input.id, { lock: true });
    if (!record || (user && !allowed(entity, 'read', record, user, now))) throw AppError.notFound();
    // What the storage leaves empty is filled before a rule or a guard tests it (Engine onRead), as a save's checks see it.
    if (ctx.engine.readsFilled(entity.name)) await ctx.engine.onRead(ctx, entity.name, record, tx.executor);
    // Stale first: whoever decided on an older version learns that, whatever the status is now.
    if (record.version !== input.version) throw AppError.conflict();
    const facts = await ctx.engine.facts(entity.name, tx, now);
    const t = pickTransition(workflow, entity, input.action, record, user, now, facts);
    if (!t) throw AppError.forbidden(workflow.messages?.notAllowed ?? WORKFLOW_MESSAGES.notAllowed);
    // The action's guard (e.g. the stage's notice open for a submit), with its own message.
    const guard = failingGuard(workflow, entity, input.action, record, user, now, facts);
    if (guard) throw AppError.forbidden(guard.message);
    if (t.comment === 'required' && !comment)
      throw AppError.invalid([
        {
          field: 'comment',
          label: '意见',
          message: workflow.messages?.commentRequired ?? WORKFLOW_MESSAGES.commentRequired,
        },
      ]);

    from = statusOf(workflow, record);
    const to = targetOf(t, from);
    // Fields the transition needs filled: its own, and every required one when it leaves a draft or submits.
    const missing = fieldsToFill(entity, workflow, t, from).filter((f) => isEmptyValue(record[f]));
    if (missing.length) {
      throw AppError.invalid(
        missing.map((f) => ({
          field: f,
          label: entity.fields[f]?.label ?? f,
          message: `${entity.fields[f]?.label ?? f}不能为空`,
        })),
      );
    }
    const next: StoredRecord = { ...record, updatedAt: now, updatedBy: user?.userId ?? null };
    next[workflow.field] = to;
    if (workflow.field !== 'status') next.status = to;
    const stage = workflow.statuses.find((s) => s.code === to)?.stage;
    if (workflow.stageField && stage !== undefined) next[workflow.stageField] = stage;
    if (t.set) {
      // `comment` lets a transition keep its comment in a field (a decline's reason).
      const ctxRule = { record: ruleRecord(entity, record), user: user ? ruleUser(user) : {}, now, comment };
      for (const [field, rule] of Object.entries(t.set))
        next[field] = coerceServerValue(entity.fields[field], evaluate(rule, ctxRule));
    }
    await ctx.engine.onTransition(ctx, { entity, user, record, next, transition: t, from, to, store: tx, now });
    const changes = fieldDiff(entity, workflow, record, next, labels);
    if (!(await tx.update(entity, next, input.version))) throw AppError.conflict();
    await tx.log({
      entity: entity.name,
      recordId: record.id,
      action: t.action,
      actionLabel: t.label,
      fromStatus: from,
      toStatus: to,
      comment,
      userId: user?.userId ?? null,
      userName: user?.realName ?? '系统',
      roleCode: user?.roleCode ?? null,
      createdAt: now,
      changes,
    });
    return { ...next, version: input.version + 1 };
  });
  await ctx.engine.afterCommit(ctx, {
    entity: entity.name,
    record: done,
    action: input.action,
    fromStatus: from,
    toStatus: statusOf(workflow, done),
    user,
  });
  return done;
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
