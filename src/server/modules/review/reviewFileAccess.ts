import type { Kysely } from 'kysely';
import type { AppContext } from '../../AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { KyselyRecordStore, type StoredRecord } from '../../platform/records/RecordStore.js';
import type { ReviewTargetsDef } from '../../../shared/schema/types.js';

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
  const doc = ctx.schemas.documents.get('reviewTargets') as Partial<ReviewTargetsDef> | undefined;
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

/**
 * Whether an expert gets a file without its author metadata: it is attached to a record they have
 * a task on in a blind batch (docx core and app properties, PDF Info are removed as it is sent).
 */
export async function blindExpertCopy(ctx: AppContext, user: SessionUser, fileId: number): Promise<boolean> {
  if (user.roleCode !== EXPERT) return false;
  const review = ctx.schemas.entities.get('review');
  const batchDef = ctx.schemas.entities.get('reviewBatch');
  const doc = ctx.schemas.documents.get('reviewTargets') as Partial<ReviewTargetsDef> | undefined;
  if (!review || !batchDef || !doc?.targets) return false;
  const bindings = await ctx.database.db
    .selectFrom('file_bindings')
    .select(['entity', 'record_id'])
    .where('file_id', '=', fileId)
    .limit(50)
    .execute();
  const store = KyselyRecordStore.of(ctx.database);
  for (const b of bindings) {
    if (!doc.targets[String(b.entity)]) continue;
    const { rows } = await store.list(review, {
      where: {
        t: 'and',
        items: [
          { t: 'cmp', field: 'expertUserId', op: '=', value: user.userId },
          { t: 'cmp', field: 'targetEntity', op: '=', value: String(b.entity) },
          { t: 'cmp', field: 'targetId', op: '=', value: Number(b.record_id) },
        ],
      },
      sort: [],
      offset: 0,
      limit: 50,
    });
    for (const r of rows) if ((await store.get(batchDef, Number(r.batchId)))?.blind === true) return true;
  }
  return false;
}

export function registerReviewFileAccess(ctx: AppContext): void {
  ctx.engine.onFileRead(expertDocumentFields);
  ctx.engine.onFileServe(blindExpertCopy);
}
