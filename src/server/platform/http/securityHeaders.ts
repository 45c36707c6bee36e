import type { FastifyInstance, FastifyRequest } from 'fastify';

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
/** The sign-on's answers: tickets, login state, captchas. */
const SSO_SURFACE = /^\/sso(\/|\?|$)/;

/**
 * Answers that may carry a ticket, a token or a signed-in user's data: every call of a signed-in
 * user, every sign-on answer, and every call that is not a read (sso/login's ticket, sys/login's
 * token, a password reset's answer come from public POSTs). Public GET reads keep the revalidated
 * caching of publicCaching.ts.
 */
function mayCarrySecrets(request: FastifyRequest): boolean {
  if (!CALL_SURFACE.test(request.url)) return false;
  return (
    Boolean(request.user) || SSO_SURFACE.test(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')
  );
}

/**
 * Every answer, the API's included: no MIME sniffing (a JSON answer echoing a user's text is never
 * run as HTML), the referrer kept on this site, and the app's CSP unless the route set a stricter
 * one (uploaded files are sandboxed). Added on the root instance, before the routes, so every
 * route inherits it. A callback hook: it runs on every answer, and a promise per answer costs more.
 * HSTS only when the request came over https: `request.protocol` follows X-Forwarded-Proto only
 * from a proxy TRUST_PROXY believes, so a plain-http deployment never pins itself to https.
 * An answer that may carry a secret (mayCarrySecrets) is never stored by the browser or a shared
 * cache (a later user of the same computer must not read it from the back button or the disk
 * cache), unless the route chose its own caching.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (!reply.hasHeader('Referrer-Policy')) reply.header('Referrer-Policy', 'same-origin');
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    if (!reply.hasHeader('Cache-Control') && mayCarrySecrets(request)) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
