import type { Db } from '../db/tables.js';

/**
 * Records that files now belong to a record's field (file_bindings), so reading the record entitles
 * reading its files. `db` is the connection or the transaction of the change that attaches them: a
 * save binds its files in its own transaction, so the bindings exist exactly when the saved record
 * does. Additive: bindings are never removed by a later save.
 */
export async function bindRecordFiles(
  db: Db,
  entity: string,
  field: string,
  recordId: number,
  ids: readonly number[],
  now = Date.now(),
): Promise<void> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (!unique.length) return;
  await db
    .insertInto('file_bindings')
    .values(unique.map((id) => ({ file_id: id, entity, record_id: recordId, field, created_at: now })))
    .onConflict((oc) => oc.columns(['file_id', 'entity', 'record_id', 'field']).doNothing())
    .execute();
  await db
    .updateTable('files')
    .set({ belong_id: recordId })
    .where('id', 'in', unique)
    .where('belong_id', 'is', null)
    .execute();
}
