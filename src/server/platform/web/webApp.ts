import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '../AppContext.js';
import { MESSAGES } from '../../../shared/envelope.js';
import { normalisePath } from '../../../shared/schema/routePath.js';
import { withBaseHref } from './baseHref.js';
import { isRefusedAddress } from '../http/refusedAddress.js';
import { declaredPaths, notFoundDocument, notFoundPage, PUBLIC_PAGE_CSP } from './publicPages/publicPageRoutes.js';
import { asksForPhone, PHONE_VARY, publicFrame } from './publicPages/publicFrame.js';
import type { EmbeddedAnswer } from './publicPages/renderPublicPage.js';
import { isApiPath } from '../http/apiPath.js';

/** Serves the built web app under the base path, with the SPA fallback to index.html. */
export async function webApp(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { clientDir, basePath } = opts.ctx.config;
  const index = path.join(clientDir, 'index.html');
  const built = fs.existsSync(index);
  // Read once: a release's index.html does not change under a running process (scripts/release.ts).
  const page = built ? withBaseHref(fs.readFileSync(index, 'utf8'), basePath) : '';
  const known = declaredPaths(opts.ctx.schemas.routes);
  const base = basePath.replace(/\/$/, '');
  const frame = built ? await publicFrame(app, opts.ctx) : null;

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
        res.setHeader(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  if (basePath !== '/') app.get('/', { config: { auth: 'public' } }, (_req, reply) => reply.redirect(basePath));

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = isApiPath(url);
    // HEAD too: uptime monitors and link checkers ask a page's route with it.
    const reads = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !reads || !built || !url.startsWith(basePath)) {
      return reply
        .status(404)
        .send({ flag: false, data: null, result: isApi ? '接口不存在' : MESSAGES.notFound, code: 404 });
    }
    if (path.extname(url) && !url.endsWith('.html')) {
      return reply.status(404).send({ flag: false, data: null, result: MESSAGES.notFound, code: 404 });
    }
    // Whole, not streamed: public answers get an ETag and are compressed (http/publicCaching.ts).
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    // A path no route declares is not a page, nor is an address the input checks refused: 404, with
    // the fallback page the app shows there.
    const within = normalisePath(url.slice(base.length) || '/');
    // One address per page: a declared page asked with a trailing or doubled slash goes to its own.
    const refused = isRefusedAddress(request);
    if (!refused && known.has(within) && `${base}${within}` !== url && within !== '/')
      return reply.redirect(`${base}${within}${request.url.slice(url.length)}`, 301);
    if (refused || !known.has(within)) {
      // In the site's frame, with the answers the app would ask for first.
      const boot = frame ? await frame.boot() : [];
      const drawn =
        (await frame?.frameOf(boot, notFoundPage(basePath), request.url, 'notFound', asksForPhone(request.headers))) ??
        null;
      const answers = boot.filter((a): a is EmbeddedAnswer => a !== null);
      return reply
        .status(404)
        .header('Content-Security-Policy', PUBLIC_PAGE_CSP)
        .header('Vary', PHONE_VARY)
        .send(notFoundDocument(page, basePath, request.url, drawn, answers));
    }
    return reply.send(page);
  });
}
