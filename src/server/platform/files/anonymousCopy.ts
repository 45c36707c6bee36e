import type { FastifyReply, FastifyRequest } from 'fastify';
import { zipBuffer, type ZipPart } from './zip.js';
import type { AppContext } from '../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import { AppError } from '../http/AppError.js';
import type { FileStorage } from '../storage/FileStorage.js';
import type { FileRow } from './fileRecords.js';
import { fileService } from '../storage/fileService.js';
import { sendStored } from './sendFile.js';
import { isLegacyOffice, mayCarryAuthor, metadataKind, stripAuthorMetadata } from './stripAuthorMetadata.js';
import { convertedObject } from '../conversion/conversionPreview.js';
import { contentDisposition } from './sendFile.js';

/** Why a legacy Office document is not given to a blind reader yet. */
export const LEGACY_NOT_READY = '该文件需转换为PDF后才能在隐名评审中查看，请稍后再试';

/** A file's name with its suffix replaced by .pdf. */
const asPdfName = (name: string) => name.replace(/\.[^.]*$/, '') + '.pdf';

/**
 * The converted PDF that stands for a legacy Office document (.doc, .xls, .ppt) before a blind
 * reader: its summary information cannot be cleaned in place, the PDF can. Refused until it exists.
 */
async function legacyStandIn(ctx: AppContext, file: FileRow): Promise<{ key: string; size: number }> {
  const converted = await convertedObject(ctx, file);
  if (!converted || converted.contentType !== 'application/pdf') throw new AppError(LEGACY_NOT_READY, 409, 409);
  return { key: converted.key, size: converted.size };
}

/** Largest document cleaned in memory; a bigger one is refused to such a reader rather than sent as it is. */
const MAX_CLEAN_BYTES = 200 * 1024 * 1024;

/** Whether this reader gets the file without its author metadata (a module's check, e.g. blind review); never its owner. */
export async function wantsAnonymousCopy(
  ctx: AppContext,
  user: SessionUser | null,
  file: Pick<FileRow, 'id' | 'owner_user_id'>,
): Promise<boolean> {
  if (!user || user.userId === file.owner_user_id) return false;
  for (const check of ctx.engine.fileServeChecks()) if (await check(ctx, user, file.id)) return true;
  return false;
}

/**
 * Sends a cleaned copy of one stored object (whole, no ranges): Office and PDF documents without
 * author metadata, made in memory for this response; the stored object stays as uploaded.
 */
export async function sendAnonymousCopy(
  reply: FastifyReply,
  storage: FileStorage,
  opts: {
    key: string;
    size: number;
    suffix: string;
    contentType: string;
    disposition: string;
    extraHeaders?: Record<string, string>;
  },
): Promise<FastifyReply> {
  if (opts.size > MAX_CLEAN_BYTES) throw new AppError('文件过大，无法提供隐名副本，请联系管理员', 400, 400);
  let bytes: Buffer;
  try {
    const parts: Buffer[] = [];
    for await (const chunk of (await storage.createReadStream(opts.key)) as AsyncIterable<Buffer>) parts.push(chunk);
    bytes = Buffer.concat(parts);
  } catch {
    throw new AppError('下载地址不存在', 404, 404);
  }
  const cleaned = metadataKind(opts.suffix, bytes) ? await stripAuthorMetadata(bytes, opts.suffix) : bytes;
  reply.header('Accept-Ranges', 'none');
  reply.header('Content-Type', opts.contentType);
  reply.header('Content-Disposition', opts.disposition);
  reply.header('Cache-Control', 'private, no-store');
  reply.header('X-Content-Type-Options', 'nosniff');
  for (const [k, v] of Object.entries(opts.extraHeaders ?? {})) reply.header(k, v);
  reply.header('Content-Length', String(cleaned.length));
  return reply.send(cleaned);
}

/**
 * One stored object to `reader`: a cleaned copy of a document when a module asks for one, else
 * streamed with ranges (media and pictures always: there is nothing in them to clean).
 */
export async function sendForReader(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  reader: SessionUser | null,
  file: FileRow,
  opts: Parameters<typeof sendStored>[3] & { suffix: string },
): Promise<FastifyReply> {
  const storage = fileService(ctx).storage;
  if (mayCarryAuthor(opts.suffix, opts.contentType) && (await wantsAnonymousCopy(ctx, reader, file))) {
    if (!isLegacyOffice(opts.suffix)) return sendAnonymousCopy(reply, storage, opts);
    const pdf = await legacyStandIn(ctx, file);
    const kind = opts.disposition.startsWith('inline') ? 'inline' : 'attachment';
    return sendAnonymousCopy(reply, storage, {
      ...opts,
      ...pdf,
      suffix: 'pdf',
      contentType: kind === 'inline' ? 'application/pdf' : opts.contentType,
      disposition: contentDisposition(kind, asPdfName(file.original_file_name)),
    });
  }
  return sendStored(request, reply, storage, opts);
}

/**
 * A zip of files for `reader` when any of them must be cleaned (null otherwise: the streamed zip
 * serves): each such file without its author metadata, the others as stored; built in memory.
 */
export async function anonymousZip(
  ctx: AppContext,
  reader: SessionUser | null,
  files: Array<{ file: FileRow; blob: { storage_key: string; size: number } }>,
  names: string[],
): Promise<Buffer | null> {
  const clean: boolean[] = [];
  for (const { file } of files) clean.push(await wantsAnonymousCopy(ctx, reader, file));
  if (!clean.some(Boolean)) return null;
  if (files.reduce((n, f) => n + f.blob.size, 0) > MAX_CLEAN_BYTES)
    throw new AppError('文件过大，无法提供隐名副本，请逐个下载', 400, 400);
  const storage = fileService(ctx).storage;
  const parts: ZipPart[] = [];
  for (const [i, { file, blob }] of files.entries()) {
    const legacy = clean[i] && isLegacyOffice(file.file_suffix);
    const key = legacy ? (await legacyStandIn(ctx, file)).key : blob.storage_key;
    const chunks: Buffer[] = [];
    for await (const chunk of (await storage.createReadStream(key)) as AsyncIterable<Buffer>) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    const data = clean[i] ? await stripAuthorMetadata(bytes, legacy ? 'pdf' : file.file_suffix) : bytes;
    parts.push({
      name: legacy ? asPdfName(names[i]!) : names[i]!,
      data,
      mtime: new Date(file.created_at),
      compress: false,
    });
  }
  return zipBuffer(parts);
}
