import type { AppContext } from '../../platform/AppContext.js';
import type { StoredRecord } from '../../platform/records/RecordStore.js';
import { RULE_LABELS, targetViolations, type AllocRules, type ConflictRule } from './conflicts.js';
import { entityOf, listAll, reviewsOfBatch, storeOf } from './reviewData.js';
import { targetMapping, toAllocExpert, toReviewTarget } from './targetMapping.js';

export interface BrokenAllocation {
  reviewId: number;
  targetName: string;
  expertName: string;
  rule: ConflictRule;
}

const rulesOf = (batch: Record<string, unknown>): AllocRules => ({
  perTarget: Number(batch.expertsPerTopic ?? 3),
  outOfArea: batch.outOfArea === true,
});

/**
 * The allocations of a batch that its new rules would break and its old ones did not (异地评审
 * switched on with same-area experts allocated, say): each with the rule it breaks. Allocations
 * broken already under the old rules (an expert's unit changed since) are not the rule change's doing.
 */
export async function brokenByRuleChange(
  ctx: AppContext,
  before: StoredRecord,
  after: Record<string, unknown>,
): Promise<BrokenAllocation[]> {
  const oldRules = rulesOf(before);
  const newRules = rulesOf(after);
  if (oldRules.outOfArea === newRules.outOfArea) return [];
  const reviews = await reviewsOfBatch(ctx, before.id);
  if (!reviews.length) return [];
  const m = targetMapping(ctx, String(before.targetEntity ?? 'topic'));
  const store = storeOf(ctx);
  const targetIds = [...new Set(reviews.map((r) => Number(r.targetId)))];
  const expertIds = [...new Set(reviews.map((r) => Number(r.expertId)))];
  const [targets, experts] = await Promise.all([
    listAll(store, entityOf(ctx, m.entity), { t: 'in', field: 'id', values: targetIds }),
    listAll(store, entityOf(ctx, 'expert'), { t: 'in', field: 'id', values: expertIds }),
  ]);
  const expertById = new Map(experts.map((e) => [e.id, toAllocExpert(e)]));
  const out: BrokenAllocation[] = [];
  for (const rec of targets) {
    const target = toReviewTarget(m, rec);
    const mine = reviews.filter((r) => Number(r.targetId) === rec.id);
    const allocated = mine.map((r) => expertById.get(Number(r.expertId))).filter((e) => e !== undefined);
    const was = new Set(targetViolations(target, allocated, oldRules).map((v) => `${v.expertId}:${v.rule}`));
    for (const v of targetViolations(target, allocated, newRules)) {
      if (was.has(`${v.expertId}:${v.rule}`)) continue;
      const review = mine.find((r) => Number(r.expertId) === v.expertId)!;
      out.push({
        reviewId: review.id,
        targetName: String(review.targetName ?? ''),
        expertName: String(review.expertName ?? ''),
        rule: v.rule,
      });
    }
  }
  return out;
}

/** The refusal's text: what breaks, pair by pair (at most five named), and what to do. */
export function brokenMessage(broken: BrokenAllocation[]): string {
  const named = broken
    .slice(0, 5)
    .map((b) => `专家「${b.expertName}」—「${b.targetName}」（${RULE_LABELS[b.rule]}）`)
    .join('；');
  const more = broken.length > 5 ? `等${broken.length}项` : '';
  return `修改后的规则与已分配的专家冲突：${named}${more}。请先在分配页面取消这些分配（已开始评审的分配不能取消），再修改规则`;
}
