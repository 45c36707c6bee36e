import type { AppContext } from '../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import { test } from '../../../shared/rules/evaluate.js';
import { allowed } from '../records/access.js';
import { ruleRecord } from '../records/output.js';
import { KyselyRecordStore } from '../records/RecordStore.js';
import { publicRuleContext } from '../records/ruleContext.js';
import type { Db } from '../db/tables.js';

/**
 * Whether `user` (null: an anonymous visitor) may read file `fileId` through record `id` of
 * `entity`: the record is readable to them (the engine's read rules, or its public rule) and the
 * file is still in one of the record's `files` fields they may see (a file taken out of a record
 * is no longer handed out through it).
 */
export async function canReadBoundRecord(
  ctx: AppContext,
  user: SessionUser | null,
  entityName: string,
  id: number,
  fileId: number,
  db: Db = ctx.database.db,
): Promise<boolean> {
  const entity = ctx.schemas.entities.get(entityName);
  if (!entity) return false;
  const record = await new KyselyRecordStore(db, ctx.database.dialect).get(entity, id);
  if (!record) return false;
  const holds = (fields: readonly string[]) =>
    fields.some((f) => {
      const value = record[f];
      return (
        entity.fields[f]?.type === 'files' &&
        Array.isArray(value) &&
        value.some((ref) => Number((ref as { id?: unknown })?.id) === fileId)
      );
    });
  if (user && allowed(entity, 'read', record, user) && holds(Object.keys(entity.fields))) return true;
  if (user) {
    for (const grant of ctx.engine.fileReadGrants()) {
      const fields = await grant(ctx, user, entityName, record, db);
      if (fields && holds(fields)) return true;
    }
  }
  const pub = entity.access.public;
  return !!pub && test(pub.when, publicRuleContext(ruleRecord(entity, record))) && holds(pub.fields);
}
