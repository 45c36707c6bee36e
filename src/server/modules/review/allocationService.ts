import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import { allowed, scopeFilter } from '../../platform/records/access.js';
import type { StoredRecord } from '../../platform/records/RecordStore.js';
import { notify } from '../../platform/notifications/notify.js';
import { fire } from '../../platform/workflow/engine.js';
import { allocate } from './allocate.js';
import { RULE_LABELS, pairConflicts, targetViolations, type AllocExpert, type AllocRules } from './conflicts.js';
import {
  entityOf,
  listAll,
  loadBatch,
  parseId,
  reviewsOfBatch,
  stageStatuses,
  storeOf,
  taskStatuses,
  type BatchContext,
} from './reviewData.js';
import { toAllocExpert, toReviewTarget } from './targetMapping.js';
import { attachDeclared } from './declaredConflicts.js';
import { entryRefusal, heldElsewhere, LEFT_STATUSES } from './batchEntry.js';
import { withdrawnChanges } from './closedTask.js';
import { recordIdentityScan } from './identityScan.js';
import type { AnswerOf } from '../../../shared/contracts/contract.js';
import type { Candidates, IdentityScan, reviewCalls } from '../../../shared/contracts/review.js';

export { LEFT_STATUSES };
const active = (r: StoredRecord) => !LEFT_STATUSES.includes(String(r.status));

/**
 * The experts as the allocator sees them: with the conflicts they declared in any batch, and in
 * this batch also the records they left by declining (never handed back to them).
 */
export async function allocExpertsOf(
  ctx: AppContext,
  bc: BatchContext,
  experts: StoredRecord[],
  reviews: StoredRecord[],
): Promise<AllocExpert[]> {
  const out = await attachDeclared(ctx, experts.map(toAllocExpert), bc.mapping.entity);
  const byId = new Map(out.map((e) => [e.id, e]));
  for (const r of reviews)
    if (!active(r)) byId.get(Number(r.expertId))?.declared?.push({ targetId: Number(r.targetId) });
  return out;
}

function rulesOf(bc: BatchContext): AllocRules {
  return { perTarget: Number(bc.batch.expertsPerTopic ?? 3), outOfArea: bc.batch.outOfArea === true };
}

export async function enabledExperts(ctx: AppContext): Promise<StoredRecord[]> {
  const rows = await listAll(storeOf(ctx), entityOf(ctx, 'expert'), {
    t: 'cmp',
    field: 'enabled',
    op: '=',
    value: true,
  });
  return rows.filter((r) => r.userId !== null && r.userId !== undefined);
}

/** Records of the batch's stage the user may pick: waiting in review or at city, in the user's read scope. */
async function pickableTargets(ctx: AppContext, user: SessionUser, bc: BatchContext): Promise<StoredRecord[]> {
  const s = stageStatuses(bc);
  return listAll(
    storeOf(ctx),
    bc.targetEntity,
    {
      t: 'and',
      items: [scopeFilter(bc.targetEntity, 'read', user), { t: 'in', field: 'status', values: [s.waiting, s.atCity] }],
    },
    1000,
  );
}

