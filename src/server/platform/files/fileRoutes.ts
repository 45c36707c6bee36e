import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findSession, type SessionUser } from '../auth/sessions.js';
import { fileCookieToken } from './fileCookie.js';
import { startUploadSweep } from './uploadSweep.js';
import { conversionStatus, conversionTargetOf, convertedObject } from '../conversion/conversionPreview.js';
import { startConversions } from '../conversion/startConversions.js';
import type { AppContext } from '../AppContext.js';
import { currentUser } from '../auth/authPlugin.js';
import { ok } from '../http/envelope.js';
import { AppError } from '../http/AppError.js';
import { UPLOAD_MESSAGES } from '../../../shared/fileTypes.js';
import { fileServerRoutes } from './fileServerRoutes.js';
import { normaliseMd5 } from './fileRules.js';
import { fileService } from '../storage/fileService.js';
import {
  blobOf,
  canReadFile,
  createFileRecord,
  fileIdFromLink,
  filesByIds,
  mayReadContent,
  previewKindOf,
  readableFile,
  signedLink,
} from './fileRecords.js';
import { anonymousZip, sendForReader } from './anonymousCopy.js';
import { contentDisposition, uniqueNames, zipOf } from './sendFile.js';
import { contentTypeOf } from './sniff.js';
import { grantContext } from './uploadSessions.js';
import { issueChunkTokens, issueStorageTokens } from './uploadTokens.js';
import { MAX_ID } from '../http/inputGuard.js';

const subAct = { type: 'string', maxLength: 16 } as const;
const md5 = { type: 'string', maxLength: 32 } as const;
const ext = { type: 'string', maxLength: 16 } as const;
const count = { type: 'integer', minimum: 1 } as const;
const contextId = { type: 'string', maxLength: 64 } as const;
const idList = { type: 'string', maxLength: 2000 } as const;
/** At most this many files in one zip. */
const MAX_ZIP_FILES = 200;

const body = (properties: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties: { subAct, ...properties },
});

/** The session a link is presented in: the Authorization header's, or the file cookie's. */
async function linkSession(ctx: AppContext, request: FastifyRequest): Promise<SessionUser | null> {
  if (request.user) return request.user;
  const token = fileCookieToken(request);
  return token ? findSession(ctx.database, token, Date.now(), ctx.config.sessionMaxMs) : null;
}

function parseIds(raw: unknown): number[] {
  const list = Array.isArray(raw)
    ? raw
    : typeof raw === 'string'
      ? raw.split(',')
      : typeof raw === 'number'
        ? [raw]
        : [];
  const ids = list
    .map((v) => (typeof v === 'string' ? v.trim() : v))
    .filter((v) => v !== '')
    .map(Number);
  if (!ids.length || ids.some((id) => !Number.isSafeInteger(id) || id < 1 || id > MAX_ID)) throw AppError.invalid();
  return [...new Set(ids)];
}

/**
 * The file calls of SPEC §7 under /api/file/ and the chunk file server under /fileserver/v2/.
 * Reading a file needs its owner, someone entitled to a record it is attached to, or a signed link
 * (for img / video / iframe, which cannot send the Authorization header).
 */
