import type { AppContext } from '../../platform/AppContext.js';
import { AppError } from '../../platform/http/AppError.js';
import { sameValue } from '../../platform/records/fieldDiff.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { noticePolicy, topicSummary } from './policy.js';
import { enqueueIndex } from './queue.js';
import { later } from './later.js';
import { SOURCES } from './sources.js';

/** The project leader's role: the applicant. */
const APPLICANT = '4';

/** The notice fields only the province sets. */
const POLICY_FIELDS = ['similarityThreshold', 'similaritySelfCheck'];

/**
 * The check's reach into the records: every save or transition of an indexed record queues it;
 * a topic read carries its verdict and score (the 查重 column), and a review task its topic's
 * verdict alone (a blind batch's expert sees the flag, nothing of the matched documents); only
 * province and super admins set a notice's threshold and self-check.
 */
export function registerSimilarityHooks(ctx: AppContext): void {
  for (const s of SOURCES)
    ctx.engine.on(s.entity, {
      // Queued once the caller's own transaction (a module firing transitions inside one) is over:
      // a write through the pool inside it would wait on the connection that transaction holds.
      async afterCommit(c, change) {
        later(c, () => enqueueIndex(c, s.entity, change.record.id));
      },
    });
  ctx.engine.on('topic', {
    readsFields: ['noticeId'],
    // The values are the index's, read fresh every time: what a save carries of them is never used.
    async onRead(c, record, db, reader) {
      // Where the notice keeps the check from applicants, their list shows no verdict either (the
      // report's tab says it is closed to them).
      if (reader?.roleCode === APPLICANT && !(await noticePolicy(c, record.noticeId, db)).selfCheck) {
        record.similarity = null;
        record.similarityScore = null;
        return;
      }
      const { verdict, score } = await topicSummary(c, record.id, record.noticeId, db);
      record.similarity = verdict;
      record.similarityScore = score;
    },
  });
  ctx.engine.on('review', {
    readsFields: ['targetEntity', 'targetId'],
    async onRead(c, record, db) {
      const topicDef = c.schemas.entities.get('topic');
      if (record.targetEntity !== 'topic' || !record.targetId || !topicDef) return;
      const topic = await new KyselyRecordStore(db, c.database.dialect).get(topicDef, Number(record.targetId));
      record.similarity = topic ? (await topicSummary(c, topic.id, topic.noticeId, db)).verdict : '0';
    },
  });
  ctx.engine.on('notice', {
    async inSave(_c, { user, existing, next }) {
      if (user.roleCode === '1' || user.roleCode === '2') return;
      for (const f of POLICY_FIELDS)
        if (!sameValue(existing?.[f] ?? null, next[f] ?? null))
          throw AppError.invalid([{ field: f, label: '查重设置', message: '查重设置由省级管理员设置' }]);
    },
  });
}
