import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import { allowed } from '../../platform/records/access.js';
import { ruleRecord } from '../../platform/records/output.js';
import type { StoredRecord } from '../../platform/records/RecordStore.js';
import { parseLocal } from '../../platform/records/time.js';
import { notify } from '../../platform/notifications/notify.js';
import { optionsOf, scoreTotal, type Criterion } from './aggregate.js';
import { sheetProblems } from '../../../shared/scoreSheet.js';
import {
  entityOf,
  listAll,
  loadBatch,
  parseId,
  reviewsOfBatch,
  storeOf,
  taskStatuses,
  type BatchContext,
} from './reviewData.js';
import { documentFieldsFor, expertView, targetMapping } from './targetMapping.js';
import { hasApplication } from './reviewApplication.js';
import { endPlan } from './endReview.js';
import { refuseClosedTask, refuseWithdrawnTask } from './closedTask.js';
import type { AnswerOf } from '../../../shared/contracts/contract.js';
import type {
  ProgressAnswer,
  ProgressResult,
  ReviewState,
  TaskAnswer,
  reviewCalls,
} from '../../../shared/contracts/review.js';

const EXPERT = '5';
/** A task its expert still works on (未开始, 草稿): not submitted, closed, declined or replaced. */
const OPEN = ['0', '1'];

/** A review the user may read: an expert only their own (the entity's read rule), else 404. */
async function readableReview(ctx: AppContext, user: SessionUser, id: unknown): Promise<StoredRecord> {
  const entity = entityOf(ctx, 'review');
  const review = await storeOf(ctx).get(entity, parseId(id));
  // Its own expert is told why the door is closed; anyone else learns nothing of the task.
  if (review) refuseClosedTask(user, review);
  else await refuseWithdrawnTask(ctx, user, parseId(id));
  if (!review || !allowed(entity, 'read', review, user)) throw AppError.notFound();
  return review;
}

/**
 * One task as the scoring page shows it: the review, the batch's template and the reviewed record.
 * An expert of a blind batch gets the record without its identity fields (leader, unit, members):
 * they are removed here, not hidden by the page.
 */
export async function task(ctx: AppContext, user: SessionUser, body: Record<string, unknown>): Promise<TaskAnswer> {
  const review = await readableReview(ctx, user, body.id);
  const batch = await storeOf(ctx).get(entityOf(ctx, 'reviewBatch'), Number(review.batchId));
  if (!batch) throw AppError.notFound();
  const m = targetMapping(ctx, String(review.targetEntity));
  const target = await storeOf(ctx).get(entityOf(ctx, m.entity), Number(review.targetId));
  const blind = batch.blind === true && user.roleCode === EXPERT;
  // An expert of a blind batch is given only the identity-free documents unless the batch opens all.
  const documentFields = user.roleCode === EXPERT ? documentFieldsFor(m, batch) : m.documentFields;
  const view = target ? expertView(m, target, blind, documentFields) : null;
  const targetDef = entityOf(ctx, m.entity);
  const reviewOut = ruleRecord(entityOf(ctx, 'review'), review);
  if (user.roleCode === EXPERT) delete reviewOut.expertName;
  return {
    // The review as its read rules render it: every field this reader may read.
    review: reviewOut as ReviewState,
    batch: {
      id: batch.id,
      name: batch.name as string,
      stage: batch.stage as string,
      blind: batch.blind === true,
      startTime: batch.startTime as string | null,
      endTime: batch.endTime as string | null,
      criteria: batch.criteria as Criterion[] | null,
      recommendations: optionsOf(batch.recommendations),
      scoreMode: batch.scoreMode as string | null,
      description: batch.description as string | null,
      status: batch.status as string,
    },
    target: view,
    // The identity fields left out of `target` for this reader: the page says 匿名评审（已隐去） there.
    hiddenFields: blind ? m.identityFields.map((f) => ({ field: f, label: targetDef.fields[f]?.label ?? f })) : [],
    documentFields,
    // The record's documents with their labels, for the score sheet's document list.
    documents: documentFields.map((f) => ({
      field: f,
      label: targetDef.fields[f]?.label ?? f,
      files: Array.isArray(view?.[f]) ? view[f] : [],
    })),
    statuses: taskStatuses(ctx),
    // A generated application form to download (review/application?id=), as this reader may see the record.
    application: hasApplication(ctx, review.targetEntity),
    canEdit: user.roleCode === EXPERT && OPEN.includes(String(review.status)) && batch.status === '1',
    canReopen: review.status === '2' && batch.status === '1' && batch.ownerId === user.userId,
  };
}

