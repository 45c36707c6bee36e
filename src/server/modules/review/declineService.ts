import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { isClosedTask } from './closedTask.js';
import { AppError } from '../../platform/http/AppError.js';
import { allowed } from '../../platform/records/access.js';
import type { StoredRecord } from '../../platform/records/RecordStore.js';
import { formatDateTime } from '../../platform/records/time.js';
import { notify } from '../../platform/notifications/notify.js';
import { allocExpertsOf, enabledExperts, LEFT_STATUSES } from './allocationService.js';
import { replacementCandidates, type ReplacementCandidate } from './replacement.js';
import { entityOf, loadBatch, parseId, reviewsOfBatch, storeOf, type BatchContext } from './reviewData.js';
import { targetMapping, toReviewTarget } from './targetMapping.js';
import type { AnswerOf } from '../../../shared/contracts/contract.js';
import type { ReplacementProposal, reviewCalls } from '../../../shared/contracts/review.js';

const EXPERT = '5';
const PENDING = '4';
const REPLACED = '5';

function text(v: unknown, field: string, label: string, max: number): string {
  const s = typeof v === 'string' ? v.trim() : '';
  if (!s) throw AppError.invalid([{ field, label, message: `请填写${label}` }]);
  if (s.length > max) throw AppError.invalid([{ field, label, message: `${label}不能超过${max}个字符` }]);
  return s;
}

/**
 * An expert declares a conflict of interest (kind from the hblx dictionary) or declines a task,
 * with a reason. The task leaves their list (status 申请回避（待确认）) and waits for the chair to
 * confirm a replacement. A declared conflict is remembered (reviewConflict) with the record's
 * leader, so no later batch pairs the expert with the record or that leader again.
 */
export async function decline(
  ctx: AppContext,
  user: SessionUser,
  body: Record<string, unknown>,
): Promise<AnswerOf<typeof reviewCalls.decline>> {
  if (user.roleCode !== EXPERT) throw AppError.forbidden();
  const store = storeOf(ctx);
  const entity = entityOf(ctx, 'review');
  const review = await store.get(entity, parseId(body.id));
  // Given up already: its expert no longer reads it, but is told why a second declaration fails.
  if (review && Number(review.expertUserId) === user.userId && isClosedTask(review))
    throw AppError.forbidden('该评审任务已申报回避或谢绝');
  if (!review || !allowed(entity, 'read', review, user)) throw AppError.notFound();
  const conflict = body.kind === 'conflict';
  if (!conflict && body.kind !== 'decline')
    throw AppError.invalid([{ field: 'kind', label: '方式', message: '请选择申报回避或谢绝评审' }]);
  let conflictType: string | null = null;
  if (conflict) {
    const dict = ctx.schemas.dictionaries.get('hblx');
    conflictType = typeof body.conflictType === 'string' ? body.conflictType : '';
    if (!dict?.options.some((o) => String(o.value) === conflictType))
      throw AppError.invalid([{ field: 'conflictType', label: '回避类型', message: '请选择回避类型' }]);
  }
  const reason = text(body.reason, 'reason', conflict ? '回避说明' : '谢绝原因', 500);
  const batch = await store.get(entityOf(ctx, 'reviewBatch'), Number(review.batchId));
  if (!batch) throw AppError.notFound();
  if (batch.status !== '1') throw AppError.forbidden('评审未开始或已结束');
  if (review.status !== '0' && review.status !== '1')
    throw AppError.forbidden(review.status === '2' ? '评分已提交，不能申报回避或谢绝' : '该评审任务已申报回避或谢绝');
  const m = targetMapping(ctx, String(review.targetEntity));
  const target = await store.get(entityOf(ctx, m.entity), Number(review.targetId));
  const leader = m.people[0];
  const typeText = conflictType
    ? ctx.schemas.dictionaries.get('hblx')!.options.find((o) => String(o.value) === conflictType)!.text
    : '';
  const now = Date.now();
  await store.transaction(async (tx) => {
    const cur = await tx.get(entity, review.id, { lock: true });
    if (!cur || (cur.status !== '0' && cur.status !== '1')) throw AppError.conflict();
    const next = {
      ...cur,
      status: PENDING,
      declineKind: conflict ? 'conflict' : 'decline',
      conflictType,
      declineReason: reason,
      declinedAt: formatDateTime(now),
      updatedAt: now,
      updatedBy: user.userId,
    };
    if (!(await tx.update(entity, next, cur.version))) throw AppError.conflict();
    await tx.log({
      entity: 'review',
      recordId: review.id,
      action: conflict ? 'declareConflict' : 'declineTask',
      actionLabel: conflict ? '申报回避' : '谢绝评审',
      fromStatus: String(cur.status),
      toStatus: PENDING,
      comment: conflict ? `${typeText}：${reason}` : reason,
      userId: user.userId,
      userName: user.realName,
      roleCode: user.roleCode,
      createdAt: now,
    });
    if (conflict) {
      await tx.insert(entityOf(ctx, 'reviewConflict'), {
        status: null,
        ownerId: Number(batch.ownerId),
        areaCode: review.areaCode ?? null,
        createdAt: now,
        updatedAt: now,
        createdBy: user.userId,
        updatedBy: user.userId,
        expertId: review.expertId,
        expertUserId: review.expertUserId,
        expertName: review.expertName,
        targetEntity: m.entity,
        targetId: review.targetId,
        targetName: review.targetName,
        personName: target && leader ? (target[leader.nameField] ?? null) : null,
        personIdCard: target && leader?.idCardField ? (target[leader.idCardField] ?? null) : null,
        conflictType,
        reason,
        batchId: batch.id,
        reviewId: review.id,
      });
    }
  });
  await notify(ctx, {
    userIds: [Number(batch.ownerId)],
    kind: 'reviewDeclined',
    title: `${conflict ? '专家申报回避' : '专家谢绝评审'}：${String(review.targetName ?? '')}`,
    body: `${String(review.expertName ?? '')}${conflict ? `申报回避（${typeText}）` : '谢绝评审'}：${reason}。请确认替换专家。`,
    link: `/reviewManagement/setting/viewreview?id=${String(batch.id)}`,
  });
  return { id: review.id, status: PENDING };
}

