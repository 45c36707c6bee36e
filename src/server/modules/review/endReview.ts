import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import type { StoredRecord } from '../../platform/records/RecordStore.js';
import { formatDateTime } from '../../platform/records/time.js';
import { fire, workflowOf } from '../../platform/workflow/engine.js';
import { pickTransition } from '../../platform/records/transitions.js';
import { heldElsewhere } from './batchEntry.js';
import { aggregate, majority } from './aggregate.js';
import { entityOf, loadBatch, reviewsOfBatch, stageStatuses, storeOf, type BatchContext } from './reviewData.js';
import { writeStageResult } from './stageResult.js';
import type { AnswerOf } from '../../../shared/contracts/contract.js';
import type { reviewCalls } from '../../../shared/contracts/review.js';

/** A task not submitted when its batch ended (review workflow status 3). */
const CLOSED = '3';

/** The open tasks named as the organiser knows them: the record and its expert (the first five). */
function openTasks(open: StoredRecord[]): string {
  const named = open
    .slice(0, 5)
    .map((r) => `「${String(r.targetName ?? r.targetId)}」的${String(r.expertName ?? '专家')}`);
  return named.join('、') + (open.length > 5 ? `等${open.length}份` : '');
}

/**
 * What the end of a batch would send back through the workflow, or why this account may not end
 * it: a record this batch sent to review goes back by its stage's end transition, which the
 * account must be allowed to fire (a province account may not end a city's review of a topic).
 * The progress page asks it first, so 结束评审 is never offered to be refused.
 */
export async function endPlan(
  ctx: AppContext,
  user: SessionUser,
  bc: BatchContext,
  reviews: StoredRecord[],
): Promise<{ returning: Set<number>; refusal: string | null }> {
  const s = stageStatuses(bc);
  const m = bc.mapping;
  const workflow = workflowOf(ctx, bc.targetEntity);
  const reviewed = [...new Set(reviews.map((r) => Number(r.targetId)))];
  // A record another running batch still holds stays in review for it: that batch's end returns it.
  const held = await heldElsewhere(ctx, bc, reviewed);
  const returning = new Set<number>();
  for (const id of reviewed) {
    if (held.has(id)) continue;
    const rec = await storeOf(ctx).get(bc.targetEntity, id);
    if (!rec || rec.status !== s.waiting) continue;
    if (workflow && !pickTransition(workflow, bc.targetEntity, m.endAction, rec, user)) {
      const action = workflow.transitions.find((t) => t.action === m.endAction)?.label ?? m.endAction;
      const refusal = `${m.label}「${String(rec[m.nameField] ?? rec.id)}」由本批次送评，本账号不能执行「${action}」，请由其所在地区的管理员结束评审`;
      return { returning, refusal };
    }
    returning.add(id);
  }
  return { returning, refusal: null };
}

/**
 * Ends a batch (tTopicReview/checkEndReview): refused while tasks are open unless forced with a
 * reason. For every reviewed record: the final score by the batch rule, spread, standard deviation,
 * disagreement flag and majority recommendation, written to the record's review results under the
 * batch stage, then the record goes back to its stage's "at city" status through the workflow.
 * One transaction: all of it or nothing.
 */
