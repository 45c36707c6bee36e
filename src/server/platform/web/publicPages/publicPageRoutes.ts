import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../AppContext.js';
import type { RouteDef } from '../../../../shared/schema/types.js';
import { CONTENT_SECURITY_POLICY } from '../../http/securityHeaders.js';
import { escapeHtml, jsonForScript } from './html.js';
import { publicRoutes, renderPublicPage, type EmbeddedAnswer, type RenderedPage } from './renderPublicPage.js';
import { normalisePath } from '../../../../shared/schema/routePath.js';
import { sitemapXml } from './sitemap.js';
import { withBaseHref } from '../baseHref.js';
import { asksForPhone, PHONE_VARY, publicFrame, type PageFrame } from './publicFrame.js';

/** Id of the <script type="application/json"> holding the answers the page was drawn from (client: api/embeddedAnswers.ts). */
export const EMBEDDED_ANSWERS_ID = 'embedded-answers';

/**
 * The server's own drawing of a page (where the runtime's is not drawn) reads like the app's (same
 * widths, fonts, spacing); the runtime's drawing has the app's styles instead (publicFrame.ts appStylesOf).
 */
const SSR_STYLE = `<style>#root>.ssr-page{max-width:1200px;margin:0 auto;padding:16px;font:14px/1.5715 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;color:rgba(0,0,0,.88)}.ssr-page table{width:100%;border-collapse:collapse}.ssr-page td,.ssr-page th{padding:8px;border-bottom:1px solid #f0f0f0;text-align:left}.ssr-page a{color:#0958d9;text-decoration:none}.ssr-page section{margin-top:16px}.ssr-plain{white-space:pre-wrap}.ssr-actions{margin-top:24px}.ssr-fields div{display:flex;gap:8px}.ssr-fields dt{color:rgba(0,0,0,.45)}.ssr-fields dd{margin:0}</style>`;

/**
 * The shell the server drew does not move for a visitor who asked for less motion (the app's theme
 * turns antd's motion off for them; the styles drawn with the shell are the default theme's).
 */
const FRAME_STYLE = `<style>@media (prefers-reduced-motion:reduce){#root>.ssr-frame *{transition:none!important;animation:none!important}}</style>`;

/** The app's loader (publicBoot.js), as written into each page: its opening comment is for readers of the file. */
export const BOOT_CODE = fs
  .readFileSync(new URL('./publicBoot.js', import.meta.url), 'utf8')
  .replace(/^\/\*[\s\S]*?\*\/\s*/, '')
  .trim();

/** The app's CSP with the loader, and only it, allowed inline. */
export const PUBLIC_PAGE_CSP = CONTENT_SECURITY_POLICY.replace(
  "script-src 'self' 'wasm-unsafe-eval'",
  `script-src 'self' 'wasm-unsafe-eval' 'sha256-${crypto.createHash('sha256').update(BOOT_CODE).digest('base64')}'`,
);

/**
 * The public routes answered as HTML with their content in it: the built index.html with the
 * page's own title and meta description, the page drawn from its page schema and records, and the
 * answers it was drawn from, which the app takes instead of asking again. The app then draws the
 * page itself in the same place. Also /sitemap.xml and /robots.txt.
 */
export async function publicPageRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  const { basePath, clientDir } = ctx.config;
  const indexFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  const base = basePath.replace(/\/$/, '');
  const template = withBaseHref(fs.readFileSync(indexFile, 'utf8'), basePath);
  const frame = await publicFrame(app, ctx);
  // A release without it still serves every page, without the shell around public ones: said once.
  if (!frame.built && ctx.config.production)
    app.log.warn('public pages are drawn without the shell: dist-ssr/ is missing (npm run build makes it)');

  const answer = async (
    route: RouteDef,
    query: Record<string, string>,
    url: string,
    phone: boolean,
    reply: FastifyReply,
  ) => {
    const boot = await frame.boot();
    const siteName = String((boot[1]?.data as { systemName?: string } | undefined)?.systemName ?? '');
    const page = await renderPublicPage(ctx, route, query, siteName);
    // The page is drawn for a phone where the browser says it is one.
    reply.header('Cache-Control', 'no-cache').header('Vary', PHONE_VARY).type('text/html; charset=utf-8');
    if (!page) return reply.send(template);
    reply.header('Content-Security-Policy', PUBLIC_PAGE_CSP);
    const schemas = await Promise.all(
      page.pageIds.map((id) => frame.visitorCall({ path: 'schema/page', body: { id } })),
    );
    const answers = [...boot, ...schemas].filter((a): a is EmbeddedAnswer => a !== null).concat(page.answers);
    const drawn = { ...page, answers };
    // Drawn by the runtime's own page kinds: a page that is there, and a record's page whose record
    // is not (the kind's own 'not found', as the app shows it once its ask has failed).
    const missingRecord = page.status === 404 && query.id !== undefined;
    const draw =
      page.status && !missingRecord
        ? undefined
        : { pageId: route.page!, mode: route.mode, query: { ...route.query, ...query } };
    const framed = await frame.frameOf(boot, drawn, url, draw, phone);
    if (page.status) reply.code(page.status);
    return reply.send(pageHtml(template, { ...drawn, answers: answers.concat(framed?.answers ?? []) }, url, framed));
  };

  for (const route of publicRoutes(ctx.schemas.routes)) {
    if (route.redirect || !route.page) continue;
    app.get<{ Querystring: Record<string, string> }>(
      `${base}${route.path}`,
      { config: { auth: 'public' } },
      (req, reply) => answer(route, req.query ?? {}, req.url, asksForPhone(req.headers), reply),
    );
  }
  app.get(`${base}/sitemap.xml`, { config: { auth: 'public' } }, async (req, reply) => {
    const origin = `${req.protocol}://${req.host}`;
    return reply
      .header('Cache-Control', 'no-cache')
      .type('application/xml; charset=utf-8')
      .send(await sitemapXml(ctx, origin));
  });
  app.get(`${base}/robots.txt`, { config: { auth: 'public' } }, async (req, reply) => {
    const origin = `${req.protocol}://${req.host}`;
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/plain; charset=utf-8')
      .send(
        `User-agent: *\nAllow: ${base}/\nDisallow: ${base}/api/\nDisallow: ${base}/sso/\nSitemap: ${origin}${base}/sitemap.xml\n`,
      );
  });
}

