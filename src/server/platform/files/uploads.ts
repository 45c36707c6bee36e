import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AppContext } from '../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import { tooLargeMessage, UPLOAD_MESSAGES } from '../../../shared/fileTypes.js';
import { AppError } from '../http/AppError.js';
import { checkFile, normaliseMd5, positiveInt, rulesFor } from './fileRules.js';
import { fileService } from '../storage/fileService.js';
import { sniffKind } from './sniff.js';
import { blobKey, ChunkMismatchError, ChunkTooLargeError, type StagedFile } from '../storage/FileStorage.js';
import { claimsFor, newContextId, sessionByToken, type SessionRow, type SessionStatus } from './uploadSessions.js';

/** The file server's upload calls (/fileserver/v2/*): prepare, chunks, completion. */

/**
 * prepare: opens an upload session, or finds the user's unfinished one for the same file so an
 * interrupted upload resumes; answers the contextId and the chunks already stored.
 */
export async function prepareUpload(
  ctx: AppContext,
  user: SessionUser,
  input: { token: unknown; chunkSize: unknown; md5?: unknown },
) {
  const claims = await claimsFor(ctx, user, input.token, ['prepare']);
  const md5 = String(claims.m);
  if (input.md5 !== undefined && normaliseMd5(input.md5) !== md5) throw AppError.invalid();
  const chunks = Number(claims.n);
  const chunkSize = positiveInt(input.chunkSize);
  const fileSize = claims.z === undefined ? null : Number(claims.z);
  // The chunk count must fit the size, or a client could announce tiny chunks and send huge ones.
  if (fileSize !== null && Math.max(1, Math.ceil(fileSize / chunkSize)) !== chunks) throw AppError.invalid();
  // A chunk over the configured size would be refused by the proxy in front, without a word of why.
  if (Math.min(chunkSize, fileSize ?? chunkSize) > fileService(ctx).config.chunkBytes)
    throw new AppError(UPLOAD_MESSAGES.chunkTooLarge);
  const db = ctx.database.db;
  const now = Date.now();
  const { resumeTtlMs } = fileService(ctx).config;
  const existing = await db
    .selectFrom('upload_sessions')
    .select('context_id')
    .where('user_id', '=', user.userId)
    .where('md5', '=', md5)
    .where('chunks', '=', chunks)
    .where('chunk_size', '=', chunkSize)
    .where('file_ext', '=', String(claims.x))
    .where('status', '=', 'open')
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  let contextId: string;
  if (existing) {
    contextId = existing.context_id;
    await db
      .updateTable('upload_sessions')
      .set({ updated_at: now, expires_at: now + resumeTtlMs, belong_type: claims.b == null ? null : String(claims.b) })
      .where('context_id', '=', contextId)
      .execute();
  } else {
    contextId = newContextId();
    await db
      .insertInto('upload_sessions')
      .values({
        context_id: contextId,
        user_id: user.userId,
        md5,
        chunks,
        chunk_size: chunkSize,
        file_size: fileSize,
        file_ext: String(claims.x),
        belong_type: claims.b == null ? null : String(claims.b),
        status: 'open',
        created_at: now,
        updated_at: now,
        expires_at: now + resumeTtlMs,
      })
      .execute();
  }
  return { contextId, md5, chunks: await storedChunkIndexes(ctx, contextId) };
}

async function storedChunkIndexes(ctx: AppContext, contextId: string): Promise<number[]> {
  return (await fileService(ctx).storage.listChunks(contextId)).map((c) => c.index);
}

/** Bytes chunk `index` may have: the chunk size, or what is left of the file for the last one. */
function chunkLimit(session: SessionRow, index: number): number {
  if (session.file_size === null) return session.chunk_size;
  return Math.max(0, Math.min(session.chunk_size, session.file_size - index * session.chunk_size));
}

