import type { AppContext } from '../../platform/AppContext.js';
import { KyselyRecordStore, type StoredRecord } from '../../platform/records/RecordStore.js';
import { blindNames } from './blindNames.js';
import { oncePerKey } from '../../platform/records/oncePerKey.js';

/** Task statuses of an expert who stepped back (conflict declared, declined): they score nothing. */
const STEPPED_BACK = ['4', '5'];

/**
 * The numbers experts of a blind batch carry on a record's results: 专家1, 专家2… over the tasks
 * that score it (review id order), the same in 评审列表 and in 排名与决定.
 */
export function scoringNames(reviewsOfTarget: StoredRecord[]): Map<number, string> {
  return blindNames(reviewsOfTarget.filter((r) => !STEPPED_BACK.includes(String(r.status))));
}

/**
 * 评审列表 says whose review each row is (评审专家): the expert's name, or in a blind batch 专家N for
 * everyone but the expert themselves, as 排名与决定 numbers them; the rows of one topic's experts
 * otherwise looked the same but for the score.
 */
export function registerExpertLabel(ctx: AppContext): void {
  ctx.engine.on('review', {
    readsFields: ['batchId', 'targetId', 'expertUserId', 'expertName', 'status'],
    async onRead(c, records, db, reader) {
      const batchDef = c.schemas.entities.get('reviewBatch');
      const store = new KyselyRecordStore(db, c.database.dialect);
      const isBlind = oncePerKey((id: number) => store.get(batchDef!, id).then((batch) => batch?.blind === true));
      // The numbers of one batch's topic are one list, read once for the rows sharing it.
      const names = oncePerKey(([batchId, targetId]: [number, number]) => scoringNamesOf(c, store, batchId, targetId));
      for (const record of records) {
        const name = String(record.expertName ?? '');
        const own = reader !== undefined && Number(record.expertUserId) === Number(reader.userId);
        if (own || !batchDef || !record.batchId || !(await isBlind(Number(record.batchId)))) {
          record.expertLabel = name;
          continue;
        }
        record.expertLabel = (await names([Number(record.batchId), Number(record.targetId)])).get(record.id) ?? '专家';
      }
    },
  });
}

async function scoringNamesOf(
  c: AppContext,
  store: KyselyRecordStore,
  batchId: number,
  targetId: number,
): Promise<Map<number, string>> {
  const { rows } = await store.list(c.schemas.entities.get('review')!, {
    where: {
      t: 'and',
      items: [
        { t: 'cmp', field: 'batchId', op: '=', value: batchId },
        { t: 'cmp', field: 'targetId', op: '=', value: targetId },
      ],
    },
    sort: [{ field: 'id', order: 'asc' }],
    offset: 0,
    limit: 200,
  });
  return scoringNames(rows);
}
