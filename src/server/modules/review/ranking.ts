import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import type { StoredRecord } from '../../platform/records/RecordStore.js';
import type { RankedRow, Ranking } from '../../../shared/contracts/review.js';
import { aggregate } from './aggregate.js';
import { scoringNames } from './expertLabel.js';
import { allowedDecisions, PENDING_DECISION, stageDecisionLabels } from './reviewKind.js';
import { entityOf, listAll, loadBatch, reviewsOfBatch, storeOf, type BatchContext } from './reviewData.js';

// Declared with the review calls (src/shared/contracts/review.ts): the ranking page reads them.
export type { RankedExpert, RankedRow, Ranking } from '../../../shared/contracts/review.js';

/**
 * Ranks rows by aggregate descending (unscored last, ties by name), competition style: equal
 * aggregates share a rank and the next rank skips (1, 2, 2, 4). Unscored rows have no rank.
 */
export function rankRows<T extends { finalScore: number | null; targetName: string; rank: number | null }>(
  rows: T[],
): T[] {
  const sorted = [...rows].sort((a, b) => {
    if (a.finalScore === null || b.finalScore === null)
      return a.finalScore === b.finalScore
        ? a.targetName.localeCompare(b.targetName, 'zh')
        : a.finalScore === null
          ? 1
          : -1;
    return b.finalScore - a.finalScore || a.targetName.localeCompare(b.targetName, 'zh');
  });
  sorted.forEach((r, i) => {
    const prev = sorted[i - 1];
    r.rank = r.finalScore === null ? null : prev && prev.finalScore === r.finalScore ? prev.rank : i + 1;
  });
  return sorted;
}

/** Whether this administrator chairs the batch: the province, or the city administrator who owns it. */
export function mayDecide(bc: BatchContext, user: SessionUser): boolean {
  return user.roleCode !== '3' || Number(bc.batch.ownerId) === user.userId;
}

/** The result this batch wrote on a record (its stage's row, when it is this batch's). */
export function batchResult(bc: BatchContext, rec: StoredRecord | undefined): Record<string, unknown> | null {
  const all = rec?.[bc.mapping.resultField];
  if (!all || typeof all !== 'object') return null;
  const r = (all as Record<string, unknown>)[String(bc.batch.stage)];
  if (!r || typeof r !== 'object' || Number((r as Record<string, unknown>).batchId) !== bc.batch.id) return null;
  return r as Record<string, unknown>;
}

/**
 * A batch's ranked results for its chair (the administrators who may read it): per record the
 * aggregate by the batch rule (as the end of a review computes it, over submitted scores), spread,
 * disagreement flag, each expert's total (专家1, 专家2… per record in a blind batch, as the export),
 * the conflicts declared on it in this batch, its current status and the chair's decision.
 */
export async function ranking(ctx: AppContext, user: SessionUser, body: Record<string, unknown>): Promise<Ranking> {
  const bc = await loadBatch(ctx, user, body.batchId, 'read');
  const store = storeOf(ctx);
  const reviews = await reviewsOfBatch(ctx, bc.batch.id, store);
  const blind = bc.batch.blind === true;
  const threshold = Number(bc.batch.disagreementThreshold ?? 20);
  const conflicts = await listAll(store, entityOf(ctx, 'reviewConflict'), {
    t: 'cmp',
    field: 'batchId',
    op: '=',
    value: bc.batch.id,
  });
  const byTarget = new Map<number, StoredRecord[]>();
  for (const r of reviews) byTarget.set(Number(r.targetId), [...(byTarget.get(Number(r.targetId)) ?? []), r]);
  const recById = new Map<number, StoredRecord>();
  for (const tid of byTarget.keys()) {
    const rec = await store.get(bc.targetEntity, tid);
    if (rec) recById.set(tid, rec);
  }
  const wf = ctx.schemas.workflows.get(bc.targetEntity.workflow ?? bc.targetEntity.name);
  const statusLabel = new Map((wf?.statuses ?? []).map((s) => [s.code, s.label]));
  const labels = stageDecisionLabels(ctx, bc);
  const canDecide = bc.batch.status === '2' && mayDecide(bc, user);

  const rows: RankedRow[] = [];
  for (const [targetId, rs] of byTarget) {
    const done = rs.filter((r) => r.status === '2');
    const agg = aggregate(
      done.map((r) => Number(r.total)),
      String(bc.batch.rule ?? '1'),
      threshold,
    );
    // Experts who declared a conflict and were replaced gave no score: they are counted, not listed.
    const scoring = rs.filter((r) => r.status !== '4' && r.status !== '5');
    const numbers = scoringNames(rs);
    const experts = scoring.map((r) => ({
      name: blind ? (numbers.get(r.id) ?? '专家') : String(r.expertName ?? ''),
      total: r.status === '2' ? Number(r.total) : null,
      submitted: r.status === '2',
    }));
    const rec = recById.get(targetId);
    const result = batchResult(bc, rec);
    const decision = result?.decision ? String(result.decision) : null;
    const status = rec ? String(rec.status ?? '') : null;
    rows.push({
      ...agg,
      rank: null,
      targetId,
      targetName: String(rs[0]!.targetName ?? ''),
      status,
      statusLabel: status ? (statusLabel.get(status) ?? status) : '',
      experts,
      expertScores: experts.map((e) => `${e.name}：${e.total === null ? '未提交' : `${e.total}分`}`).join('；'),
      conflicts: conflicts.filter((c) => Number(c.targetId) === targetId).length,
      decision,
      decisionLabel: decision ? (labels.get(decision) ?? decision) : '',
      decisionNote: (result?.decisionNote as string | null | undefined) ?? null,
      // What the 决定 dialog offers on this row: only what the workflow then carries out.
      decisions:
        canDecide && rec && (!decision || decision === PENDING_DECISION) ? allowedDecisions(ctx, bc, rec, user) : [],
      decidedAt: (result?.decidedAt as string | null | undefined) ?? null,
    });
  }
  return {
    batch: {
      id: bc.batch.id,
      name: String(bc.batch.name ?? ''),
      status: String(bc.batch.status ?? ''),
      blind,
      ended: bc.batch.status === '2',
      canDecide,
    },
    rows: rankRows(rows),
  };
}
