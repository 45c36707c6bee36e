import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { AppError } from '../../platform/http/AppError.js';
import { allowed } from '../../platform/records/access.js';
import { KyselyRecordStore, type StoredRecord } from '../../platform/records/RecordStore.js';
import type { SimilarityMatch, SimilarityReport } from '../../../shared/contracts/similarity.js';
import { findMatches, type Match } from './checker.js';
import { bodiesOf, DOC_COLUMNS, docRow } from './indexStore.js';
import { boilerplateOf, sameTopic } from './indexer.js';
import { matchingPassages } from './passages.js';
import { noticePolicy, verdictOf } from './policy.js';
import { indexNowIfQueued } from './queue.js';

const pct = (share: number) => Math.round(share * 1000) / 10;

/**
 * Who reads a topic's report, and how much of it: province and super admins all of it; a city
 * admin the topics of their city, the matched topic's leader and unit only when it is of their
 * city too; the applicant their own topic's, when its notice allows it, and of another's document
 * only that their passages repeat one (never its text or owner); experts never (their review list
 * shows the flag alone, so a blind review stays blind).
 */
export async function topicReport(ctx: AppContext, user: SessionUser, topicId: number): Promise<SimilarityReport> {
  const topicDef = ctx.schemas.entities.get('topic');
  if (!topicDef) throw AppError.notFound();
  if (!['1', '2', '3', '4'].includes(user.roleCode)) throw AppError.forbidden('没有查看查重报告的权限');
  const store = KyselyRecordStore.of(ctx.database);
  const topic = await store.get(topicDef, topicId);
  if (!topic || !allowed(topicDef, 'read', topic, user)) throw AppError.notFound();
  const policy = await noticePolicy(ctx, topic.noticeId);
  const applicant = user.roleCode === '4';
  if (applicant && !policy.selfCheck) {
    const name = String(topic.name ?? '');
    const threshold = pct(policy.threshold);
    const closed = '本批次未开放申请人查看查重报告';
    return { topicId, topicName: name, threshold, verdict: '0', score: 0, pending: false, documents: [], closed };
  }
  const pending = await indexNowIfQueued(ctx, 'topic', topicId);
  const db = ctx.database.db;
  const rows = (
    await db
      .selectFrom('similarity_docs')
      .select([...DOC_COLUMNS])
      .where('topic_id', '=', topicId)
      .execute()
  ).map(docRow);
  const bodies = await bodiesOf(
    db,
    rows.map((r) => r.id),
  );
  const boilerplate = await boilerplateOf(ctx, topicDef, Number(topic.noticeId) || null);
  const topics = new Map<number, StoredRecord | null>();
  const topicOf = async (id: number | null) => {
    if (id === null) return null;
    if (!topics.has(id)) topics.set(id, (await store.get(topicDef, id)) ?? null);
    return topics.get(id)!;
  };
  const shown = async (m: Match, ours: string): Promise<SimilarityMatch> => {
    const other = await topicOf(m.doc.topicId);
    const theirs = (await bodiesOf(db, [m.doc.id])).get(m.doc.id) ?? '';
    const passages = matchingPassages(ours, theirs, boilerplate.set);
    const open = !!other && (!applicant || m.samePerson) && allowed(topicDef, 'read', other, user);
    const named = !applicant || m.samePerson;
    return {
      topicId: open && other ? other.id : null,
      topicName: named && other ? String(other.name ?? '') : m.samePerson ? '本人的课题' : '其他课题',
      year: named && other ? ((other.year as string | null) ?? null) : null,
      document: named ? m.doc.label : '其他课题的材料',
      owner: open && other ? [other.leader, other.unit].filter(Boolean).join('，') : null,
      samePerson: m.samePerson,
      score: pct(m.score),
      passages: passages.map((p) => ({ ...p, theirs: named ? p.theirs : null })),
    };
  };
  const documents = [];
  for (const doc of rows) {
    const text = bodies.get(doc.id) ?? '';
    const matches = await findMatches(db, text, {
      boilerplate: boilerplate.set,
      before: doc.firstAt,
      skip: sameTopic(doc),
      ownerId: doc.ownerId,
      person: doc.person,
      limit: 3,
    });
    const best = matches.find((m) => !m.samePerson && m.score >= policy.threshold) ?? matches[0];
    documents.push({
      document: doc.label,
      score: best ? pct(best.score) : 0,
      verdict: verdictOf(best?.score ?? 0, !!best?.samePerson, policy.threshold),
      matches: await Promise.all(matches.map((m) => shown(m, text))),
    });
  }
  const worst =
    documents.find((d) => d.verdict === '2') ??
    documents.find((d) => d.verdict === '3') ??
    documents.sort((a, b) => b.score - a.score)[0];
  return {
    topicId,
    topicName: String(topic.name ?? ''),
    threshold: pct(policy.threshold),
    verdict: worst ? worst.verdict : '0',
    score: worst ? worst.score : 0,
    pending,
    documents,
  };
}