/** The task waiting for a replacement, its batch (the chair's: update right on it) and the experts who may take it. */
async function pendingTask(
  ctx: AppContext,
  user: SessionUser,
  id: unknown,
): Promise<{ review: StoredRecord; bc: BatchContext; list: ReplacementCandidate[] }> {
  const store = storeOf(ctx);
  const entity = entityOf(ctx, 'review');
  const review = await store.get(entity, parseId(id));
  if (!review || !allowed(entity, 'read', review, user)) throw AppError.notFound();
  const bc = await loadBatch(ctx, user, review.batchId, 'update');
  if (review.status !== PENDING) throw AppError.forbidden('该评审任务不在待替换状态');
  const target = await store.get(bc.targetEntity, Number(review.targetId));
  if (!target) throw AppError.notFound();
  const [experts, reviews] = await Promise.all([enabledExperts(ctx), reviewsOfBatch(ctx, bc.batch.id)]);
  const allocExperts = await allocExpertsOf(ctx, bc, experts, reviews);
  const loads = new Map<number, number>();
  for (const r of reviews) loads.set(Number(r.expertId), (loads.get(Number(r.expertId)) ?? 0) + 1);
  const mine = reviews.filter((r) => Number(r.targetId) === Number(review.targetId));
  const list = replacementCandidates({
    target: toReviewTarget(bc.mapping, target),
    experts: allocExperts,
    rules: { perTarget: Number(bc.batch.expertsPerTopic ?? 3), outOfArea: bc.batch.outOfArea === true },
    onTarget: mine.filter((r) => !LEFT_STATUSES.includes(String(r.status))).map((r) => Number(r.expertId)),
    excluded: mine.filter((r) => LEFT_STATUSES.includes(String(r.status))).map((r) => Number(r.expertId)),
    loads,
  });
  return { review, bc, list };
}

/** What the chair is offered: the task, why it left, the proposed replacement first and the other experts who keep every rule. */
export async function replacement(
  ctx: AppContext,
  user: SessionUser,
  body: Record<string, unknown>,
): Promise<ReplacementProposal> {
  const { review, list } = await pendingTask(ctx, user, body.id);
  const typeText =
    ctx.schemas.dictionaries.get('hblx')?.options.find((o) => String(o.value) === String(review.conflictType))?.text ??
    null;
  return {
    review: {
      id: review.id,
      targetName: review.targetName as string,
      expertName: review.expertName as string,
      declineKind: review.declineKind as string | null,
      conflictType: typeText,
      declineReason: review.declineReason as string | null,
      declinedAt: review.declinedAt as string | null,
    },
    candidates: list.slice(0, 10).map((c) => ({
      expertId: c.expert.id,
      name: c.expert.name,
      unit: c.expert.unit ?? null,
      load: c.load,
      subjectMatch: c.subjectMatch,
    })),
    message: list.length ? null : '没有符合全部分配规则的替换专家，请先调整专家库',
  };
}

