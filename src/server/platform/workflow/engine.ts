import type { AppContext } from '../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import { AppError } from '../http/AppError.js';
import { KyselyRecordStore, type RecordStore, type StoredRecord } from '../records/RecordStore.js';
import { commentOf, workflowOf, writeRecords, type TransitionInput } from '../records/recordWriter.js';

export { WORKFLOW_MESSAGES, workflowOf } from '../records/recordWriter.js';

export interface FireInput extends TransitionInput {
  entity: string;
}

/**
 * Fires a workflow transition through the records' one write path (RecordWriter.transition), in
 * one transaction: two people deciding on the same version get one transition, the other is
 * answered 409. `user` null means the server itself (system transitions).
 */
export async function fire(
  ctx: AppContext,
  input: FireInput,
  user: SessionUser | null,
  store: RecordStore = KyselyRecordStore.of(ctx.database),
): Promise<StoredRecord> {
  const entity = ctx.schemas.entities.get(input.entity);
  if (!entity)
    throw AppError.invalid([{ field: 'entity', label: 'entity', message: `unknown entity ${input.entity}` }]);
  const workflow = workflowOf(ctx, entity);
  if (!workflow || !workflow.transitions.some((t) => t.action === input.action)) {
    throw AppError.invalid([{ field: 'action', label: '操作', message: `未知的操作：${input.action}` }]);
  }
  const comment = commentOf(input.comment);
  return writeRecords(ctx, store, entity, (w) => w.transition(user, { ...input, comment }, Date.now()));
}

/** For server jobs and other modules (expire, withdraw): fires a system transition on the current version. */
export async function fireAsSystem(ctx: AppContext, input: Omit<FireInput, 'version'>): Promise<StoredRecord> {
  const entity = ctx.schemas.entities.get(input.entity);
  if (!entity) throw new Error(`unknown entity ${input.entity}`);
  const store = KyselyRecordStore.of(ctx.database);
  const current = await store.get(entity, input.id);
  if (!current) throw AppError.notFound();
  return fire(ctx, { ...input, version: current.version }, null, store);
}
