import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import { allowed } from '../../platform/records/access.js';
import { blindNames } from './blindNames.js';
import { refuseClosedTask, refuseWithdrawnTask } from './closedTask.js';
import { entityOf, listAll, parseId, storeOf } from './reviewData.js';
import type { AnswerOf } from '../../../shared/contracts/contract.js';
import type { reviewCalls } from '../../../shared/contracts/review.js';

const EXPERT = '5';

/**
 * The other submitted reviews of the same record in the same batch, for an expert who has
 * submitted theirs (never before: their own judgement first). In a blind batch the experts are
 * 专家1, 专家2… to each other; administrators who may read the task see names.
 */
export async function peerReviews(
  ctx: AppContext,
  user: SessionUser,
  body: Record<string, unknown>,
): Promise<AnswerOf<typeof reviewCalls.peers>> {
  const entity = entityOf(ctx, 'review');
  const store = storeOf(ctx);
  const review = await store.get(entity, parseId(body.id));
  if (review) refuseClosedTask(user, review);
  else await refuseWithdrawnTask(ctx, user, parseId(body.id));
  if (!review || !allowed(entity, 'read', review, user)) throw AppError.notFound();
  const expert = user.roleCode === EXPERT;
  if (expert && review.status !== '2') throw AppError.forbidden('提交本人评分后才能查看其他专家的评审');
  const batch = await store.get(entityOf(ctx, 'reviewBatch'), Number(review.batchId));
  if (!batch) throw AppError.notFound();
  const blind = batch.blind === true && expert;
  const all = await listAll(store, entity, {
    t: 'and',
    items: [
      { t: 'cmp', field: 'batchId', op: '=', value: batch.id },
      { t: 'cmp', field: 'targetId', op: '=', value: Number(review.targetId) },
    ],
  });
  const others = all.filter((r) => r.id !== review.id && r.status === '2');
  const names = blindNames(all);
  const dict = ctx.schemas.dictionaries.get('psbw');
  return {
    blind,
    reviews: others.map((r) => ({
      key: r.id,
      expertName: (blind ? names.get(r.id) : r.expertName) as string,
      scores: r.scores as Record<string, number> | null,
      total: r.total as number | null,
      recommendation: r.recommendation as string | null,
      confidence: dict?.options.find((o) => String(o.value) === String(r.confidence))?.text ?? null,
      comment: r.comment as string | null,
      submittedAt: r.submittedAt as string | null,
    })),
  };
}
