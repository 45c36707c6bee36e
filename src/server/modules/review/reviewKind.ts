import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import type { StoredRecord } from '../../platform/records/RecordStore.js';
import type { ReviewTargetsDef } from '../../../shared/schema/types.js';
import type { BatchContext } from './reviewData.js';

/** The dictionary of the chair's decisions: 立项 / 不立项 / 待议. */
const DECISION_DICT = 'lxjd';

export function decisionLabels(ctx: AppContext): Map<string, string> {
  return new Map((ctx.schemas.dictionaries.get(DECISION_DICT)?.options ?? []).map((o) => [String(o.value), o.text]));
}

/** 待议: recorded, the status left as is, decided again later; always open to the chair. */
export const PENDING_DECISION = '3';

type Stage = ReviewTargetsDef['targets'][string]['stages'][string];
export type StageTemplate = NonNullable<Stage['template']>;

/** What a batch of this kind (record kind and stage) says and asks: reviewTargets.json stages.<stage>.template. */
export function stageTemplate(ctx: AppContext, targetEntity: unknown, stage: unknown): StageTemplate | null {
  const doc = ctx.schemas.documents.get('reviewTargets') as Partial<ReviewTargetsDef> | undefined;
  return doc?.targets?.[String(targetEntity ?? 'topic')]?.stages?.[String(stage ?? '')]?.template ?? null;
}

const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * A new batch's copy of its kind's template where the organiser left it empty: recommendation
 * options, criteria and the note to experts of 立项, 开题, 中期, 成果鉴定 or 结题 review, never one
 * kind's wording for another. What the organiser wrote is kept; the copy is theirs to edit.
 */
export function fillFromTemplate(ctx: AppContext, next: Record<string, unknown>): void {
  const t = stageTemplate(ctx, next.targetEntity, next.stage);
  if (!t) return;
  if (empty(next.recommendations)) next.recommendations = t.recommendations.map((name) => ({ name }));
  if (empty(next.criteria)) next.criteria = t.criteria.map((c) => ({ ...c }));
  if (empty(next.description) && t.description) next.description = t.description;
}

/** The chair's decisions as this batch's stage words them (立项 / 通过中期检查 / 准予结题…), by lxjd value. */
export function stageDecisionLabels(ctx: AppContext, bc: BatchContext): Map<string, string> {
  const labels = decisionLabels(ctx);
  const own = stageTemplate(ctx, bc.batch.targetEntity, bc.batch.stage)?.decisions ?? {};
  for (const [code, text] of Object.entries(own)) if (labels.has(code)) labels.set(code, text);
  return labels;
}

/**
 * The transition a decision fires on this record for this chair: the first of the mapping's
 * decisionActions the workflow lets them fire from the record's status; null when none does.
 */
export function decisionAction(
  ctx: AppContext,
  bc: BatchContext,
  rec: StoredRecord,
  decision: string,
  user: SessionUser,
): string | null {
  const wf = ctx.schemas.workflows.get(bc.targetEntity.workflow ?? bc.targetEntity.name);
  const status = String(rec.status ?? '');
  return (
    (bc.mapping.decisionActions?.[decision] ?? []).find((a) =>
      wf?.transitions.some((t) => t.action === a && t.from.includes(status) && (t.roles ?? []).includes(user.roleCode)),
    ) ?? null
  );
}

/**
 * The decisions this chair may make on this record now, in dictionary order: 待议 always, any other
 * only when the workflow carries it from the record's status for this batch kind. The 决定 dialog
 * offers exactly these, so no decision is offered and then refused.
 */
export function allowedDecisions(
  ctx: AppContext,
  bc: BatchContext,
  rec: StoredRecord,
  user: SessionUser,
): Array<{ value: string; label: string }> {
  const out: Array<{ value: string; label: string }> = [];
  for (const [value, label] of stageDecisionLabels(ctx, bc))
    if (value === PENDING_DECISION || decisionAction(ctx, bc, rec, value, user)) out.push({ value, label });
  return out;
}