/** upload: one chunk, streamed to storage; its md5, when sent, must match. */
export async function receiveChunk(
  ctx: AppContext,
  user: SessionUser,
  input: { token: unknown; contextId: unknown; index: unknown; chunkMd5?: unknown; length?: number },
  body: Readable,
) {
  const session = await sessionByToken(ctx, user, input.token, input.contextId, ['chunk', 'upload']);
  if (session.status === 'complete') return { index: Number(input.index), size: 0, md5: null, complete: true };
  if (session.status !== 'open' || session.expires_at <= Date.now())
    throw new AppError('上传任务不存在，请重新上传', 404, 404);
  const index = Number(input.index);
  if (!Number.isSafeInteger(index) || index < 0 || index >= session.chunks || String(input.index) !== String(index))
    throw AppError.invalid();
  const expectedMd5 = input.chunkMd5 === undefined || input.chunkMd5 === '' ? undefined : normaliseMd5(input.chunkMd5);
  const { storage } = fileService(ctx);
  const db = ctx.database.db;
  let maxBytes = chunkLimit(session, index);
  // Without a declared size, the field's limit still bounds what the chunks may add up to.
  const rules = rulesFor(ctx, session.belong_type);
  if (rules.maxBytes >= 0) {
    const others = await db
      .selectFrom('upload_chunks')
      .select(['size'])
      .where('context_id', '=', session.context_id)
      .where('chunk_index', '<>', index)
      .execute();
    const used = others.reduce((sum, c) => sum + Number(c.size), 0);
    if (used + (input.length ?? 0) > rules.maxBytes) throw new AppError(tooLargeMessage(rules.maxSizeMb));
    maxBytes = Math.min(maxBytes, rules.maxBytes - used);
  }
  if (input.length !== undefined && input.length > maxBytes) throw new AppError('文件分片大小不正确', 413, 413);
  // Forget the old chunk's md5 first: a crash mid-way must never pair an old md5 with new bytes.
  await db
    .deleteFrom('upload_chunks')
    .where('context_id', '=', session.context_id)
    .where('chunk_index', '=', index)
    .execute();
  let stored: { size: number; md5: string };
  try {
    stored = await storage.putChunk(session.context_id, index, body, { maxBytes, length: input.length, expectedMd5 });
  } catch (e) {
    if (e instanceof ChunkTooLargeError) throw new AppError('文件分片大小不正确', 413, 413);
    if (e instanceof ChunkMismatchError) throw new AppError(UPLOAD_MESSAGES.md5Mismatch);
    throw e;
  }
  await db
    .insertInto('upload_chunks')
    .values({ context_id: session.context_id, chunk_index: index, size: stored.size, md5: stored.md5 })
    .onConflict((oc) => oc.columns(['context_id', 'chunk_index']).doUpdateSet({ size: stored.size, md5: stored.md5 }))
    .execute();
  await db
    .updateTable('upload_sessions')
    .set({ updated_at: Date.now() })
    .where('context_id', '=', session.context_id)
    .execute();
  return { index, size: stored.size, md5: stored.md5, complete: false };
}

/** getchunks: which chunks of the session are stored, so a resumed upload sends only the rest. */
export async function listUploadedChunks(
  ctx: AppContext,
  user: SessionUser,
  input: { token: unknown; contextId: unknown },
) {
  const session = await sessionByToken(ctx, user, input.token, input.contextId, ['md5', 'upload', 'chunk', 'complete']);
  const chunks = session.status === 'complete' ? [] : await storedChunkIndexes(ctx, session.context_id);
  return {
    contextId: session.context_id,
    md5: session.md5,
    total: session.chunks,
    chunks,
    complete: session.status === 'complete',
  };
}

/**
 * complete: assembles the chunks (streaming), verifies the md5 of the whole, checks the real type
 * and the size, then keeps one copy per content: bytes already stored under this md5 are reused.
 * A refused file leaves nothing behind.
 */
