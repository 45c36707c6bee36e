import type { AppContext } from '../../platform/AppContext.js';
import { AppError } from '../../platform/http/AppError.js';
import { sameValue } from '../../platform/records/fieldDiff.js';
import { KyselyRecordStore, type StoredRecord } from '../../platform/records/RecordStore.js';
import { noticePolicies, topicSummaries } from './policy.js';
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
    async onRead(c, records, db, reader) {
      // Where the notice keeps the check from applicants, their list shows no verdict either (the
      // report's tab says it is closed to them).
      const shown: StoredRecord[] = [];
      const policies = noticePolicies(c, db);
      for (const record of records) {
        if (reader?.roleCode === APPLICANT && !(await policies(record.noticeId)).selfCheck) {
          record.similarity = null;
          record.similarityScore = null;
        } else shown.push(record);
      }
      const summaries = await topicSummaries(c, shown, db);
      for (const record of shown) {
        const { verdict, score } = summaries.get(record.id)!;
        record.similarity = verdict;
        record.similarityScore = score;
      }
    },
  });
  ctx.engine.on('review', {
    readsFields: ['targetEntity', 'targetId'],
    async onRead(c, records, db) {
      const topicDef = c.schemas.entities.get('topic');
      const ids = [
        ...new Set(records.filter((r) => r.targetEntity === 'topic' && r.targetId).map((r) => Number(r.targetId))),
      ];
      if (!topicDef || !ids.length) return;
      const { rows: topics } = await new KyselyRecordStore(db, c.database.dialect).list(topicDef, {
        where: { t: 'in', field: 'id', values: ids },
        sort: [],
        offset: 0,
        limit: ids.length,
        fields: ['noticeId'],
      });
      const summaries = await topicSummaries(c, topics, db);
      for (const record of records)
        if (record.targetEntity === 'topic' && record.targetId)
          record.similarity = summaries.get(Number(record.targetId))?.verdict ?? '0';
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
