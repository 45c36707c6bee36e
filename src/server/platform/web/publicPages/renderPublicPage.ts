import type { AppContext } from '../../AppContext.js';
import type { DashboardBlockDef, DashboardPageDef, PageDef, RouteDef } from '../../../../shared/schema/types.js';
import type { ListPageDef, LookupPageDef } from '../../../../shared/schema/pageTypes.js';
import { clip, escapeHtml } from './html.js';
import { missingPage, type RenderedPage } from './renderedPage.js';
import { renderList } from './renderList.js';
import { renderArticle, renderRecord } from './renderRecord.js';

export type { EmbeddedAnswer, RenderedPage } from './renderedPage.js';
export { renderList } from './renderList.js';
export { renderArticle } from './renderRecord.js';

/** The blocks of a public dashboard a visitor sees: none for signed-in users alone or for some roles only. */
function visitorBlocks(page: DashboardPageDef): DashboardBlockDef[] {
  return page.blocks.filter((b) => b.signedIn !== true && !b.roles);
}

/** A public dashboard's sections: its titled page blocks a visitor sees that show a public list, in order. */
export function dashboardSections(
  ctx: AppContext,
  page: DashboardPageDef,
): { block: DashboardBlockDef; list: ListPageDef }[] {
  return visitorBlocks(page).flatMap((block) => {
    const list = block.type === 'page' && block.page ? ctx.schemas.pages.get(block.page) : undefined;
    return list?.kind === 'list' && list.source === 'public' ? [{ block, list }] : [];
  });
}

/** Every public route, children included, in the order routes.json lists them. */
export function publicRoutes(routes: RouteDef[]): RouteDef[] {
  return routes.flatMap((r) => [...(r.public ? [r] : []), ...publicRoutes(r.children ?? [])]);
}

export function renderLookup(page: LookupPageDef, siteName: string, path: string): RenderedPage {
  return {
    title: `${page.title} - ${siteName}`,
    description: clip(`${siteName}${page.title}：输入${page.inputLabel}，查验是否有效`),
    html: `<h1 class="ssr-title">${escapeHtml(page.title)}</h1><form method="get" action="${escapeHtml(path)}"><label>${escapeHtml(page.inputLabel)} <input name="${escapeHtml(page.param)}" placeholder="${escapeHtml(page.placeholder ?? '')}"></label> <button type="submit">查验</button></form>`,
    answers: [],
    pageIds: [page.id],
  };
}

/** A setting a banner shows: the site's name (the only one a banner may name, see the dashboard meta-schema). */
function settingText(setting: string | undefined, siteName: string): string {
  return setting === 'systemName' ? siteName : '';
}

/** A public dashboard (the portal's home): its banners, then each public list it embeds as a titled section. */
export async function renderDashboard(
  ctx: AppContext,
  page: DashboardPageDef,
  siteName: string,
): Promise<RenderedPage> {
  const sections = await Promise.all(
    dashboardSections(ctx, page).map(async ({ block, list }) => ({
      block,
      list,
      rendered: await renderList(ctx, list, siteName, ''),
    })),
  );
  const base = ctx.config.basePath.replace(/\/$/, '');
  const banners = visitorBlocks(page).filter((b) => b.type === 'banner');
  const heading = banners.map((b) => settingText(b.setting, siteName)).find(Boolean);
  const lines = banners.map((b) => b.text).filter(Boolean);
  const bannerHtml = banners
    .map((b) => {
      const h = settingText(b.setting, siteName);
      const links = (b.links ?? [])
        .filter((l) => l.signedIn !== true)
        .map((l) => `<a href="${escapeHtml(base + l.to)}">${escapeHtml(l.label)}</a>`);
      return `<div class="ssr-banner">${h ? `<h1>${escapeHtml(h)}</h1>` : ''}${b.text ? `<p>${escapeHtml(b.text)}</p>` : ''}${links.length ? `<p class="ssr-banner-links">${links.join(' ')}</p>` : ''}</div>`;
    })
    .join('');
  const html = `${bannerHtml}${sections
    .map(({ block, list, rendered }) => {
      const title = block.title ?? list.title;
      const table = rendered.html.replace(/^<h1[^>]*>.*?<\/h1>/, '').replace(/<p class="ssr-total">.*$/, '');
      const more = block.more ? `<a href="${escapeHtml(base + block.more)}">更多</a>` : '';
      return `<section aria-label="${escapeHtml(title)}"><h2>${escapeHtml(title)}</h2>${more}${table}</section>`;
    })
    .join('')}`;
  return {
    title: heading ?? `${page.title} - ${siteName}`,
    description: clip(
      `${heading ?? page.title}：${lines.length ? `${lines.join('；')}；` : ''}${sections.map((s) => s.block.title ?? s.list.title).join('、')}`,
    ),
    html,
    answers: sections.flatMap((s) => s.rendered.answers),
    pageIds: [page.id, ...sections.map((s) => s.list.id)],
  };
}

/**
 * The page a public route shows, drawn on the server; null where the app alone draws it. A record
 * page without a record's address, or whose record a visitor may not read, is a 404 that says so.
 */
export async function renderPublicPage(
  ctx: AppContext,
  route: RouteDef,
  query: Record<string, string>,
  siteName: string,
): Promise<RenderedPage | null> {
  const page: PageDef | undefined = route.page ? ctx.schemas.pages.get(route.page) : undefined;
  if (!page || (page as { source?: string }).source !== 'public') return null;
  const path = `${ctx.config.basePath.replace(/\/$/, '')}${route.path}`;
  if (page.kind === 'dashboard') return renderDashboard(ctx, page, siteName);
  if (page.kind === 'list') return renderList(ctx, page, siteName, path, query);
  if (page.kind === 'article')
    return query.id ? renderArticle(ctx, page, query.id, siteName) : missingPage(page.title, siteName, [page.id]);
  if (page.kind === 'form') {
    const entity = ctx.schemas.entities.get(page.entity);
    if (!entity?.access.public) return null;
    return query.id
      ? renderRecord(ctx, page, entity, query.id, siteName)
      : missingPage(page.title, siteName, [page.id]);
  }
  if (page.kind === 'lookup') return renderLookup(page, siteName, path);
  return null;
}
