import type { EntityDef, TransitionDef, WorkflowDef } from '../../../shared/schema/types.js';
import { evaluate } from '../../../shared/rules/evaluate.js';
import { fieldsToFill, isEmptyValue } from '../../../shared/schema/requiredFields.js';
import type { AppContext } from '../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import { AppError } from '../http/AppError.js';
import type { NewRecord, RecordChange } from './Engine.js';
import type { RecordStore, StoredRecord } from './RecordStore.js';
import { allowed } from './access.js';
import { DictionaryValues } from './dictionaries.js';
import { dictLabelsOf, fieldDiff } from './fieldDiff.js';
import { bindRecordFiles } from './fileBindings.js';
import { coerceServerValue } from './fieldValues.js';
import { ruleRecord } from './output.js';
import { ruleUser } from './ruleContext.js';
import { failingGuard, pickTransition, statusOf, targetOf } from './transitions.js';
import { uniqueErrors } from './uniqueRules.js';

export const WORKFLOW_MESSAGES = {
  notAllowed: '当前状态不能执行该操作',
  commentRequired: '请填写审核意见',
} as const;

/** The files a save attaches, per `files` field: bound to the record in the save's transaction. */
export type FilesByField = ReadonlyMap<string, readonly number[]>;

export interface TransitionInput {
  id: number;
  action: string;
  /** Version of the record the decision was made on; a stale one is refused (409). */
  version: number;
  comment?: string | null;
}

type Labels = Awaited<ReturnType<typeof dictLabelsOf>>;

export function workflowOf(ctx: AppContext, entity: EntityDef): WorkflowDef | null {
  return entity.workflow ? (ctx.schemas.workflows.get(entity.workflow) ?? null) : null;
}

/**
 * The one write path of records: every create, update, delete and transition of an entity's records
 * is made inside `fn` with the writer it is handed, all in one transaction: the row, its operation
 * log row, the file bindings of what it attaches, the transitions it brings about. The modules'
 * `afterCommit` hooks hear of each change once the transaction has committed, in the order made,
 * after the notice its transition declares (TransitionDef.notify) has gone out.
 * A store already inside a transaction makes the change in that one.
 */
export async function writeRecords<T>(
  ctx: AppContext,
  store: RecordStore,
  entity: EntityDef,
  fn: (w: RecordWriter) => Promise<T>,
): Promise<T> {
  // Read before the transaction opens: SQLite's one connection would wait on it from inside.
  const labels = await dictLabelsOf(entity, new DictionaryValues(ctx, store.executor));
  const changes: RecordChange[] = [];
  const out = await store.transaction((tx) => fn(new RecordWriter(ctx, tx, entity, labels, changes)));
  // Inside a caller's transaction, once that one has committed.
  await store.afterCommit(async () => {
    for (const change of changes) await ctx.engine.afterCommit(ctx, change);
  });
  return out;
}

/** The steps of the one write path, bound to a transaction (made by writeRecords only). */
export class RecordWriter {
  private readonly workflow: WorkflowDef | null;

  constructor(
    private readonly ctx: AppContext,
    readonly tx: RecordStore,
    readonly entity: EntityDef,
    private readonly labels: Labels,
    private readonly changes: RecordChange[],
  ) {
    this.workflow = workflowOf(ctx, entity);
  }

  /** A new record (checked, with its server-set fields), its log row and its files; answers it as stored. */
  async create(user: SessionUser, record: NewRecord, files: FilesByField, now: number): Promise<StoredRecord> {
    const { ctx, entity, tx } = this;
    const log = { actionLabel: '新增', comment: null as string | null };
    await ctx.engine.inSave(ctx, { entity, user, existing: null, next: record, store: tx, now, log });
    const clash = await uniqueErrors(tx, entity, null, record, now);
    if (clash.length) throw AppError.invalid(clash);
    const changes = fieldDiff(entity, this.workflow, null, record, this.labels);
    const inserter = ctx.engine.inserter(entity.name);
    const id = await tx.insert(entity, record, inserter && ((db) => inserter(ctx, { record, db })));
    await this.logRow(user, id, 'create', log, null, record.status as string | null, now, changes);
    await this.bind(id, files, now);
    return this.done({ ...record, id, version: 1 } as StoredRecord, 'create', user);
  }

