import type { AppContext } from '../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import { UPLOAD_MESSAGES } from '../../../shared/fileTypes.js';
import { AppError } from '../http/AppError.js';
import { checkFile, rulesFor } from './fileRules.js';
import { blobOf, canReadFile, fileRow, toFileRef, type FileRef } from './fileRecords.js';
import { bindRecordFiles } from '../records/fileBindings.js';
import type { Db } from '../db/tables.js';

/** What a `files` field of a record stores for each file. */
export type { FileRef } from './fileRecords.js';

export interface FileRefOptions {
  /**
   * The field taking the files, as "entity.field" (e.g. "announcement.attachments"): when given,
   * the files are checked against that field's type set, size limit and count.
   */
  belongType?: string;
  /** Run inside this transaction (SQLite has one connection: a query outside an open transaction would wait for it). */
  db?: Db;
}

/**
 * Contract between the resources engine and the file service.
 * resolveFileRefs: turns the ids a client sent into stored refs; refuses (AppError 参数不合法) an id
 * that does not exist or that this user may not attach (not theirs and not readable by them), and,
 * with `belongType`, a file the field does not allow (its SPEC §5 message).
 * bindFiles: records that these files now belong to a record, so reading the record entitles
 * reading its files. Additive: bindings are never removed by a later save.
 */
export async function resolveFileRefs(
  ctx: AppContext,
  user: SessionUser,
  ids: number[],
  opts: FileRefOptions = {},
): Promise<FileRef[]> {
  if (!Array.isArray(ids) || ids.some((id) => !Number.isSafeInteger(id) || id < 1)) throw AppError.invalid();
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const db = opts.db ?? ctx.database.db;
  const rows = (await db.selectFrom('files').selectAll().where('id', 'in', unique).execute()).map(fileRow);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const rules = opts.belongType ? rulesFor(ctx, opts.belongType) : null;
  if (rules && rules.maxCount >= 0 && unique.length > rules.maxCount) throw new AppError(UPLOAD_MESSAGES.tooMany);
  const refs: FileRef[] = [];
  for (const id of unique) {
    const row = byId.get(id);
    if (!row) throw AppError.invalid({ fileId: id });
    if (row.owner_user_id !== user.userId && !(await canReadFile(ctx, user, row, db)))
      throw AppError.invalid({ fileId: id });
    if (rules) {
      const blob = await blobOf(ctx, row.md5, db);
      if (!blob) throw AppError.invalid({ fileId: id });
      checkFile(rules, row.file_suffix, blob.kind, blob.size);
    }
    refs.push(toFileRef(row));
  }
  return refs;
}

export async function bindFiles(
  ctx: AppContext,
  belongType: string,
  belongId: number,
  ids: number[],
  opts: Pick<FileRefOptions, 'db'> = {},
): Promise<void> {
  const [entity, field = ''] = belongType.split('.');
  if (!entity || !Number.isSafeInteger(belongId)) throw AppError.invalid();
  await bindRecordFiles(opts.db ?? ctx.database.db, entity, field, belongId, ids);
}
