import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { UploadSessionsTable } from '../db/rows.js';
import type { AppContext } from '../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import { AppError } from '../http/AppError.js';
import { fileService } from '../storage/fileService.js';
import { verifyToken, type TokenClaims } from './signing.js';

/**
 * Upload sessions (table upload_sessions): one user's upload of one file's bytes, found by its
 * contextId. A complete session is the user's proof of those bytes, which file records are made from.
 */

/** Upload session statuses: bytes arriving, being assembled, done (proof of the bytes), refused. */
export type SessionStatus = 'open' | 'assembling' | 'complete' | 'refused';

/** A session as uploads read it: its table row, the status narrowed to what they write. */
export type SessionRow = Omit<Selectable<UploadSessionsTable>, 'status' | 'created_at' | 'updated_at'> & {
  status: SessionStatus;
};

export const newContextId = () => crypto.randomBytes(16).toString('hex');
export const TOKEN_REFUSED = '上传凭证无效或已过期，请重新上传';

export async function claimsFor(
  ctx: AppContext,
  user: SessionUser,
  token: unknown,
  scopes: string[],
): Promise<TokenClaims> {
  const claims = await verifyToken(ctx, token, scopes);
  if (!claims || claims.u !== user.userId) throw new AppError(TOKEN_REFUSED, 403, 403);
  return claims;
}

export async function sessionOf(ctx: AppContext, user: SessionUser, contextId: unknown): Promise<SessionRow> {
  if (typeof contextId !== 'string' || !/^[0-9a-f]{32}$/.test(contextId)) throw AppError.invalid();
  const row = await ctx.database.db
    .selectFrom('upload_sessions')
    .selectAll()
    .where('context_id', '=', contextId)
    .executeTakeFirst();
  // Someone else's upload is answered like a missing one.
  if (!row || row.user_id !== user.userId) throw new AppError('上传任务不存在，请重新上传', 404, 404);
  return {
    ...row,
    // Written only by uploads.ts and this file, from SessionStatus.
    status: row.status as SessionStatus,
    chunk_size: Number(row.chunk_size),
    file_size: row.file_size === null ? null : Number(row.file_size),
    expires_at: Number(row.expires_at),
  };
}

/** Token of a call about one session: the session's own chunk token, or the file's upload / md5 token. */
export async function sessionByToken(
  ctx: AppContext,
  user: SessionUser,
  token: unknown,
  contextId: unknown,
  scopes: string[],
): Promise<SessionRow> {
  const claims = await claimsFor(ctx, user, token, scopes);
  const session = await sessionOf(ctx, user, contextId);
  const fits = claims.c !== undefined ? claims.c === session.context_id : claims.m === session.md5;
  if (!fits) throw new AppError(TOKEN_REFUSED, 403, 403);
  return session;
}

/**
 * The contextId of a session that proves this user's right to the content `md5`: one they
 * completed, or a new grant when they may already read a file with that content.
 */
export async function grantContext(ctx: AppContext, user: SessionUser, md5: string, size: number): Promise<string> {
  const db = ctx.database.db;
  const now = Date.now();
  const own = await db
    .selectFrom('upload_sessions')
    .select('context_id')
    .where('user_id', '=', user.userId)
    .where('md5', '=', md5)
    .where('status', '=', 'complete')
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
  if (own) {
    await db
      .updateTable('upload_sessions')
      .set({ updated_at: now, expires_at: now + fileService(ctx).config.resumeTtlMs })
      .where('context_id', '=', own.context_id)
      .execute();
    return own.context_id;
  }
  const contextId = newContextId();
  await db
    .insertInto('upload_sessions')
    .values({
      context_id: contextId,
      user_id: user.userId,
      md5,
      chunks: 1,
      chunk_size: Math.max(1, size),
      file_size: size,
      file_ext: '',
      belong_type: null,
      status: 'complete',
      created_at: now,
      updated_at: now,
      expires_at: now + fileService(ctx).config.resumeTtlMs,
    })
    .execute();
  return contextId;
}

/** A complete session of this user: what file/uploadFile turns into a file record. */
export async function completedSession(ctx: AppContext, user: SessionUser, contextId: unknown): Promise<SessionRow> {
  const session = await sessionOf(ctx, user, contextId);
  if (session.status !== 'complete') throw new AppError('文件未上传完成，请重新上传');
  return session;
}