  /** The record's new values if it is still at `version`, its log row and its files; answers it as stored. */
  async update(
    user: SessionUser,
    existing: StoredRecord,
    next: StoredRecord,
    version: number,
    files: FilesByField,
    now: number,
  ): Promise<StoredRecord> {
    const { ctx, entity, tx } = this;
    const log = { actionLabel: '修改', comment: null as string | null };
    await ctx.engine.inSave(ctx, { entity, user, existing, next, store: tx, now, log });
    const clash = await uniqueErrors(tx, entity, existing, next, now);
    if (clash.length) throw AppError.invalid(clash);
    const changes = fieldDiff(entity, this.workflow, existing, next, this.labels);
    if (!(await tx.update(entity, next, version))) throw AppError.conflict();
    await this.logRow(user, next.id, 'update', log, existing.status, existing.status, now, changes);
    await this.bind(next.id, files, now);
    return this.done({ ...next, version: version + 1 }, 'update', user);
  }

  /** Deletes a record the user may read and delete (locked on PostgreSQL), with its log row. */
  async remove(user: SessionUser, id: number, now: number): Promise<void> {
    const { ctx, entity, tx } = this;
    const rec = await tx.get(entity, id, { lock: true });
    if (!rec || !allowed(entity, 'read', rec, user, now)) throw AppError.notFound();
    await ctx.engine.inDelete(ctx, { entity, user, record: rec, store: tx, now });
    if (!allowed(entity, 'delete', rec, user, now)) throw AppError.forbidden();
    await tx.delete(entity, id);
    await this.logRow(user, id, 'delete', { actionLabel: '删除', comment: null }, rec.status, null, now);
  }

  /**
   * Fires a workflow transition: loads the record (locked on PostgreSQL) within the user's read
   * scope, checks the version, the transition's from, roles, actor, rule and guard, its comment and
   * the fields it needs filled, then writes the new status (and the fields it sets) with a
   * conditional update on the version and a log row. `user` null means the server itself.
   */
  async transition(user: SessionUser | null, input: TransitionInput, now: number): Promise<StoredRecord> {
    const record = await this.locked(user, input.id, now);
    // Stale first: whoever decided on an older version learns that, whatever the status is now.
    if (record.version !== input.version) throw AppError.conflict();
    const comment = commentOf(input.comment);
    const plan = await this.plan(user, record, input.action, comment, now);
    if (plan instanceof AppError) throw plan;
    return this.move(user, record, plan, comment, now);
  }

  /**
   * The transition a save brings about (TransitionDef.onSave): the first onSave transition that now
   * holds for the user and leads to another status fires, as if they had pressed its button, so
   * "choose the experts, 保存" routes a waiting question. The save stands without it when none holds.
   */
  async transitionOnSave(user: SessionUser, saved: StoredRecord, now: number): Promise<StoredRecord | null> {
    const candidates = this.workflow?.transitions.filter((t) => t.onSave) ?? [];
    if (!this.workflow || !candidates.length) return null;
    const record = await this.locked(user, saved.id, now);
    const from = statusOf(this.workflow, record);
    for (const t of candidates) {
      if (!t.from.includes(from) || targetOf(t, from) === from) continue;
      const plan = await this.plan(user, record, t.action, null, now);
      if (!(plan instanceof AppError) && plan.t === t) return this.move(user, record, plan, null, now);
    }
    return null;
  }

  private async locked(user: SessionUser | null, id: number, now: number): Promise<StoredRecord> {
    const { ctx, entity, tx } = this;
    const record = await tx.get(entity, id, { lock: true });
    if (!record || (user && !allowed(entity, 'read', record, user, now))) throw AppError.notFound();
    // What the storage leaves empty is filled before a rule or a guard tests it (Engine onRead), as a save's checks see it.
    if (ctx.engine.readsFilled(entity.name)) await ctx.engine.onRead(ctx, entity.name, [record], tx.executor);
    return record;
  }

