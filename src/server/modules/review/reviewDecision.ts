import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import { formatDateTime } from '../../platform/records/time.js';
import { fire } from '../../platform/workflow/engine.js';
import { batchResult, mayDecide } from './ranking.js';
import { decisionAction, PENDING_DECISION as PENDING, stageDecisionLabels } from './reviewKind.js';
import { loadBatch, parseId, reviewsOfBatch, storeOf } from './reviewData.js';
import { writeStageResult } from './stageResult.js';
import type { AnswerOf } from '../../../shared/contracts/contract.js';
import type { reviewCalls } from '../../../shared/contracts/review.js';

/**
 * The chair's decision on one record of an ended batch (立项 / 不立项 / 待议, dictionary lxjd) with
 * an optional note: kept on the record's review result of this batch, logged, and carried to the
 * record's status by the first transition of reviewTargets.json decisionActions the workflow lets
 * this chair fire from the record's status (待议 fires none). A city administrator decides only on
 * the batches they own; a decision other than 待议 is final.
 */
export async function decide(
  ctx: AppContext,
  user: SessionUser,
  body: Record<string, unknown>,
): Promise<AnswerOf<typeof reviewCalls.decide>> {
  const bc = await loadBatch(ctx, user, body.batchId, 'read');
  if (!mayDecide(bc, user)) throw AppError.forbidden('只能对本人创建的评审批次作出决定');
  if (bc.batch.status !== '2') throw AppError.forbidden('评审结束后才能作出决定');
  const targetId = parseId(body.targetId, 'targetId', '评审对象');
  const labels = stageDecisionLabels(ctx, bc);
  const decision = typeof body.decision === 'string' ? body.decision : '';
  if (!labels.has(decision)) throw AppError.invalid([{ field: 'decision', label: '决定', message: '请选择决定' }]);
  const note = typeof body.note === 'string' && body.note.trim() !== '' ? body.note.trim() : null;
  if (note && note.length > 500)
    throw AppError.invalid([{ field: 'note', label: '说明', message: '说明不能超过500个字符' }]);
  const store = storeOf(ctx);
  const reviews = await reviewsOfBatch(ctx, bc.batch.id, store);
  if (!reviews.some((r) => Number(r.targetId) === targetId))
    throw AppError.invalid([
      { field: 'targetId', label: '评审对象', message: `该${bc.mapping.label}不在本评审批次中` },
    ]);

  const m = bc.mapping;
  const label = labels.get(decision)!;
  const now = Date.now();
  return store.transaction(async (tx) => {
    const rec = await tx.get(bc.targetEntity, targetId, { lock: true });
    if (!rec) throw AppError.notFound();
    const prev = batchResult(bc, rec);
    if (!prev) throw AppError.forbidden(`该${m.label}没有本批次的评审结果`);
    if (prev.decision && prev.decision !== PENDING)
      throw AppError.forbidden(`已作出「${labels.get(String(prev.decision)) ?? ''}」的决定，不能更改`);
    const status = String(rec.status ?? '');
    let action: string | null = null;
    if (decision !== PENDING) {
      action = decisionAction(ctx, bc, rec, decision, user);
      if (!action) throw AppError.forbidden(`该${m.label}当前状态下不能作出「${label}」的决定`);
    }
    const result = { ...prev, decision, decisionNote: note, decidedAt: formatDateTime(now), decidedBy: user.realName };
    await writeStageResult(tx, bc, rec, result, user, now, {
      action: 'reviewDecision',
      actionLabel: '评审决定',
      comment: `${String(bc.batch.name)}：${label}${note ? `（${note}）` : ''}`,
    });
    let to = status;
    if (action) {
      const fired = await fire(
        ctx,
        { entity: m.entity, id: targetId, action, version: rec.version + 1, comment: note ?? `评审决定：${label}` },
        user,
        tx,
      );
      to = String(fired.status ?? '');
    }
    return { targetId, decision, decisionLabel: label, status: to };
  });
}
