import crypto from 'node:crypto';
import type { AppContext } from '../AppContext.js';

const SECRET_NAME = 'file-tokens';
const cache = new WeakMap<AppContext, Promise<Buffer>>();

/**
 * The key upload and link tokens are signed with: APP_SECRET when configured, otherwise one random
 * secret kept in the database, so every server process behind a load balancer signs alike.
 */
export function signingKey(ctx: AppContext): Promise<Buffer> {
  let key = cache.get(ctx);
  if (!key) {
    key = loadKey(ctx);
    key.catch(() => cache.delete(ctx));
    cache.set(ctx, key);
  }
  return key;
}

async function loadKey(ctx: AppContext): Promise<Buffer> {
  if (ctx.config.secret) return crypto.createHash('sha256').update(`${SECRET_NAME}:${ctx.config.secret}`).digest();
  const db = ctx.database.db;
  // Two processes starting at once: the first insert wins, both read the winner.
  await db
    .insertInto('app_secrets')
    .values({ name: SECRET_NAME, value: crypto.randomBytes(32).toString('base64url'), created_at: Date.now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', SECRET_NAME)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}

export interface TokenClaims {
  /** What the token allows: prepare, md5, upload, chunk, complete, link. */
  s: string;
  /** User id it was issued to. */
  u: number;
  /** Expiry, epoch ms. */
  e: number;
  [claim: string]: string | number | undefined;
}

export async function signToken(ctx: AppContext, claims: TokenClaims): Promise<string> {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const mac = crypto
    .createHmac('sha256', await signingKey(ctx))
    .update(body)
    .digest('base64url');
  return `${body}.${mac}`;
}

/** The claims of a genuine, unexpired token of the given scope, or null. */
export async function verifyToken(
  ctx: AppContext,
  token: unknown,
  scope: string | readonly string[],
  now = Date.now(),
): Promise<TokenClaims | null> {
  if (typeof token !== 'string' || token.length > 2048) return null;
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return null;
  const expected = crypto
    .createHmac('sha256', await signingKey(ctx))
    .update(body)
    .digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  let claims: TokenClaims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const scopes = typeof scope === 'string' ? [scope] : scope;
  if (
    !claims ||
    typeof claims !== 'object' ||
    !scopes.includes(claims.s) ||
    typeof claims.e !== 'number' ||
    claims.e <= now
  )
    return null;
  return claims;
}