export async function completeUpload(
  ctx: AppContext,
  user: SessionUser,
  input: { token: unknown; contextId: unknown },
) {
  const session = await sessionByToken(ctx, user, input.token, input.contextId, ['complete']);
  if (session.status === 'complete') {
    // A process stopped between marking the session complete and clearing its chunks: clear them now.
    await fileService(ctx).storage.removeUpload(session.context_id);
    await ctx.database.db.deleteFrom('upload_chunks').where('context_id', '=', session.context_id).execute();
    return { contextId: session.context_id, md5: session.md5, fileSize: session.file_size };
  }
  if (session.status !== 'open' && session.status !== 'assembling')
    throw new AppError('上传任务不存在，请重新上传', 404, 404);
  const db = ctx.database.db;
  const { storage } = fileService(ctx);
  const stored = await storage.listChunks(session.context_id);
  const missing = Array.from({ length: session.chunks }, (_, i) => i).filter((i) => !stored.some((c) => c.index === i));
  if (missing.length) throw new AppError(UPLOAD_MESSAGES.incomplete, 400, 400, { missing });

  // One completion at a time per session. An assembly whose process stopped beating (killed,
  // crashed) is taken over: the chunks are untouched until the end, so it simply runs again.
  const { assembleLeaseMs } = fileService(ctx).config;
  const started = Date.now();
  const taken = await db
    .updateTable('upload_sessions')
    .set({ status: 'assembling', updated_at: started })
    .where('context_id', '=', session.context_id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'open'),
        eb.and([eb('status', '=', 'assembling'), eb('updated_at', '<', started - assembleLeaseMs)]),
      ]),
    )
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw new AppError('文件正在处理，请稍候', 409, 409);
  const heartbeat = setInterval(
    () => {
      db.updateTable('upload_sessions')
        .set({ updated_at: Date.now() })
        .where('context_id', '=', session.context_id)
        .where('status', '=', 'assembling')
        .execute()
        .catch(() => undefined);
    },
    Math.max(50, Math.floor(assembleLeaseMs / 3)),
  );
  heartbeat.unref();

  const key = blobKey(session.md5);
  let staged: StagedFile | null = null;
  const startOver = async (status: SessionStatus) => {
    await staged?.discard().catch(() => undefined);
    await storage.removeUpload(session.context_id);
    await db.deleteFrom('upload_chunks').where('context_id', '=', session.context_id).execute();
    await db
      .updateTable('upload_sessions')
      .set({ status, updated_at: Date.now() })
      .where('context_id', '=', session.context_id)
      .execute();
  };
  try {
    let md5: string;
    const known =
      session.chunks === 1
        ? await db
            .selectFrom('upload_chunks')
            .select(['md5', 'size'])
            .where('context_id', '=', session.context_id)
            .where('chunk_index', '=', 0)
            .executeTakeFirst()
        : undefined;
    if (known && Number(known.size) === stored[0].size) {
      // Hashed as it arrived: no need to read it again.
      md5 = known.md5;
      if (md5 === session.md5) staged = await storage.stageChunk(session.context_id, 0, key);
    } else {
      const hash = crypto.createHash('md5');
      staged = await storage.assemble(session.context_id, session.chunks, key, (piece) => hash.update(piece));
      md5 = hash.digest('hex');
    }
    if (md5 !== session.md5 || !staged) {
      await startOver('open');
      throw new AppError(UPLOAD_MESSAGES.md5Mismatch);
    }
    const kind = await sniffKind(staged.head);
    try {
      checkFile(rulesFor(ctx, session.belong_type), session.file_ext, kind, staged.size);
      if (session.file_size !== null && session.file_size !== staged.size) throw AppError.invalid();
    } catch (e) {
      await startOver('refused');
      throw e;
    }
    const blob = await db
      .selectFrom('file_blobs')
      .select(['md5', 'complete'])
      .where('md5', '=', session.md5)
      .executeTakeFirst();
    if (blob?.complete && (await storage.exists(key))) await staged.discard();
    else await staged.commit();
    await db
      .insertInto('file_blobs')
      .values({ md5: session.md5, size: staged.size, storage_key: key, kind, complete: 1, created_at: Date.now() })
      .onConflict((oc) => oc.column('md5').doUpdateSet({ complete: 1 }))
      .execute();
    const now = Date.now();
    await db
      .updateTable('upload_sessions')
      .set({
        status: 'complete',
        file_size: staged.size,
        updated_at: now,
        expires_at: now + fileService(ctx).config.resumeTtlMs,
      })
      .where('context_id', '=', session.context_id)
      .execute();
    await db.deleteFrom('upload_chunks').where('context_id', '=', session.context_id).execute();
    await storage.removeUpload(session.context_id);
    return { contextId: session.context_id, md5: session.md5, fileSize: staged.size };
  } catch (e) {
    // Anything unexpected: the bytes stay, the session can be completed again.
    await db
      .updateTable('upload_sessions')
      .set({ status: 'open' })
      .where('context_id', '=', session.context_id)
      .where('status', '=', 'assembling')
      .execute();
    throw e;
  } finally {
    clearInterval(heartbeat);
  }
}

export { sweepExpiredUploads } from './uploadSweep.js';