/** The frame's mark that the browser hydrates it, with the page drawn in it (client shell/hydration.ts HYDRATE_ATTR). */
function hydrateAttr(frame: PageFrame): string {
  if (frame.hydrate === undefined) return '';
  return ` data-hydrate="${escapeHtml(frame.hydrate)}"${frame.narrow ? ' data-narrow' : ''}`;
}

/** index.html with the page's head and body written in, inside the shell's frame when it is drawn. */
export function pageHtml(template: string, page: RenderedPage, url: string, frame: PageFrame | null = null): string {
  const meta = page.status
    ? '<meta name="robots" content="noindex">'
    : `<meta name="description" content="${escapeHtml(page.description)}">`;
  // antd's styles first and the app's after them, as in the app (antd puts its own at the head's start).
  const head = `<title>${escapeHtml(page.title)}</title>${meta}${frame?.drawn ? '' : SSR_STYLE}${FRAME_STYLE}${frame?.styles ?? ''}`;
  const data = `<script type="application/json" id="${EMBEDDED_ANSWERS_ID}">${jsonForScript({ at: url, answers: page.answers })}</script>`;
  // The app's code is not loaded with the page: publicBoot.js loads it on the visitor's first
  // touch, key, mouse move or scroll, or once the page has been idle a while. The page is complete
  // and its links are real anchors, so booting the app at once only kept the main thread busy.
  const code: string[] = [];
  const withoutCode = template.replace(
    /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g,
    (tag) => {
      code.push(tag);
      return '';
    },
  );
  const urlOf = (tag: string) => /(?:src|href)="([^"]+)"/.exec(tag)?.[1] ?? '';
  const entry = urlOf(code.find((t) => t.startsWith('<script')) ?? '');
  const preload = code.filter((t) => t.startsWith('<link')).map(urlOf);
  const boot = entry
    ? `<script id="app-boot" data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml(preload.join(' '))}">${BOOT_CODE}</script>`
    : '';
  return withoutCode
    .replace(/<title>[\s\S]*?<\/title>/, () => head)
    .replace(/<\/head>/, () => `${frame?.drawn ? (frame.appStyles ?? '') : ''}</head>`)
    .replace(
      /<div id="root"><\/div>/,
      () =>
        `<div id="root">${frame ? `<div class="ssr-frame"${hydrateAttr(frame)}>${frame.html}</div>` : `<main class="ssr-page">${page.html}</main>`}</div>${data}${boot}`,
    );
}

/** Every path routes.json declares (public or not), as the shell matches addresses. */
export function declaredPaths(routes: RouteDef[]): Set<string> {
  const out = new Set<string>();
  const walk = (list: RouteDef[]) => {
    for (const r of list) {
      out.add(normalisePath(r.path));
      walk(r.children ?? []);
    }
  };
  walk(routes);
  return out;
}

/** What the app's fallback page says (shell/pages/ResultPages.tsx NotFoundPage), drawn by the server. */
const NOT_FOUND_HTML = (home: string) =>
  `<div class="ssr-notfound"><h1>404</h1><p>抱歉，您访问的页面不存在。</p><a href="${escapeHtml(home)}">返回首页</a></div>`;

/** The 404 page of an address no route declares, as a page the server draws. */
export function notFoundPage(basePath: string): RenderedPage {
  const base = basePath.replace(/\/$/, '');
  return {
    title: '页面不存在',
    description: '',
    html: NOT_FOUND_HTML(`${base}/homePage`),
    answers: [],
    pageIds: [],
    status: 404,
  };
}

/**
 * The answer for an address no route declares: 404, out of search results, with the app's
 * fallback page drawn in it, inside the shell's frame when it is drawn (the app takes it over like
 * any public page, with the first answers embedded).
 */
export function notFoundDocument(
  template: string,
  basePath: string,
  url: string,
  frame: PageFrame | null = null,
  answers: EmbeddedAnswer[] = [],
): string {
  return pageHtml(template, { ...notFoundPage(basePath), answers }, url, frame);
}