/** The allocation page's data: pickable records with their experts and conflicts, and the expert library with loads. */
export async function candidates(
  ctx: AppContext,
  user: SessionUser,
  body: Record<string, unknown>,
): Promise<Candidates> {
  const bc = await loadBatch(ctx, user, body.batchId, 'read');
  const rules = rulesOf(bc);
  const [targets, experts, reviews] = await Promise.all([
    pickableTargets(ctx, user, bc),
    enabledExperts(ctx),
    reviewsOfBatch(ctx, bc.batch.id),
  ]);
  const allocExperts = await allocExpertsOf(ctx, bc, experts, reviews);
  const load = new Map<number, number>();
  for (const r of reviews) load.set(Number(r.expertId), (load.get(Number(r.expertId)) ?? 0) + 1);
  const ids = new Set(targets.map((t) => t.id));
  const held = await heldElsewhere(ctx, bc, [...ids]);
  // Before allocating a blind batch, each record's identity-free files are read again for its people.
  const identity = new Map<number, IdentityScan>();
  if (bc.batch.blind === true)
    for (const rec of targets) {
      const scan = await recordIdentityScan(ctx, bc.targetEntity.name, rec);
      if (scan) identity.set(rec.id, scan);
    }
  return {
    batch: {
      id: bc.batch.id,
      name: bc.batch.name as string,
      status: bc.batch.status as string,
      expertsPerTopic: rules.perTarget,
      outOfArea: rules.outOfArea,
      blind: bc.batch.blind === true,
    },
    targets: targets.map((rec) => {
      const t = toReviewTarget(bc.mapping, rec);
      const assigned = reviews.filter((r) => r.targetId === rec.id && active(r));
      return {
        id: rec.id,
        name: t.name,
        unit: t.unit,
        areaCode: t.areaCode,
        subject: t.subject,
        status: rec.status as string,
        waiting: rec.status === stageStatuses(bc).waiting,
        refused:
          entryRefusal(
            ctx,
            user,
            bc,
            rec,
            held.get(rec.id),
            reviews.some((r) => Number(r.targetId) === rec.id),
          ) ?? undefined,
        assigned: assigned.map((r) => ({
          reviewId: r.id,
          expertId: r.expertId as number,
          expertName: r.expertName as string,
          status: r.status as string,
        })),
        conflicts: allocExperts
          .map((e) => ({ expertId: e.id, rules: pairConflicts(e, t, rules) }))
          .filter((c) => c.rules.length > 0)
          .map((c) => ({ expertId: c.expertId, reasons: c.rules.map((r) => RULE_LABELS[r]) })),
        identity: identity.get(rec.id),
      };
    }),
    // Records allocated in this batch that have left the pickable statuses (e.g. reviewed already).
    others: reviews.filter((r) => !ids.has(Number(r.targetId))).length,
    statuses: taskStatuses(ctx),
    experts: experts.map((e, i) => ({
      id: e.id,
      name: e.name as string,
      unit: e.unit as string | null,
      area: e.area as string | null,
      subject: e.subject as string | null,
      title: e.title as string | null,
      load: load.get(e.id) ?? 0,
      subjects: allocExperts[i]!.subjects,
    })),
  };
}

function idList(v: unknown, field: string, label: string): number[] {
  if (!Array.isArray(v) || v.length === 0 || v.length > 1000)
    throw AppError.invalid([{ field, label, message: `请选择${label}` }]);
  return [...new Set(v.map((x) => parseId(x, field, label)))];
}

/**
 * Allocates experts to records of a batch, automatically (the min-cost-flow allocator) or by hand
 * (pairs checked against the same hard rules; a conflict is refused, never overridden). Writes the
 * review tasks, fires each record's send-to-review transition through the workflow engine, starts
 * the batch and tells the experts.
 */
