import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '../AppContext.js';
import { MESSAGES } from '../../shared/envelope.js';

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

/** Serves the built web app under the base path, with the SPA fallback to index.html. */
export async function webApp(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { clientDir, basePath } = opts.ctx.config;
  const index = path.join(clientDir, 'index.html');
  const built = fs.existsSync(index);

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    return payload;
  });

  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: basePath,
      wildcard: false,
      index: false,
      // The build's .br / .gz copies, as the browser accepts them (scripts/vitePrecompress.ts).
      preCompressed: true,
      // Our own Cache-Control only: with send's default it would overwrite the one set below.
      cacheControl: false,
      // Hashed assets never change; everything else (index.html, favicon...) is checked each time.
      setHeaders: (res, file) => {
        res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  if (basePath !== '/') app.get('/', { config: { auth: 'public' } }, (_req, reply) => reply.redirect(basePath));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = /^\/(api|sso|fileserver)(\/|$)/.test(url);
    if (isApi || request.method !== 'GET' || !built || !url.startsWith(basePath)) {
      return reply.status(404).send({ flag: false, data: null, result: isApi ? '接口不存在' : MESSAGES.notFound, code: 404 });
    }
    if (path.extname(url) && !url.endsWith('.html')) {
      return reply.status(404).send({ flag: false, data: null, result: MESSAGES.notFound, code: 404 });
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html').send(fs.createReadStream(index));
  });
}
