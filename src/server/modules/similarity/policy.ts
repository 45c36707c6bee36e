import type { AppContext } from '../../platform/AppContext.js';
import type { SimilarityVerdict } from '../../../shared/contracts/similarity.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import type { Db } from '../../platform/db/tables.js';

/**
 * Share of a document found in one earlier document at or above which it is flagged 疑似重复,
 * unless its notice sets another: the corpus (corpus.test.ts) puts every altered copy above 44%
 * and every unrelated text on the same subject below 8%, so 30% sits well inside the gap.
 */
export const DEFAULT_THRESHOLD = 0.3;

/** What a notice says of the check: its threshold (a share) and whether applicants see their own report. */
export interface NoticePolicy {
  threshold: number;
  selfCheck: boolean;
}

export async function noticePolicy(
  ctx: AppContext,
  noticeId: unknown,
  db: Db = ctx.database.db,
): Promise<NoticePolicy> {
  const notice = ctx.schemas.entities.get('notice');
  const id = Number(noticeId);
  const rec =
    notice && Number.isInteger(id) && id > 0
      ? await new KyselyRecordStore(db, ctx.database.dialect).get(notice, id)
      : undefined;
  const pct = Number(rec?.similarityThreshold);
  return {
    threshold: Number.isFinite(pct) && pct > 0 ? pct / 100 : DEFAULT_THRESHOLD,
    selfCheck: rec?.similaritySelfCheck === true,
  };
}

/** The verdict of a best score: repeated at the threshold, the applicant's own earlier work said as such. */
export function verdictOf(score: number | null, samePerson: boolean, threshold: number): SimilarityVerdict {
  if (score === null) return '0';
  if (score < threshold) return '1';
  return samePerson ? '3' : '2';
}

/** A topic's best score and verdict from the index (the column and the flag), read through `db`. */
export async function topicSummary(
  ctx: AppContext,
  topicId: number,
  noticeId: unknown,
  db: Db = ctx.database.db,
): Promise<{ verdict: SimilarityVerdict; score: number | null }> {
  const rows = await db
    .selectFrom('similarity_docs')
    .select(['best_score', 'best_same_person'])
    .where('topic_id', '=', topicId)
    .execute();
  const checked = rows.filter((r) => r.best_score !== null);
  if (!checked.length) return { verdict: '0', score: null };
  const { threshold } = await noticePolicy(ctx, noticeId, db);
  // Another's document repeated outweighs the applicant's own earlier work.
  const score = (r: (typeof rows)[number]) => Number(r.best_score);
  const others = checked.filter((r) => !Number(r.best_same_person));
  const top = (list: typeof rows) => list.reduce((a, b) => (score(b) > score(a) ? b : a));
  const worstOther = others.length ? top(others) : null;
  const best = worstOther && score(worstOther) >= threshold ? worstOther : top(checked);
  return {
    verdict: verdictOf(score(best), Boolean(Number(best.best_same_person)), threshold),
    score: Math.round(score(best) * 1000) / 10,
  };
}
