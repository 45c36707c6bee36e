import type { Kysely } from 'kysely';
import type { AppContext } from '../../AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { KyselyRecordStore, type StoredRecord } from '../../platform/records/RecordStore.js';

const EXPERT = '5';

/**
 * The documents of a reviewed record, for the experts assigned to it: an expert cannot read topics
 * (their read rules keep them out), yet must read the application they score. Only the mapping's
 * document fields, only the records the expert has a task on, only in the expert role.
 */
export async function expertDocumentFields(
  ctx: AppContext,
  user: SessionUser,
  entity: string,
  record: StoredRecord,
  db: Kysely<any>,
): Promise<readonly string[] | null> {
  if (user.roleCode !== EXPERT) return null;
  const doc = ctx.schemas.documents.get('reviewTargets') as
    { targets?: Record<string, { documentFields?: string[] }> } | undefined;
  const fields = doc?.targets?.[entity]?.documentFields;
  const review = ctx.schemas.entities.get('review');
  if (!fields?.length || !review) return null;
  const { total } = await new KyselyRecordStore(db, ctx.database.dialect).list(review, {
    where: {
      t: 'and',
      items: [
        { t: 'cmp', field: 'expertUserId', op: '=', value: user.userId },
        { t: 'cmp', field: 'targetEntity', op: '=', value: entity },
        { t: 'cmp', field: 'targetId', op: '=', value: record.id },
      ],
    },
    sort: [],
    offset: 0,
    limit: 1,
  });
  return total > 0 ? fields : null;
}

export function registerReviewFileAccess(ctx: AppContext): void {
  ctx.engine.onFileRead(expertDocumentFields);
}
