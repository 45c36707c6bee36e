import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { KyselyRecordStore, type StoredRecord } from '../../platform/records/RecordStore.js';
import type { ReviewTargetsDef } from '../../../shared/schema/types.js';
import { documentFieldsFor } from './targetMapping.js';
import { DOOR_CLOSED, WITHDRAWN, expertTasksOn, isClosedTask, withdrawnTasks } from './closedTask.js';
import type { Db } from '../../platform/db/tables.js';

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
  db: Db,
): Promise<readonly string[] | null> {
  if (user.roleCode !== EXPERT) return null;
  const doc = ctx.schemas.documents.get('reviewTargets') as Partial<ReviewTargetsDef> | undefined;
  const fields = doc?.targets?.[entity]?.documentFields;
  if (!fields?.length || !ctx.schemas.entities.get('review')) return null;
  // A task given up (回避, 谢绝, 替换) opens nothing: only a task the expert still holds does.
  const store = new KyselyRecordStore(db, ctx.database.dialect);
  const tasks = (await expertTasksOn(ctx, user, entity, record.id, store)).filter((r) => !isClosedTask(r));
  if (!tasks.length) return null;
  // In a blind batch only the identity-free documents, unless the batch opens every one.
  const open = new Set<string>();
  const batchDef = ctx.schemas.entities.get('reviewBatch');
  for (const r of tasks) {
    const batch = batchDef ? await store.get(batchDef, Number(r.batchId)) : null;
    for (const f of documentFieldsFor(doc!.targets![entity]!, batch)) open.add(f);
  }
  return fields.filter((f) => open.has(f));
}

/** The records of reviewed kinds a file is attached to. */
async function reviewedBindings(ctx: AppContext, fileId: number): Promise<Array<{ entity: string; id: number }>> {
  const doc = ctx.schemas.documents.get('reviewTargets') as Partial<ReviewTargetsDef> | undefined;
  if (!doc?.targets || !ctx.schemas.entities.get('review')) return [];
  const bindings = await ctx.database.db
    .selectFrom('file_bindings')
    .select(['entity', 'record_id'])
    .where('file_id', '=', fileId)
    .limit(50)
    .execute();
  return bindings
    .filter((b) => doc.targets![String(b.entity)])
    .map((b) => ({ entity: String(b.entity), id: Number(b.record_id) }));
}

/**
 * The door closed: an expert whose every task on the file's record is given up (a conflict
 * declared, declined, replaced) is refused with the reason, on every path (download, preview,
 * zip, a link issued earlier), rather than told the file does not exist.
 */
export async function closedTaskFile(ctx: AppContext, user: SessionUser, fileId: number): Promise<string | null> {
  if (user.roleCode !== EXPERT) return null;
  let closed = false;
  const bindings = await reviewedBindings(ctx, fileId);
  for (const b of bindings) {
    const tasks = await expertTasksOn(ctx, user, b.entity, b.id);
    if (tasks.some((r) => !isClosedTask(r))) return null;
    if (tasks.length) closed = true;
  }
  if (closed) return DOOR_CLOSED;
  // A task taken off the expert (取消分配) is deleted; the log still says it was theirs.
  if (!bindings.length) return null;
  const withdrawn = await withdrawnTasks(ctx, user);
  return bindings.some((b) => withdrawn.some((w) => w.targetEntity === b.entity && w.targetId === b.id))
    ? WITHDRAWN
    : null;
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
  ctx.engine.onFileDeny(closedTaskFile);
}
