import crypto from 'node:crypto';

/** Life of a watch-duty token: long enough to open the duty page, short enough not to be worth stealing. */
export const WATCH_TOKEN_TTL_MS = 5 * 60 * 1000;

export interface WatchTokenClaims {
  /** User id. */
  sub: number;
  role: string;
  purpose: 'keepWatch';
  /** Expiry, epoch ms. */
  exp: number;
}

function sign(payload: string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(payload).digest('base64url');
}

export function issueWatchToken(
  claims: Omit<WatchTokenClaims, 'purpose' | 'exp'>,
  secret: string,
  now = Date.now(),
): { token: string; expiresAt: number } {
  const full: WatchTokenClaims = { ...claims, purpose: 'keepWatch', exp: now + WATCH_TOKEN_TTL_MS };
  const payload = Buffer.from(JSON.stringify(full)).toString('base64url');
  return { token: `${payload}.${sign(payload, secret)}`, expiresAt: full.exp };
}

/** The claims of a genuine, unexpired watch-duty token; null otherwise. */
export function verifyWatchToken(token: string, secret: string, now = Date.now()): WatchTokenClaims | null {
  const [payload, mac] = token.split('.');
  if (!payload || !mac) return null;
  const expected = sign(payload, secret);
  if (mac.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as WatchTokenClaims;
    return claims.purpose === 'keepWatch' && claims.exp > now ? claims : null;
  } catch {
    return null;
  }
}
