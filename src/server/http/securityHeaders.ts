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

/**
 * Every answer, the API's included: no MIME sniffing (a JSON answer echoing a user's text is never
 * run as HTML), the referrer kept on this site, and the app's CSP unless the route set a stricter
 * one (uploaded files are sandboxed). Added on the root instance, before the routes, so every
 * route inherits it. A callback hook: it runs on every answer, and a promise per answer costs more.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (!reply.hasHeader('Referrer-Policy')) reply.header('Referrer-Policy', 'same-origin');
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    done(null, payload);
  });
}
