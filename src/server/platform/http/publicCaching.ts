import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { varyWith } from './compressAnswers.js';

/**
 * Public answers (no signed-in user) carry an ETag, the hash of the answer itself, and are kept
 * by the browser only to be revalidated (`no-cache`): a revalidation whose ETag still matches gets
 * a 304 with no body. The answer is read as usual first, and the reads behind it follow the write
 * watch (db/writeWatch.ts, the table cache), so the ETag changes as soon as a record shown in it
 * changes, whichever process or connection wrote it. Signed-in answers are never given one and
 * keep their `no-store` (securityHeaders.ts); `Vary: Authorization` (the session travels in it) keeps a shared cache
 * from handing a visitor's copy to a signed-in user. Only GET and HEAD answers a browser can keep:
 * status 200, a whole string or buffer (not downloads, not ranges), no Cache-Control of their own
 * other than `no-cache`.
 */
export function installPublicCaching(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      request.user ||
      request.headers.authorization ||
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      reply.statusCode !== 200
    )
      return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const own = reply.getHeader('Cache-Control');
    if (own && own !== 'no-cache') return done(null, payload);
    const etag = `"${crypto.createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('ETag', etag);
    reply.header('Cache-Control', 'no-cache');
    reply.header('Vary', varyWith(reply.getHeader('Vary'), 'Authorization'));
    if (matches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      reply.removeHeader('Content-Length');
      reply.removeHeader('Content-Type');
      return done(null, '');
    }
    done(null, payload);
  });
}

/** If-None-Match holds this ETag (weak or strong) or `*`. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}
