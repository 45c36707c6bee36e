import type { AppContext } from '../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import { CONVERTIBLE, extOf, PREVIEWABLE, UPLOAD_MESSAGES, type PreviewKind } from '../../../shared/fileTypes.js';
import { AppError } from '../http/AppError.js';
import { checkFile, optionalInt, rulesFor } from './fileRules.js';
import { fileService } from '../storage/fileService.js';
import { sanitizeFileName } from './fileName.js';
import { canReadBoundRecord } from './recordAccess.js';
import { signToken, verifyToken } from './signing.js';
import { contentTypeOf, type ContentKind } from './sniff.js';
import { completedSession } from './uploadSessions.js';
import { enqueueConversion } from '../conversion/conversionJobs.js';
import type { Selectable } from 'kysely';
import type { FilesTable } from '../db/rows.js';
import type { Db } from '../db/tables.js';

/** A stored file's row as the files table gives it. */
export type FileRow = Selectable<FilesTable>;

export interface BlobRow {
  md5: string;
  size: number;
  storage_key: string;
  kind: ContentKind;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
/** A `files` row with its numbers as numbers, whichever database answered. */
export function fileRow(row: Selectable<FilesTable>): FileRow {
  return {
    ...row,
    file_size: Number(row.file_size),
    created_at: Number(row.created_at),
    belong_id: num(row.belong_id),
  };
}

export async function filesByIds(ctx: AppContext, ids: number[]): Promise<FileRow[]> {
  if (!ids.length) return [];
  const rows = await ctx.database.db.selectFrom('files').selectAll().where('id', 'in', ids).execute();
  return rows.map(fileRow);
}

/** A stored file as a record's field holds it. */
export interface FileRef {
  id: number;
  fileName: string;
  fileSize: number;
  fileSuffix: string;
  md5: string;
}

export function toFileRef(row: FileRow): FileRef {
  return {
    id: row.id,
    fileName: row.original_file_name,
    fileSize: row.file_size,
    fileSuffix: row.file_suffix,
    md5: row.md5,
  };
}

/** Owner, or entitled to a record the file is attached to (anonymous visitors: a public record). */
export async function canReadFile(
  ctx: AppContext,
  user: SessionUser | null,
  file: FileRow,
  db: Db = ctx.database.db,
): Promise<boolean> {
  if (user && file.owner_user_id === user.userId) return true;
  const bindings = await db
    .selectFrom('file_bindings')
    .select(['entity', 'record_id'])
    .where('file_id', '=', file.id)
    .limit(50)
    .execute();
  for (const b of bindings) {
    if (await canReadBoundRecord(ctx, user, b.entity, Number(b.record_id), file.id, db)) return true;
  }
  return false;
}

/**
 * Whether this user may already read some file with content `md5`: then an upload of the same
 * bytes is answered at once. Knowing a hash alone is never enough.
 */
export async function mayReadContent(ctx: AppContext, user: SessionUser, md5: string): Promise<boolean> {
  const db = ctx.database.db;
  const own = await db
    .selectFrom('files')
    .select('id')
    .where('md5', '=', md5)
    .where('owner_user_id', '=', user.userId)
    .executeTakeFirst();
  if (own) return true;
  const bound = await db
    .selectFrom('file_bindings as b')
    .innerJoin('files as f', 'f.id', 'b.file_id')
    .select(['b.entity', 'b.record_id', 'b.file_id'])
    .where('f.md5', '=', md5)
    .limit(50)
    .execute();
  for (const b of bound) {
    if (await canReadBoundRecord(ctx, user, b.entity, Number(b.record_id), Number(b.file_id))) return true;
  }
  return false;
}

export async function blobOf(ctx: AppContext, md5: string, db: Db = ctx.database.db): Promise<BlobRow | undefined> {
  const row = await db
    .selectFrom('file_blobs')
    .select(['md5', 'size', 'storage_key', 'kind'])
    .where('md5', '=', md5)
    .where('complete', '=', 1)
    .executeTakeFirst();
  // `kind` holds only what sniffing the content answered when it was stored.
  return row ? { ...row, size: Number(row.size), kind: row.kind as ContentKind } : undefined;
}

/** What the browser can show of this file, judged by its name and by its checked content. */
export function previewKindOf(file: Pick<FileRow, 'file_suffix'>, blob: Pick<BlobRow, 'kind'>): PreviewKind | null {
  if (CONVERTIBLE[file.file_suffix]) return CONVERTIBLE[file.file_suffix];
  const kind = PREVIEWABLE[file.file_suffix];
  if (!kind) return null;
  const type = contentTypeOf(blob.kind);
  const fits =
    kind === 'image'
      ? type.startsWith('image/')
      : kind === 'pdf'
        ? type === 'application/pdf'
        : type.startsWith('video/');
  return fits ? kind : null;
}

/**
 * A URL for elements that cannot send headers (img, video, iframe). For a logged-in reader it is
 * signed for them and their session (see fileCookie.ts): it fails for anyone else and at logout.
 * An anonymous reader (public files of published public records) gets the plain, stable URL,
 * which the server answers after checking the record is public.
 */
export async function signedLink(
  ctx: AppContext,
  user: SessionUser | null,
  fileId: number,
  what: 'preview' | 'download',
): Promise<string> {
  // Under the base path, where a proxy that forwards only the base passes it (web/baseHref.ts).
  const root = ctx.config.basePath.replace(/\/$/, '');
  const base = what === 'preview' ? `${root}/api/file/preview/${fileId}` : `${root}/api/file/download?id=${fileId}`;
  if (!user) return base;
  const token = await signToken(ctx, {
    s: 'link',
    u: user.userId,
    k: sessionKey(user.tokenHash),
    f: fileId,
    w: what,
    e: Date.now() + fileService(ctx).config.linkTtlMs,
  });
  return `${base}${what === 'preview' ? '?' : '&'}t=${encodeURIComponent(token)}`;
}

/** Names a session in a link without giving away anything that opens it. */
function sessionKey(tokenHash: string): string {
  return tokenHash.slice(0, 24);
}

/**
 * The file a signed link names, when the link is genuine, fresh, for this file, and presented in
 * the live session of the user it was issued to (`session`: from the Authorization header or the
 * file cookie).
 */
export async function fileIdFromLink(
  ctx: AppContext,
  token: unknown,
  what: 'preview' | 'download',
  session: SessionUser | null,
): Promise<{ fileId: number; userId: number } | null> {
  const claims = await verifyToken(ctx, token, 'link');
  if (!claims || claims.w !== what || typeof claims.f !== 'number') return null;
  if (!session || session.userId !== claims.u || claims.k !== sessionKey(session.tokenHash)) return null;
  return { fileId: claims.f, userId: claims.u };
}

/** The file and its bytes' record, when this caller may read it; 下载地址不存在 otherwise (no hint whether it exists). */
export async function readableFile(
  ctx: AppContext,
  user: SessionUser | null,
  id: number,
  viaLinkOf?: number,
): Promise<{ file: FileRow; blob: BlobRow }> {
  const missing = () => new AppError(UPLOAD_MESSAGES.missing, 404, 404);
  const [file] = await filesByIds(ctx, [id]);
  if (!file) throw missing();
  // A door a module closed stays closed on every path, a link issued before it closed too.
  if (user && file.owner_user_id !== user.userId)
    for (const deny of ctx.engine.fileDenyChecks()) {
      const why = await deny(ctx, user, file.id);
      if (why) throw AppError.forbidden(why);
    }
  // A signed link was checked when it was issued; it stays good for its short life.
  const allowed = viaLinkOf !== undefined ? true : await canReadFile(ctx, user, file);
  if (!allowed) throw missing();
  const blob = await blobOf(ctx, file.md5);
  if (!blob) throw missing();
  return { file, blob };
}

export interface UploadFileInput {
  belongType: unknown;
  belongId?: unknown;
  contextId: unknown;
  originalFileName: unknown;
}

/** file/uploadFile: a file record of this user for content they uploaded (or were granted). */
export async function createFileRecord(ctx: AppContext, user: SessionUser, input: UploadFileInput) {
  if (typeof input.belongType !== 'string' || !input.belongType || input.belongType.length > 128)
    throw AppError.invalid();
  const belongId = optionalInt(input.belongId) ?? null;
  const session = await completedSession(ctx, user, input.contextId);
  const blob = await blobOf(ctx, session.md5);
  if (!blob) throw new AppError('文件未上传完成，请重新上传');
  const name = sanitizeFileName(input.originalFileName);
  const suffix = extOf(name);
  checkFile(rulesFor(ctx, input.belongType), suffix, blob.kind, blob.size);
  const inserted = await ctx.database.db
    .insertInto('files')
    .values({
      owner_user_id: user.userId,
      md5: blob.md5,
      original_file_name: name,
      file_suffix: suffix,
      file_size: blob.size,
      belong_type: input.belongType,
      belong_id: belongId,
      context_id: session.context_id,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  // Office, text, video and audio files are shown converted: the job starts now (once per content).
  await enqueueConversion(ctx, blob.md5, suffix);
  const preview = CONVERTIBLE[suffix] ?? previewKindOf({ file_suffix: suffix }, blob);
  return {
    id,
    fileName: name,
    originalFileName: name,
    fileSize: blob.size,
    fileSuffix: suffix,
    md5: blob.md5,
    contextId: session.context_id,
    previewKind: preview,
    previewUrl: preview ? await signedLink(ctx, user, id, 'preview') : null,
    downloadUrl: await signedLink(ctx, user, id, 'download'),
  };
}
