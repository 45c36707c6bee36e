import type { AppContext } from '../../platform/AppContext.js';
import type { RecordStore } from '../../platform/records/RecordStore.js';

/**
 * The next topic number of a year: "KT" + year + a four-digit sequence (KT20260001), one more than
 * the highest number given that year. Runs inside the approving transition's transaction.
 */
export async function nextTopicNo(ctx: AppContext, store: RecordStore, year: string): Promise<string> {
  const entity = ctx.schemas.entities.get('topic')!;
  const prefix = `KT${year}`;
  const { rows } = await store.list(entity, {
    where: { t: 'like', field: 'topicNo', value: prefix },
    sort: [{ field: 'topicNo', order: 'desc' }],
    offset: 0,
    limit: 1,
  });
  const last = rows[0]?.topicNo;
  const seq = typeof last === 'string' && last.startsWith(prefix) ? Number(last.slice(prefix.length)) || 0 : 0;
  return `${prefix}${String(seq + 1).padStart(4, '0')}`;
}
