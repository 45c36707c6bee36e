import type { AppContext } from '../../platform/AppContext.js';
import type { SimilarityVerdict } from '../../../shared/contracts/similarity.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import type { Db } from '../../platform/db/tables.js';
import { keptRead } from '../../platform/records/tableCache.js';
import { oncePerKey } from '../../platform/records/oncePerKey.js';

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

export interface TopicSummary {
  verdict: SimilarityVerdict;
  score: number | null;
}

/**
 * The best score and verdict of each topic from the index (the column and the flag), read through
 * `db` in one query for a list's rows, each notice's policy once: per row it was two queries a row.
 */
export async function topicSummaries(
  ctx: AppContext,
  topics: readonly { id: number; noticeId?: unknown }[],
  db: Db = ctx.database.db,
): Promise<Map<number, TopicSummary>> {
  const out = new Map<number, TopicSummary>();
  if (!topics.length) return out;
  const ids = topics.map((t) => t.id);
  const read = () =>
    db
      .selectFrom('similarity_docs')
      .select(['topic_id', 'best_score', 'best_same_person'])
      .where('topic_id', 'in', ids)
      .where('best_score', 'is not', null)
      .execute();
  // A page many people open asks for the same topics: kept until the index changes (tableCache),
  // never inside a transaction (db is then not the pool).
  const rows =
    db === ctx.database.db
      ? await keptRead(ctx.database, 'similarity_docs', `similarity\u0000${ids.join()}`, read)
      : await read();
  const byTopic = new Map<number, typeof rows>();
  for (const r of rows) {
    const id = Number(r.topic_id);
    byTopic.set(id, [...(byTopic.get(id) ?? []), r]);
  }
  const policies = noticePolicies(ctx, db);
  for (const t of topics) {
    const checked = byTopic.get(t.id);
    if (!checked?.length) {
      out.set(t.id, { verdict: '0', score: null });
      continue;
    }
    const { threshold } = await policies(t.noticeId);
    // Another's document repeated outweighs the applicant's own earlier work.
    const score = (r: (typeof rows)[number]) => Number(r.best_score);
    const others = checked.filter((r) => !Number(r.best_same_person));
    const top = (list: typeof rows) => list.reduce((a, b) => (score(b) > score(a) ? b : a));
    const worstOther = others.length ? top(others) : null;
    const best = worstOther && score(worstOther) >= threshold ? worstOther : top(checked);
    out.set(t.id, {
      verdict: verdictOf(score(best), Boolean(Number(best.best_same_person)), threshold),
      score: Math.round(score(best) * 1000) / 10,
    });
  }
  return out;
}

/** Notice policies read once each for one call's rows. */
export function noticePolicies(ctx: AppContext, db: Db): (noticeId: unknown) => Promise<NoticePolicy> {
  return oncePerKey((noticeId: unknown) => noticePolicy(ctx, noticeId, db));
}
