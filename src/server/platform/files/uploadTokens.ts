import type { AppContext } from '../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import { AppError } from '../http/AppError.js';
import { checkFile, MAX_CHUNKS, normaliseExt, normaliseMd5, optionalInt, positiveInt, rulesFor } from './fileRules.js';
import { fileService } from '../storage/fileService.js';
import { signToken } from './signing.js';
import { sessionOf } from './uploadSessions.js';

/** The api/file/* calls that hand out the signed tokens the file server's upload calls require. */

export interface StorageTokenInput {
  fileExt: unknown;
  chunks: unknown;
  md5: unknown;
  fileSize?: unknown;
  belongType?: unknown;
}

/** file/getCyStorageToken: tokens for one file (by md5) of this user; early refusal of a wrong type or size. */
export async function issueStorageTokens(ctx: AppContext, user: SessionUser, input: StorageTokenInput) {
  const md5 = normaliseMd5(input.md5);
  const ext = normaliseExt(input.fileExt);
  const chunks = positiveInt(input.chunks, MAX_CHUNKS);
  const fileSize = optionalInt(input.fileSize);
  const belongType =
    typeof input.belongType === 'string' && input.belongType ? input.belongType.slice(0, 128) : undefined;
  checkFile(rulesFor(ctx, belongType), ext, null, fileSize ?? null);
  const { config } = fileService(ctx);
  const base = {
    u: user.userId,
    e: Date.now() + config.tokenTtlMs,
    m: md5,
    n: chunks,
    x: ext,
    b: belongType,
    z: fileSize,
  };
  return {
    md5,
    md5Token: await signToken(ctx, { ...base, s: 'md5' }),
    uploadToken: await signToken(ctx, { ...base, s: 'upload' }),
    prepareToken: await signToken(ctx, { ...base, s: 'prepare' }),
    fileServerUrl: config.fileServerUrl,
  };
}

/** file/getTokenByChunks: tokens for the chunks and the completion of one upload session. */
export async function issueChunkTokens(
  ctx: AppContext,
  user: SessionUser,
  input: { fileExt: unknown; chunks: unknown; md5: unknown; contextId: unknown },
) {
  const md5 = normaliseMd5(input.md5);
  const ext = normaliseExt(input.fileExt);
  const chunks = positiveInt(input.chunks, MAX_CHUNKS);
  const session = await sessionOf(ctx, user, input.contextId);
  if (session.md5 !== md5 || session.chunks !== chunks || session.file_ext !== ext) throw AppError.invalid();
  const base = { u: user.userId, e: Date.now() + fileService(ctx).config.tokenTtlMs, m: md5, c: session.context_id };
  return {
    contextId: session.context_id,
    chunkToken: await signToken(ctx, { ...base, s: 'chunk' }),
    completeToken: await signToken(ctx, { ...base, s: 'complete' }),
  };
}