export async function allocateExperts(
  ctx: AppContext,
  user: SessionUser,
  body: Record<string, unknown>,
): Promise<AnswerOf<typeof reviewCalls.allocate>> {
  const bc = await loadBatch(ctx, user, body.batchId, 'update');
  const rules = rulesOf(bc);
  const s = stageStatuses(bc);
  // What the batch reviews (课题, 成果), named in every message.
  const label = bc.mapping.label;
  const targetIds = idList(body.targetIds, 'targetIds', label);
  const store = storeOf(ctx);
  const recs: StoredRecord[] = [];
  for (const id of targetIds) {
    const rec = await store.get(bc.targetEntity, id);
    if (!rec || !allowed(bc.targetEntity, 'read', rec, user)) throw AppError.notFound();
    recs.push(rec);
  }
  const reviews = await reviewsOfBatch(ctx, bc.batch.id);
  // Every record that may not enter the batch is named with its reason, before anything is written.
  const held = await heldElsewhere(ctx, bc, targetIds);
  const refused = recs.flatMap((rec) => {
    const why = entryRefusal(
      ctx,
      user,
      bc,
      rec,
      held.get(rec.id),
      reviews.some((r) => Number(r.targetId) === rec.id),
    );
    return why ? [`${label}「${String(rec[bc.mapping.nameField] ?? rec.id)}」${why}`] : [];
  });
  if (refused.length)
    throw new AppError(`不能分配：${refused.join('；')}`, 400, 400, {
      errors: [{ field: 'targetIds', label, message: refused.join('；') }],
    });
  const expertRecs = await enabledExperts(ctx);
  const expertById = new Map(expertRecs.map((e) => [e.id, e]));
  const allocExperts = await allocExpertsOf(ctx, bc, expertRecs, reviews);
  const allocById = new Map(allocExperts.map((e) => [e.id, e]));
  const targets = recs.map((r) => toReviewTarget(bc.mapping, r));
  const existing = reviews
    .filter((r) => targetIds.includes(Number(r.targetId)) && active(r))
    .map((r) => ({ targetId: Number(r.targetId), expertId: Number(r.expertId) }));

  let pairs: Array<{ targetId: number; expertId: number }>;
  if (body.mode === 'auto') {
    const res = allocate({ targets, experts: allocExperts, rules, existing });
    if (!res.ok)
      throw new AppError(res.message, 400, 400, { rule: res.rule, targetId: res.targetId, expertId: res.expertId });
    pairs = res.assignments.map((a) => ({ targetId: a.targetId, expertId: a.expertId }));
  } else if (body.mode === 'manual') {
    if (!Array.isArray(body.pairs) || body.pairs.length === 0 || body.pairs.length > 5000)
      throw AppError.invalid([{ field: 'pairs', label: '专家', message: '请选择专家' }]);
    pairs = body.pairs.map((p) => {
      const o = (p && typeof p === 'object' ? p : {}) as Record<string, unknown>;
      const targetId = parseId(o.targetId, 'targetId', label);
      const expertId = parseId(o.expertId, 'expertId', '专家');
      if (!targetIds.includes(targetId))
        throw AppError.invalid([{ field: 'pairs', label: '专家', message: `所选${label}不一致` }]);
      if (!allocById.has(expertId))
        throw AppError.invalid([{ field: 'pairs', label: '专家', message: '专家不存在或未启用' }]);
      return { targetId, expertId };
    });
    for (const t of targets) {
      const ids = [...new Set([...existing, ...pairs].filter((p) => p.targetId === t.id).map((p) => p.expertId))];
      if (
        existing.some((p) => p.targetId === t.id && pairs.some((q) => q.targetId === t.id && q.expertId === p.expertId))
      ) {
        throw AppError.invalid([{ field: 'pairs', label: '专家', message: `${label}「${t.name}」已分配该专家` }]);
      }
      if (ids.length > rules.perTarget)
        throw AppError.invalid([
          { field: 'pairs', label: '专家', message: `${label}「${t.name}」的专家不能多于${rules.perTarget}人` },
        ]);
      const v = targetViolations(
        t,
        ids.map((id) => allocById.get(id)!),
        rules,
      );
      if (v.length) {
        const e = allocById.get(v[0]!.expertId)!;
        throw new AppError(`专家「${e.name}」不能评审${label}「${t.name}」：${RULE_LABELS[v[0]!.rule]}`, 400, 400, {
          rule: v[0]!.rule,
          targetId: t.id,
          expertId: e.id,
        });
      }
    }
  } else {
    throw AppError.invalid([{ field: 'mode', label: '分配方式', message: '分配方式不正确' }]);
  }
  // Nothing left to allocate (another caller got there first, or the records are full): not a success.
  if (pairs.length === 0) throw AppError.conflict(`所选${label}已分配足够的专家，无需再分配`);

  const reviewEntity = entityOf(ctx, 'review');
  const batchEntity = entityOf(ctx, 'reviewBatch');
  const now = Date.now();
  const targetById = new Map(recs.map((r) => [r.id, r]));
  await store.transaction(async (tx) => {
    // One allocation of a batch at a time: the batch row is locked (PostgreSQL; SQLite transactions
    // run one at a time), then the batch's tasks are read again. Any change since they were read
    // above means the pairs were planned on stale data: refused, so only one caller is told 成功.
    await tx.get(batchEntity, bc.batch.id, { lock: true });
    const now2 = await reviewsOfBatch(ctx, bc.batch.id, tx);
    if (now2.length !== reviews.length || now2.some((r, i) => r.id !== reviews[i]!.id))
      throw AppError.conflict('评审分配已被他人修改，请刷新后重试');
    for (const p of pairs) {
      const t = targetById.get(p.targetId)!;
      const e = expertById.get(p.expertId)!;
      const record = {
        status: '0',
        ownerId: user.userId,
        areaCode: t.areaCode,
        createdAt: now,
        updatedAt: now,
        createdBy: user.userId,
        updatedBy: user.userId,
        batchId: bc.batch.id,
        batchName: bc.batch.name,
        stage: bc.batch.stage,
        targetEntity: bc.mapping.entity,
        targetId: t.id,
        targetName: t[bc.mapping.nameField] ?? null,
        expertId: e.id,
        expertUserId: e.userId,
        expertName: e.name,
        scores: null,
        total: null,
        recommendation: null,
        comment: null,
        endTime: bc.batch.endTime,
        submittedAt: null,
      };
      const id = await tx.insert(reviewEntity, record);
      await tx.log({
        entity: 'review',
        recordId: id,
        action: 'allocate',
        actionLabel: '分配专家',
        fromStatus: null,
        toStatus: '0',
        comment: null,
        userId: user.userId,
        userName: user.realName,
        roleCode: user.roleCode,
        createdAt: now,
      });
    }
    for (const t of recs) {
      if (t.status !== s.atCity || !pairs.some((p) => p.targetId === t.id)) continue;
      const fresh = await tx.get(bc.targetEntity, t.id, { lock: true });
      await fire(
        ctx,
        {
          entity: bc.mapping.entity,
          id: t.id,
          action: bc.mapping.sendAction,
          version: fresh!.version,
          comment: `分配评审专家（${String(bc.batch.name)}）`,
        },
        user,
        tx,
      );
    }
    if (bc.batch.status === '0') {
      const fresh = await tx.get(batchEntity, bc.batch.id, { lock: true });
      await fire(
        ctx,
        { entity: 'reviewBatch', id: bc.batch.id, action: 'startReview', version: fresh!.version },
        null,
        tx,
      );
    }
  });
  const experts = [...new Set(pairs.map((p) => Number(expertById.get(p.expertId)!.userId)))];
  await notify(ctx, {
    userIds: experts,
    kind: 'reviewTask',
    title: `评审任务：${String(bc.batch.name)}`,
    body: `您有新的评审任务，请在${String(bc.batch.endTime ?? '')}前完成评分。`,
    link: '/reviewManagement/list',
  });
  return { created: pairs.length, assignments: pairs };
}

/** Takes an expert off a record before they have started (batch owner or scope admin). */
export async function unassign(
  ctx: AppContext,
  user: SessionUser,
  body: Record<string, unknown>,
): Promise<AnswerOf<typeof reviewCalls.unassign>> {
  const store = storeOf(ctx);
  const entity = entityOf(ctx, 'review');
  const review = await store.get(entity, parseId(body.id));
  if (!review || !allowed(entity, 'read', review, user)) throw AppError.notFound();
  await loadBatch(ctx, user, review.batchId, 'update');
  if (review.status !== '0') throw AppError.forbidden('专家已开始评审，不能取消分配');
  await store.transaction(async (tx) => {
    await tx.delete(entity, review.id);
    await tx.log({
      entity: 'review',
      recordId: review.id,
      action: 'unassign',
      actionLabel: '取消分配',
      fromStatus: '0',
      toStatus: null,
      comment: null,
      userId: user.userId,
      userName: user.realName,
      roleCode: user.roleCode,
      createdAt: Date.now(),
      changes: withdrawnChanges(review),
    });
  });
  return { deleted: 1 };
}

export type { AllocExpert };
