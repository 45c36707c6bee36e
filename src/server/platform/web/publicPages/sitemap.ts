import type { AppContext } from '../../AppContext.js';
import type { ArticlePageDef, ListPageDef } from '../../../../shared/schema/pageTypes.js';
import { MAX_PAGE_SIZE, ResourceService } from '../../resources/ResourceService.js';
import { dayOf, escapeHtml } from './html.js';
import { publicRoutes } from './renderPublicPage.js';

/** Most records one sitemap may name (the protocol's limit is 50,000). */
const SITEMAP_MAX = 5000;

/**
 * The public routes and every published public record a public list links to, as a sitemap:
 * each list route, then its records through the list's link column (the detail page's address).
 */
export async function sitemapXml(ctx: AppContext, origin: string): Promise<string> {
  const base = ctx.config.basePath.replace(/\/$/, '');
  const service = new ResourceService(ctx);
  const urls: { loc: string; lastmod?: string }[] = [];
  for (const route of publicRoutes(ctx.schemas.routes)) {
    const page = route.page ? ctx.schemas.pages.get(route.page) : undefined;
    if (!page || (page as { source?: string }).source !== 'public' || page.kind === 'article') continue;
    urls.push({ loc: `${base}${route.path}` });
    if (page.kind !== 'list') continue;
    const link = (page as ListPageDef).columns.find((c) => c.render === 'link' && c.to);
    if (!link?.to) continue;
    const article = (route.children ?? [])
      .map((c) => (c.page ? ctx.schemas.pages.get(c.page) : undefined))
      .find((p): p is ArticlePageDef => p?.kind === 'article');
    const dateField = article?.fields.date;
    const rows: Record<string, unknown>[] = [];
    // Page by page, as the list call allows: the newest first, up to SITEMAP_MAX per list.
    for (let n = 1; rows.length < SITEMAP_MAX; n++) {
      const answer = (await service.publicList(page.entity, { pageId: page.id, page: n, pageSize: MAX_PAGE_SIZE })) as {
        list: Record<string, unknown>[];
        total: number;
      };
      rows.push(...answer.list);
      if (answer.list.length < MAX_PAGE_SIZE || rows.length >= answer.total) break;
    }
    for (const row of rows) {
      urls.push({
        loc: `${base}${link.to.replace(/:(\w+)/g, (_m, f: string) => encodeURIComponent(String(row[f] ?? '')))}`,
        lastmod: dateField ? dayOf(row[dateField]) : undefined,
      });
    }
  }
  const entries = urls
    .map(
      (u) =>
        `<url><loc>${escapeHtml(origin + u.loc)}</loc>${u.lastmod ? `<lastmod>${escapeHtml(u.lastmod)}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}