  /** The transition the action fires on the record now and where it leads, or the refusal (nothing written). */
  private async plan(
    user: SessionUser | null,
    record: StoredRecord,
    action: string,
    comment: string | null,
    now: number,
  ): Promise<{ t: TransitionDef; from: string; to: string } | AppError> {
    const { entity } = this;
    const workflow = this.workflow;
    if (!workflow || !workflow.transitions.some((t) => t.action === action))
      return AppError.invalid([{ field: 'action', label: '操作', message: `未知的操作：${action}` }]);
    const facts = await this.ctx.engine.facts(entity.name, this.tx, now);
    const t = pickTransition(workflow, entity, action, record, user, now, facts);
    if (!t) return AppError.forbidden(workflow.messages?.notAllowed ?? WORKFLOW_MESSAGES.notAllowed);
    // The action's guard (e.g. the stage's notice open for a submit), with its own message.
    const guard = failingGuard(workflow, entity, action, record, user, now, facts);
    if (guard) return AppError.forbidden(guard.message);
    if (t.comment === 'required' && !comment) {
      const message = workflow.messages?.commentRequired ?? WORKFLOW_MESSAGES.commentRequired;
      return AppError.invalid([{ field: 'comment', label: '意见', message }]);
    }
    const from = statusOf(workflow, record);
    // Fields the transition needs filled: its own, and every required one when it leaves a draft or submits.
    const missing = fieldsToFill(entity, workflow, t, from, record).filter((f) => isEmptyValue(record[f]));
    if (missing.length) {
      const label = (f: string) => entity.fields[f]?.label ?? f;
      return AppError.invalid(missing.map((f) => ({ field: f, label: label(f), message: `${label(f)}不能为空` })));
    }
    return { t, from, to: targetOf(t, from) };
  }

  private async move(
    user: SessionUser | null,
    record: StoredRecord,
    { t, from, to }: { t: TransitionDef; from: string; to: string },
    comment: string | null,
    now: number,
  ): Promise<StoredRecord> {
    const { ctx, entity, tx } = this;
    const workflow = this.workflow!;
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
    const changes = fieldDiff(entity, workflow, record, next, this.labels);
    if (!(await tx.update(entity, next, record.version))) throw AppError.conflict();
    await this.logRow(user, record.id, t.action, { actionLabel: t.label, comment }, from, to, now, changes);
    const done = { ...next, version: record.version + 1 };
    this.changes.push({
      entity: entity.name,
      record: done,
      action: t.action,
      fromStatus: from,
      toStatus: to,
      user,
      comment,
      transition: t,
    });
    return done;
  }

  private async bind(id: number, files: FilesByField, now: number): Promise<void> {
    for (const [field, ids] of files) await bindRecordFiles(this.tx.executor, this.entity.name, field, id, ids, now);
  }

  /** A saved record as the rest of the call sees it: write-only values were for the save's hooks alone. */
  private done(saved: StoredRecord, action: 'create' | 'update', user: SessionUser): StoredRecord {
    for (const [f, def] of Object.entries(this.entity.fields)) if (def.writeOnly) delete saved[f];
    const status = saved.status;
    this.changes.push({ entity: this.entity.name, record: saved, action, fromStatus: status, toStatus: status, user });
    return saved;
  }

  private logRow(
    user: SessionUser | null,
    recordId: number,
    action: string,
    log: { actionLabel: string; comment: string | null },
    fromStatus: string | null,
    toStatus: string | null,
    now: number,
    changes?: ReturnType<typeof fieldDiff>,
  ): Promise<void> {
    return this.tx.log({
      entity: this.entity.name,
      recordId,
      action,
      actionLabel: log.actionLabel,
      fromStatus,
      toStatus,
      comment: log.comment,
      userId: user?.userId ?? null,
      userName: user ? user.realName : '系统',
      roleCode: user?.roleCode ?? null,
      createdAt: now,
      changes,
    });
  }
}

/** A comment as kept: trimmed, none when blank; over 2000 characters is refused. */
export function commentOf(raw: unknown): string | null {
  const comment = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null;
  if (comment && comment.length > 2000)
    throw AppError.invalid([{ field: 'comment', label: '意见', message: '意见不能超过2000个字符' }]);
  return comment;
}