export async function fileRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  await app.register(fileServerRoutes, { prefix: '/fileserver/v2', ctx });
  startUploadSweep(app, ctx);
  startConversions(app, ctx);

  app.post('/api/file/checkMd5', { schema: { body: body({ md5 }, ['md5']) } }, async (request) => {
    const user = currentUser(request);
    const { md5: raw } = request.body as { md5: string };
    const hash = normaliseMd5(raw);
    const blob = await blobOf(ctx, hash);
    // Knowing a hash is not enough: only content this user may already read is answered at once.
    if (!blob || !(await mayReadContent(ctx, user, hash))) return ok({ md5: hash, contextId: null });
    // Only bytes that are really stored: a record whose bytes were lost gets them back from this
    // upload (completeUpload writes them) instead of being confirmed at once without them.
    if (!(await fileService(ctx).storage.exists(blob.storage_key))) return ok({ md5: hash, contextId: null });
    return ok({ md5: hash, contextId: await grantContext(ctx, user, hash, blob.size), fileSize: blob.size });
  });

  // How big the uploader's chunks may be (UPLOAD_CHUNK_MB): asked once per page, before hashing.
  app.get(
    '/api/file/uploadSettings',
    {
      config: { auth: 'public' },
      schema: { querystring: { type: 'object', properties: { subAct }, additionalProperties: false } },
    },
    async () => ok({ chunkSize: fileService(ctx).config.chunkBytes }),
  );

  app.post(
    '/api/file/getCyStorageToken',
    {
      schema: {
        body: body(
          {
            fileExt: ext,
            chunks: count,
            md5,
            fileSize: { type: 'integer', minimum: 0 },
            belongType: { type: 'string', maxLength: 128 },
          },
          ['fileExt', 'chunks', 'md5'],
        ),
      },
    },
    async (request) => ok(await issueStorageTokens(ctx, currentUser(request), request.body as any)),
  );

  app.post(
    '/api/file/getTokenByChunks',
    {
      schema: {
        body: body({ fileExt: ext, chunks: count, md5, contextId }, ['fileExt', 'chunks', 'md5', 'contextId']),
      },
    },
    async (request) => ok(await issueChunkTokens(ctx, currentUser(request), request.body as any)),
  );

  app.post(
    '/api/file/uploadFile',
    {
      schema: {
        body: body(
          {
            belongType: { type: 'string', minLength: 1, maxLength: 128 },
            belongId: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 20 }, { type: 'null' }] },
            contextId,
            originalFileName: { type: 'string', maxLength: 1000 },
          },
          ['belongType', 'contextId', 'originalFileName'],
        ),
      },
    },
    async (request) => ok(await createFileRecord(ctx, currentUser(request), request.body as any)),
  );

  // What the browser needs to show a file: its kind and a signed URL (SPEC §7 file/preview).
  app.post(
    '/api/file/preview/:id',
    {
      config: { auth: 'optional' },
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: MAX_ID } } },
        body: { type: ['object', 'null'], properties: { subAct } },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const { file, blob } = await readableFile(ctx, request.user, id);
      const target = conversionTargetOf(file);
      if (target) {
        // Shown converted: the PDF, mp4 or audio file once ready; until then where its conversion stands.
        const conversion = await conversionStatus(ctx, file, target);
        return ok({
          id,
          kind: target,
          fileName: file.original_file_name,
          fileSuffix: file.file_suffix,
          fileSize: file.file_size,
          conversion,
          previewUrl: conversion.state === 'done' ? await signedLink(ctx, request.user, id, 'preview') : null,
          downloadUrl: await signedLink(ctx, request.user, id, 'download'),
        });
      }
      const kind = previewKindOf(file, blob);
      if (!kind) throw new AppError(UPLOAD_MESSAGES.noPreview);
      return ok({
        id,
        kind,
        fileName: file.original_file_name,
        fileSuffix: file.file_suffix,
        fileSize: file.file_size,
        contentType: contentTypeOf(blob.kind),
        previewUrl: await signedLink(ctx, request.user, id, 'preview'),
      });
    },
  );

  // Fresh links for a list of files (read-pretty lists, public pages); files the caller may not read are left out.
  app.post(
    '/api/file/links',
    {
      config: { auth: 'optional' },
      schema: {
        body: body(
          {
            ids: {
              anyOf: [
                { type: 'array', maxItems: 100, items: { type: 'integer', minimum: 1, maximum: MAX_ID } },
                idList,
              ],
            },
          },
          ['ids'],
        ),
      },
    },
    async (request) => {
      const ids = parseIds((request.body as { ids: unknown }).ids);
      const out = [];
      for (const file of await filesByIds(ctx, ids)) {
        if (!(await canReadFile(ctx, request.user, file))) continue;
        const blob = await blobOf(ctx, file.md5);
        if (!blob) continue;
        const kind = previewKindOf(file, blob);
        out.push({
          id: file.id,
          fileName: file.original_file_name,
          fileSize: file.file_size,
          fileSuffix: file.file_suffix,
          md5: file.md5,
          previewKind: kind,
          previewUrl: kind ? await signedLink(ctx, request.user, file.id, 'preview') : null,
          downloadUrl: await signedLink(ctx, request.user, file.id, 'download'),
        });
      }
      return ok(out);
    },
  );

  // The bytes, inline, for img / video / iframe: a signed link or a session.
  app.get(
    '/api/file/preview/:id',
    {
      config: { auth: 'optional' },
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: MAX_ID } } },
        querystring: { type: 'object', properties: { t: { type: 'string', maxLength: 2048 }, subAct } },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      const { t } = request.query as { t?: string };
      const session = t ? await linkSession(ctx, request) : null;
      const link = t ? await fileIdFromLink(ctx, t, 'preview', session) : null;
      if (t && (!link || link.fileId !== id)) throw new AppError(UPLOAD_MESSAGES.missing, 404, 404);
      const { file, blob } = await readableFile(ctx, request.user ?? session, id, link?.fileId);
      const reader = request.user ?? (link ? session : null);
      if (conversionTargetOf(file)) {
        const converted = await convertedObject(ctx, file);
        if (!converted) throw new AppError(UPLOAD_MESSAGES.noPreview);
        const pdf = converted.contentType === 'application/pdf';
        return sendForReader(ctx, request, reply, reader, file, {
          suffix: pdf ? 'pdf' : '',
          key: converted.key,
          size: converted.size,
          contentType: converted.contentType,
          disposition: contentDisposition(
            'inline',
            file.original_file_name.replace(/\.[^.]*$/, '') +
              (pdf ? '.pdf' : converted.contentType === 'video/mp4' ? '.mp4' : '.m4a'),
          ),
          // Asked again at every opening: access can end (a review task declined, a blind batch).
          cache: 'private, no-cache',
          extraHeaders: pdf
            ? {}
            : { 'Content-Security-Policy': "default-src 'none'; img-src 'self'; media-src 'self'; sandbox" },
        });
      }
      const kind = previewKindOf(file, blob);
      if (!kind) throw new AppError(UPLOAD_MESSAGES.noPreview);
      return sendForReader(ctx, request, reply, reader, file, {
        suffix: file.file_suffix,
        key: blob.storage_key,
        size: blob.size,
        contentType: contentTypeOf(blob.kind),
        disposition: contentDisposition('inline', file.original_file_name),
        cache: 'private, no-cache',
        // Pictures and videos run no script; PDFs are left to the browser's viewer, which sandboxing would block.
        extraHeaders:
          kind === 'pdf'
            ? {}
            : { 'Content-Security-Policy': "default-src 'none'; img-src 'self'; media-src 'self'; sandbox" },
      });
    },
  );

  app.get(
    '/api/file/download',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: {
          type: 'object',
          required: ['id'],
          properties: {
            id: { type: 'integer', minimum: 1, maximum: MAX_ID },
            t: { type: 'string', maxLength: 2048 },
            subAct,
          },
        },
      },
    },
    async (request, reply) => {
      const { id, t } = request.query as { id: number; t?: string };
      const session = t ? await linkSession(ctx, request) : null;
      const link = t ? await fileIdFromLink(ctx, t, 'download', session) : null;
      if (t && (!link || link.fileId !== id)) throw new AppError(UPLOAD_MESSAGES.missing, 404, 404);
      const { file, blob } = await readableFile(ctx, request.user ?? session, id, link?.fileId);
      return sendForReader(ctx, request, reply, request.user ?? (link ? session : null), file, {
        suffix: file.file_suffix,
        key: blob.storage_key,
        size: blob.size,
        contentType: 'application/octet-stream',
        disposition: contentDisposition('attachment', file.original_file_name),
        cache: 'private, no-store',
      });
    },
  );

  app.post(
    '/api/file/downloadZip',
    {
      config: { auth: 'optional' },
      schema: {
        querystring: { type: 'object', properties: { ids: idList, subAct, name: { type: 'string', maxLength: 100 } } },
        body: {
          type: ['object', 'null'],
          properties: {
            ids: {
              anyOf: [
                { type: 'array', maxItems: MAX_ZIP_FILES, items: { type: 'integer', minimum: 1, maximum: MAX_ID } },
                idList,
              ],
            },
            subAct,
            name: { type: 'string', maxLength: 100 },
          },
        },
      },
    },
    async (request, reply) => {
      const query = request.query as { ids?: string; name?: string };
      const given = (request.body ?? {}) as { ids?: unknown; name?: string };
      const ids = parseIds(query.ids ?? given.ids);
      if (ids.length > MAX_ZIP_FILES) throw AppError.invalid();
      const files = [];
      for (const id of ids) files.push(await readableFile(ctx, request.user, id));
      // A reader who must not learn the authors (blind review) gets cleaned copies, zipped in memory.
      const cleaned = await anonymousZip(
        ctx,
        request.user,
        files,
        uniqueNames(files.map((f) => f.file.original_file_name)),
      );
      const { stream, size } = cleaned
        ? { stream: cleaned, size: cleaned.length }
        : zipOf(
            fileService(ctx).storage,
            files.map(({ file, blob }) => ({
              key: blob.storage_key,
              name: file.original_file_name,
              size: blob.size,
              mtime: new Date(file.created_at),
            })),
          );
      const zipName = `${(query.name ?? given.name ?? '附件').replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_') || '附件'}.zip`;
      reply.header('Content-Type', 'application/zip');
      reply.header('Content-Disposition', contentDisposition('attachment', zipName));
      reply.header('Cache-Control', 'private, no-store');
      reply.header('X-Content-Type-Options', 'nosniff');
      if (size >= 0) reply.header('Content-Length', String(size));
      return reply.send(stream);
    },
  );
}
