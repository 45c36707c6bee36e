import type { FastifyInstance } from 'fastify';

/**
 * Strict CSP: no inline script, no eval. WebAssembly (md5 hashing) is the only exception.
 * antd's CSS-in-JS injects <style> tags, hence 'unsafe-inline' for styles only.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** One year; browsers keep to https for the host once they have seen it over https. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** Calls (not the web app's files) whose answers may carry a signed-in user's data. */
const CALL_SURFACE = /^\/(api|sso)(\/|\?|$)/;

/**
 * Every answer, the API's included: no MIME sniffing (a JSON answer echoing a user's text is never
 * run as HTML), the referrer kept on this site, and the app's CSP unless the route set a stricter
 * one (uploaded files are sandboxed). Added on the root instance, before the routes, so every
 * route inherits it. A callback hook: it runs on every answer, and a promise per answer costs more.
 * HSTS only when the request came over https: `request.protocol` follows X-Forwarded-Proto only
 * from a proxy TRUST_PROXY believes, so a plain-http deployment never pins itself to https.
 * A signed-in call's answer is never stored by the browser or a shared cache (a later user of the
 * same computer must not read it from the back button or the disk cache), unless the route chose
 * its own caching.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (!reply.hasHeader('Referrer-Policy')) reply.header('Referrer-Policy', 'same-origin');
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    if (request.user && !reply.hasHeader('Cache-Control') && CALL_SURFACE.test(request.url))
      reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