/**
 * Saves an expert's scores as a draft or submits them. Scores must lie within each criterion's
 * maximum (all of them on submit); a submitted review is locked. The first score freezes the
 * batch's template. Decided on the review's version, so of two concurrent submits one wins and
 * the other is told the record changed.
 */
export async function saveScore(
  ctx: AppContext,
  user: SessionUser,
  body: Record<string, unknown>,
): Promise<ReviewState> {
  if (user.roleCode !== EXPERT) throw AppError.forbidden();
  const review = await readableReview(ctx, user, body.id);
  const submit = body.submit === true;
  const version = parseId(body.version, 'version', '版本');
  const store = storeOf(ctx);
  const batchEntity = entityOf(ctx, 'reviewBatch');
  const reviewEntity = entityOf(ctx, 'review');
  const batch = await store.get(batchEntity, Number(review.batchId));
  if (!batch) throw AppError.notFound();
  if (batch.status !== '1') throw AppError.forbidden('评审未开始或已结束');
  const now = Date.now();
  const start = parseLocal(String(batch.startTime ?? ''));
  const end = parseLocal(String(batch.endTime ?? ''));
  if ((start !== null && now < start) || (end !== null && now > end)) throw AppError.forbidden('不在评审时间内');
  if (review.status === '2') throw AppError.forbidden('评分已提交，不能修改');
  if (!OPEN.includes(String(review.status))) throw AppError.forbidden('该评审任务已申报回避或谢绝，不能评分');
  const options = optionsOf(batch.recommendations);
  const criteria = (batch.criteria ?? []) as Criterion[];
  // Every problem at once, by the rule the expert's form checks before it sends (src/shared/scoreSheet.ts).
  const sheet = { scores: body.scores, recommendation: body.recommendation, comment: body.comment };
  const problems = sheetProblems(criteria, options, sheet, submit);
  const confidence =
    body.confidence === undefined || body.confidence === null || body.confidence === ''
      ? null
      : String(body.confidence);
  if (confidence !== null && !ctx.schemas.dictionaries.get('psbw')?.options.some((o) => String(o.value) === confidence))
    problems.push({ field: 'confidence', label: '评审把握', message: '评审把握不正确' });
  if (problems.length) throw AppError.invalid(problems);
  const computed = scoreTotal(criteria, body.scores, submit);
  const given = body.recommendation;
  const recommendation = given === null || given === undefined || String(given).trim() === '' ? null : String(given);
  const comment = body.comment === undefined || body.comment === null ? null : String(body.comment);

  const saved = await store.transaction(async (tx) => {
    const current = await tx.get(reviewEntity, review.id, { lock: true });
    if (!current) throw AppError.notFound();
    if (current.version !== version) throw AppError.conflict();
    if (current.status === '2') throw AppError.forbidden('评分已提交，不能修改');
    if (!OPEN.includes(String(current.status))) throw AppError.conflict();
    const to = submit ? '2' : '1';
    const next: StoredRecord = {
      ...current,
      scores: computed.scores,
      total: computed.total,
      recommendation,
      confidence,
      comment,
      status: to,
      submittedAt: submit ? new Date(now + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ') : null,
      updatedAt: now,
      updatedBy: user.userId,
    };
    if (!(await tx.update(reviewEntity, next, version))) throw AppError.conflict();
    await tx.log({
      entity: 'review',
      recordId: review.id,
      action: submit ? 'submitScore' : 'saveDraft',
      actionLabel: submit ? '提交评分' : '保存草稿',
      fromStatus: current.status,
      toStatus: to,
      comment: null,
      userId: user.userId,
      userName: user.realName,
      roleCode: user.roleCode,
      createdAt: now,
    });
    if (Object.keys(computed.scores).length > 0) {
      const b = await tx.get(batchEntity, batch.id, { lock: true });
      if (b && !b.templateLocked && !(await tx.update(batchEntity, { ...b, templateLocked: true }, b.version)))
        throw AppError.conflict();
    }
    return { ...next, version: version + 1 };
  });
  const out = ruleRecord(reviewEntity, saved);
  delete out.expertName;
  return out as ReviewState;
}

/** The batch owner sends a submitted review back to its expert as a draft. */
export async function reopen(
  ctx: AppContext,
  user: SessionUser,
  body: Record<string, unknown>,
): Promise<AnswerOf<typeof reviewCalls.reopen>> {
  const review = await readableReview(ctx, user, body.id);
  const bc = await loadBatch(ctx, user, review.batchId, 'update');
  if (bc.batch.ownerId !== user.userId) throw AppError.forbidden('只有评审批次的创建人可以退回评分');
  if (review.status !== '2') throw AppError.forbidden('该评分尚未提交');
  // The expert is told why their review comes back: a reason is required.
  const comment = typeof body.comment === 'string' ? body.comment.trim() : '';
  if (!comment) throw AppError.invalid([{ field: 'comment', label: '退回原因', message: '请填写退回原因' }]);
  if (comment.length > 2000)
    throw AppError.invalid([{ field: 'comment', label: '退回原因', message: '退回原因不能超过2000个字符' }]);
  const entity = entityOf(ctx, 'review');
  const now = Date.now();
  await storeOf(ctx).transaction(async (tx) => {
    const current = await tx.get(entity, review.id, { lock: true });
    if (!current || current.status !== '2') throw AppError.conflict();
    if (
      !(await tx.update(
        entity,
        { ...current, status: '1', submittedAt: null, updatedAt: now, updatedBy: user.userId },
        current.version,
      ))
    )
      throw AppError.conflict();
    await tx.log({
      entity: 'review',
      recordId: review.id,
      action: 'reopen',
      actionLabel: '退回修改',
      fromStatus: '2',
      toStatus: '1',
      comment,
      userId: user.userId,
      userName: user.realName,
      roleCode: user.roleCode,
      createdAt: now,
    });
  });
  await notify(ctx, {
    userIds: [Number(review.expertUserId)],
    kind: 'reviewReopened',
    title: `评分已退回修改：${String(review.targetName ?? '')}`,
    body: `退回原因：${comment}`,
    link: `/reviewManagement/list/editPage?id=${review.id}`,
  });
  return { id: review.id };
}

/** Progress of a batch: per record and expert not started / draft / submitted, the percentage, the experts still missing. */
export async function progress(
  ctx: AppContext,
  user: SessionUser,
  body: Record<string, unknown>,
): Promise<ProgressAnswer> {
  const bc = await loadBatch(ctx, user, body.batchId, 'read');
  let reviews = await reviewsOfBatch(ctx, bc.batch.id);
  const byTarget = new Map<number, StoredRecord[]>();
  const all = reviews;
  const left = all.filter((r) => !OPEN.includes(String(r.status)) && r.status !== '2' && r.status !== '3');
  reviews = all.filter((r) => !left.includes(r));
  for (const r of reviews) byTarget.set(Number(r.targetId), [...(byTarget.get(Number(r.targetId)) ?? []), r]);
  const submitted = reviews.filter((r) => r.status === '2').length;
  const missing = new Map<number, { expertId: number; expertName: string; open: number }>();
  for (const r of reviews) {
    if (!OPEN.includes(String(r.status))) continue;
    const m = missing.get(Number(r.expertId)) ?? {
      expertId: Number(r.expertId),
      expertName: r.expertName as string,
      open: 0,
    };
    m.open++;
    missing.set(Number(r.expertId), m);
  }
  const results =
    bc.batch.status === '2' ? await resultsOf(ctx, bc, [...byTarget.keys()]) : new Map<number, ProgressResult>();
  // 结束评审 is offered only to whom the end would not refuse; the others are told why.
  const endRefusal = bc.batch.status === '1' ? (await endPlan(ctx, user, bc, all)).refusal : null;
  return {
    batch: {
      id: bc.batch.id,
      name: bc.batch.name as string,
      status: bc.batch.status as string,
      endTime: bc.batch.endTime as string | null,
      blind: bc.batch.blind === true,
      endedAt: (bc.batch.endedAt ?? null) as string | null,
      endReason: (bc.batch.endReason ?? null) as string | null,
      endRefusal,
    },
    total: reviews.length,
    submitted,
    drafts: reviews.filter((r) => r.status === '1').length,
    percent: reviews.length ? Math.round((submitted / reviews.length) * 1000) / 10 : 0,
    targets: [...byTarget.entries()].map(([targetId, rs]) => ({
      targetId,
      targetName: rs[0]!.targetName as string,
      submitted: rs.filter((r) => r.status === '2').length,
      total: rs.length,
      experts: rs.map((r) => ({
        reviewId: r.id,
        expertId: r.expertId as number,
        expertName: r.expertName as string,
        status: r.status as string,
        total: r.total as number | null,
        submittedAt: r.submittedAt as string | null,
      })),
      result: results.get(targetId) ?? null,
    })),
    missing: [...missing.values()],
    // Tasks whose expert declared a conflict or declined: waiting for the chair's replacement, or replaced.
    left: left.map((r) => ({
      reviewId: r.id,
      targetId: r.targetId as number,
      targetName: r.targetName as string,
      expertName: r.expertName as string,
      status: r.status as string,
      declineKind: r.declineKind as string | null,
      declineReason: r.declineReason as string | null,
      declinedAt: r.declinedAt as string | null,
    })),
    statuses: taskStatuses(ctx),
  };
}

/** After the end of a batch: each record's result of this batch (final score, spread, disagreement), as written on the record. */
async function resultsOf(ctx: AppContext, bc: BatchContext, ids: number[]): Promise<Map<number, ProgressResult>> {
  const out = new Map<number, ProgressResult>();
  if (!ids.length) return out;
  const rows = await listAll(storeOf(ctx), bc.targetEntity, { t: 'in', field: 'id', values: ids });
  for (const rec of rows) {
    const all = rec[bc.mapping.resultField];
    const r =
      all && typeof all === 'object'
        ? (all as Record<string, Record<string, unknown> | undefined>)[String(bc.batch.stage)]
        : undefined;
    if (r && Number(r.batchId) === bc.batch.id) out.set(rec.id, r as ProgressResult);
  }
  return out;
}

/** Writes an in-app reminder to every expert with an open task in the batch. */
export async function remind(
  ctx: AppContext,
  user: SessionUser,
  body: Record<string, unknown>,
): Promise<AnswerOf<typeof reviewCalls.remind>> {
  const bc = await loadBatch(ctx, user, body.batchId, 'update');
  const reviews = await reviewsOfBatch(ctx, bc.batch.id);
  const userIds = [
    ...new Set(reviews.filter((r) => OPEN.includes(String(r.status))).map((r) => Number(r.expertUserId))),
  ];
  const sent = await notify(ctx, {
    userIds,
    kind: 'reviewRemind',
    title: `评审提醒：${String(bc.batch.name)}`,
    body: `您还有未提交的评审，请在${String(bc.batch.endTime ?? '')}前完成。`,
    link: '/reviewManagement/list',
  });
  return { reminded: sent };
}
