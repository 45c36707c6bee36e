import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../AppContext.js';
import { signToken, verifyToken } from '../files/signing.js';
import { notify } from '../notifications/notify.js';
import { formatDateTime } from '../records/time.js';
import { LOCK_MS, MAX_FAILURES } from './loginLimiter.js';

/**
 * A browser that has signed in to an account before carries a signed cookie naming the account
 * (one per account, HttpOnly, sent to the sign-on calls only). Failures typed elsewhere lock the
 * account for other browsers, never for that one: a stranger cannot lock the owner out.
 */
const SCOPE = 'device';
const PATH = '/sso';
export const DEVICE_COOKIE_DAYS = 180;

export const deviceCookieName = (userId: number): string => `sso_dev_${userId}`;

function cookieOf(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** Whether this request comes from a browser that signed in to the account before. */
export async function trustedDevice(ctx: AppContext, request: FastifyRequest, userId: number): Promise<boolean> {
  const claims = await verifyToken(ctx, cookieOf(request, deviceCookieName(userId)), SCOPE);
  return claims !== null && claims.u === userId;
}

/** After a successful sign-in: this browser is the account's from now on (renewed at every sign-in). */
export async function rememberDevice(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const maxAge = DEVICE_COOKIE_DAYS * 24 * 3600;
  const token = await signToken(ctx, { s: SCOPE, u: userId, e: Date.now() + maxAge * 1000 });
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'Set-Cookie',
    `${deviceCookieName(userId)}=${encodeURIComponent(token)}; Path=${PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
  );
}

/** Waiting time before a password is checked, growing with the account's recent failures: 0.2 s, 0.4 s, … at most 3 s. */
export function failureDelayMs(failures: number): number {
  return failures <= 0 ? 0 : Math.min(200 * 2 ** (failures - 1), 3000);
}

export const LOCK_NOTICE_KIND = 'loginLocked';

/** The owner reads it in their notices after signing in: when, how many, what it means for them. */
export async function tellOwnerOfLock(ctx: AppContext, userId: number, now: number): Promise<void> {
  await notify(ctx, {
    userIds: [userId],
    kind: LOCK_NOTICE_KIND,
    title: '账号登录异常提醒',
    body:
      `您的账号于${formatDateTime(now)}在其他设备上连续${MAX_FAILURES}次密码错误，其他设备的登录已暂停${LOCK_MS / 60000}分钟；` +
      '您在曾经登录过的浏览器上登录不受影响。如非本人操作，请尽快修改密码。',
  });
}