/**
 * The chair confirms a replacement: the leaving task becomes 已回避（已替换）, a new task goes to the
 * chosen expert (one of the candidates, checked again), both logged, both experts told.
 */
export async function confirmReplacement(
  ctx: AppContext,
  user: SessionUser,
  body: Record<string, unknown>,
): Promise<AnswerOf<typeof reviewCalls.replace>> {
  const { review, bc, list } = await pendingTask(ctx, user, body.id);
  const expertId = parseId(body.expertId, 'expertId', '替换专家');
  const pick = list.find((c) => c.expert.id === expertId);
  if (!pick)
    throw AppError.invalid([{ field: 'expertId', label: '替换专家', message: '所选专家不符合分配规则，不能替换' }]);
  const expertRec = await storeOf(ctx).get(entityOf(ctx, 'expert'), expertId);
  if (!expertRec) throw AppError.invalid([{ field: 'expertId', label: '替换专家', message: '专家不存在或未启用' }]);
  const entity = entityOf(ctx, 'review');
  const now = Date.now();
  const newId = await storeOf(ctx).transaction(async (tx) => {
    await tx.get(entityOf(ctx, 'reviewBatch'), bc.batch.id, { lock: true });
    const cur = await tx.get(entity, review.id, { lock: true });
    if (!cur || cur.status !== PENDING) throw AppError.conflict();
    const fresh = await reviewsOfBatch(ctx, bc.batch.id, tx);
    if (fresh.some((r) => Number(r.targetId) === Number(review.targetId) && Number(r.expertId) === expertId))
      throw AppError.conflict('该专家已分配到此课题');
    const id = await tx.insert(entity, {
      status: '0',
      ownerId: review.ownerId,
      areaCode: review.areaCode,
      createdAt: now,
      updatedAt: now,
      createdBy: user.userId,
      updatedBy: user.userId,
      batchId: review.batchId,
      batchName: review.batchName,
      stage: review.stage,
      targetEntity: review.targetEntity,
      targetId: review.targetId,
      targetName: review.targetName,
      expertId,
      expertUserId: expertRec.userId,
      expertName: expertRec.name,
      scores: null,
      total: null,
      recommendation: null,
      comment: null,
      endTime: bc.batch.endTime,
      submittedAt: null,
      replacementOf: review.id,
    });
    if (
      !(await tx.update(
        entity,
        { ...cur, status: REPLACED, replacedBy: id, updatedAt: now, updatedBy: user.userId },
        cur.version,
      ))
    )
      throw AppError.conflict();
    const log = {
      entity: 'review',
      userId: user.userId,
      userName: user.realName,
      roleCode: user.roleCode,
      createdAt: now,
    };
    await tx.log({
      ...log,
      recordId: review.id,
      action: 'confirmReplacement',
      actionLabel: '确认替换专家',
      fromStatus: PENDING,
      toStatus: REPLACED,
      comment: `由${String(expertRec.name)}替换`,
    });
    await tx.log({
      ...log,
      recordId: id,
      action: 'allocate',
      actionLabel: '分配专家',
      fromStatus: null,
      toStatus: '0',
      comment: `替换${String(review.expertName ?? '')}`,
    });
    return id;
  });
  await notify(ctx, {
    userIds: [Number(expertRec.userId)],
    kind: 'reviewTask',
    title: `评审任务：${String(bc.batch.name)}`,
    body: `您有新的评审任务，请在${String(bc.batch.endTime ?? '')}前完成评分。`,
    link: '/reviewManagement/list',
  });
  await notify(ctx, {
    userIds: [Number(review.expertUserId)],
    kind: 'reviewReplaced',
    title: `回避已确认：${String(review.targetName ?? '')}`,
    body: '评审任务已由其他专家接替。',
  });
  return { id: newId, replaced: review.id };
}