export async function endReview(
  ctx: AppContext,
  user: SessionUser,
  body: Record<string, unknown>,
): Promise<AnswerOf<typeof reviewCalls.endReview>> {
  const bc = await loadBatch(ctx, user, body.batchId, 'update');
  if (bc.batch.status !== '1') throw AppError.forbidden('评审尚未开始');
  const force = body.force === true;
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  const reviews = await reviewsOfBatch(ctx, bc.batch.id);
  const open = reviews.filter((r) => r.status === '0' || r.status === '1');
  if (open.length && !force)
    throw new AppError(
      `还有${open.length}份评审未提交（${openTasks(open)}），不能结束评审；如需结束请选择强制结束并填写原因`,
      400,
      400,
      { open: open.length },
    );
  if (open.length && !reason)
    throw AppError.invalid([{ field: 'reason', label: '原因', message: '请填写强制结束的原因' }]);
  if (reason.length > 500)
    throw AppError.invalid([{ field: 'reason', label: '原因', message: '原因不能超过500个字符' }]);
  const m = bc.mapping;
  const { returning, refusal } = await endPlan(ctx, user, bc, reviews);
  if (refusal) throw AppError.forbidden(refusal);
  const s = stageStatuses(bc);
  const resultDef = bc.targetEntity.fields[m.resultField];
  if (!resultDef) throw new Error(`${m.entity} has no ${m.resultField} field`);
  const threshold = Number(bc.batch.disagreementThreshold ?? 20);
  const now = Date.now();
  const byTarget = new Map<number, StoredRecord[]>();
  for (const r of reviews) byTarget.set(Number(r.targetId), [...(byTarget.get(Number(r.targetId)) ?? []), r]);
  const results: Array<Record<string, unknown>> = [];
  const batchEntity = entityOf(ctx, 'reviewBatch');

  await storeOf(ctx).transaction(async (tx) => {
    for (const [targetId, rs] of byTarget) {
      const done = rs.filter((r) => r.status === '2');
      const agg = aggregate(
        done.map((r) => Number(r.total)),
        String(bc.batch.rule ?? '1'),
        threshold,
      );
      const result = {
        batchId: bc.batch.id,
        batchName: bc.batch.name,
        finalScore: agg.finalScore,
        mean: agg.mean,
        spread: agg.spread,
        stdDev: agg.stdDev,
        disagreement: agg.disagreement,
        count: agg.count,
        experts: rs.length,
        rule: bc.batch.rule ?? '1',
        recommendation: majority(
          done.map((r) => (r.recommendation as string | null) ?? null),
          bc.recommendations,
        ),
        endedAt: formatDateTime(now),
      };
      const rec = await tx.get(bc.targetEntity, targetId, { lock: true });
      if (!rec) continue;
      await writeStageResult(tx, bc, rec, result, user, now, {
        action: 'reviewResult',
        actionLabel: '专家评审结果',
        comment: `${String(bc.batch.name)}：总评${agg.finalScore ?? '—'}分${agg.disagreement ? '（专家意见分歧较大）' : ''}`,
      });
      if (rec.status === s.waiting && returning.has(targetId))
        await fire(
          ctx,
          {
            entity: m.entity,
            id: targetId,
            action: m.endAction,
            version: rec.version + 1,
            comment: `评审结束（${String(bc.batch.name)}）`,
          },
          user,
          tx,
        );
      results.push({ targetId, targetName: rs[0]!.targetName, ...result });
    }
    // Tasks left open by a forced end are closed: no expert keeps a task they can no longer do.
    const reviewEntity = entityOf(ctx, 'review');
    for (const r of open) {
      const cur = await tx.get(reviewEntity, r.id, { lock: true });
      if (!cur || (cur.status !== '0' && cur.status !== '1')) continue;
      if (
        !(await tx.update(
          reviewEntity,
          { ...cur, status: CLOSED, updatedAt: now, updatedBy: user.userId },
          cur.version,
        ))
      )
        throw AppError.conflict();
      await tx.log({
        entity: 'review',
        recordId: r.id,
        action: 'closeUnsubmitted',
        actionLabel: '评审结束未提交',
        fromStatus: String(cur.status),
        toStatus: CLOSED,
        comment: reason || null,
        userId: user.userId,
        userName: user.realName,
        roleCode: user.roleCode,
        createdAt: now,
      });
    }
    const b = await tx.get(batchEntity, bc.batch.id, { lock: true });
    if (!b || b.version !== bc.batch.version) throw AppError.conflict();
    if (
      !(await tx.update(
        batchEntity,
        { ...b, endedAt: formatDateTime(now), endReason: open.length ? reason : null },
        b.version,
      ))
    )
      throw AppError.conflict();
    await fire(
      ctx,
      {
        entity: 'reviewBatch',
        id: b.id,
        action: 'endReview',
        version: b.version + 1,
        comment: open.length ? `强制结束：${reason}` : null,
      },
      null,
      tx,
    );
  });
  return { results, forced: open.length > 0 };
}
