import type { AppContext } from '../../../AppContext.js';
import type {
  DashboardBlockDef,
  DashboardPageDef,
  ListRequest,
  PageDef,
  RouteDef,
} from '../../../../shared/schema/types.js';
import type { ArticlePageDef, ListPageDef, LookupPageDef } from '../../../../shared/schema/pageTypes.js';
import { AppError } from '../../http/AppError.js';
import { ResourceService } from '../../resources/ResourceService.js';
import { clip, dayOf, escapeHtml, plainText } from './html.js';

/** One call the browser would make for this page, with the answer the HTML was drawn from. */
export interface EmbeddedAnswer {
  path: string;
  body: unknown;
  data: unknown;
}

/** A public page drawn on the server: its head, its body, and the answers it was drawn from. */
export interface RenderedPage {
  title: string;
  description: string;
  html: string;
  answers: EmbeddedAnswer[];
  /** The page schemas the app draws it with. */
  pageIds: string[];
  /** 404 for a record that is not there (or not public): a page that says so, kept out of search results. */
  status?: 404;
}

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

/** The request the list runtime makes for a page of a list (ListPage / CompactList): the first unless the address names one. */
export function firstPageRequest(page: ListPageDef, at = 1): ListRequest {
  return { pageId: page.id, page: at, pageSize: page.pageSize ?? 10, ...(page.sort ? { sort: page.sort } : {}) };
}

/** The page number of `?page=`, as the list runtime reads it (model/rememberedList.ts addressPage). */
function addressPage(query: Record<string, string>): number {
  const n = Number(query.page);
  return Number.isSafeInteger(n) && n > 0 ? n : 1;
}

/**
 * Links to the first and last page of a list and to those near the current one (`?page=n`), the
 * current one marked: from page to page a crawler reaches them all.
 */
function pagerLinks(at: number, total: number, pageSize: number): string {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return '';
  const shown = [...new Set([1, ...Array.from({ length: 9 }, (_, i) => at - 4 + i), pages])].filter(
    (n) => n >= 1 && n <= pages,
  );
  const links = shown.map((n) =>
    n === at ? `<span aria-current="page">${n}</span>` : `<a href="?page=${n}">${n}</a>`,
  );
  return `<nav class="ssr-pager" aria-label="分页">${links.join(' ')}</nav>`;
}

/** A column link's address with the row's `:field` placeholders filled. */
function linkOf(to: string, row: Record<string, unknown>, basePath: string): string {
  const filled = to.replace(/:(\w+)/g, (_m, f: string) => encodeURIComponent(String(row[f] ?? '')));
  return `${basePath.replace(/\/$/, '')}${filled}`;
}

/** Rows of a public list as a plain table; the link column's cell is a real anchor. */
function listTable(
  page: ListPageDef,
  rows: Record<string, unknown>[],
  basePath: string,
  labels: Record<string, string>,
): string {
  // Columns whose value is a code (dictionaries, areas, files) are the app's to draw with their labels.
  const columns = page.columns.filter(
    (c) =>
      c.render === 'link' ||
      c.render === 'date' ||
      c.render === 'datetime' ||
      ((!c.render || c.render === 'text') && !labels[`dict:${c.field}`]),
  );
  const head = columns.map((c) => `<th scope="col">${escapeHtml(c.label ?? labels[c.field] ?? c.field)}</th>`).join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${columns
          .map((c) => {
            const value = row[c.field];
            if (c.render === 'link' && c.to)
              return `<td><a href="${escapeHtml(linkOf(c.to, row, basePath))}">${escapeHtml(value)}</a></td>`;
            if (c.render === 'date') return `<td>${escapeHtml(dayOf(value))}</td>`;
            return `<td>${escapeHtml(value)}</td>`;
          })
          .join('')}</tr>`,
    )
    .join('');
  return `<table class="ssr-table"><thead><tr>${head}</tr></thead><tbody>${body || `<tr><td colspan="${columns.length}">暂无数据</td></tr>`}</tbody></table>`;
}

/** The field labels of an entity, and `dict:<field>` for fields whose values are codes. */
function labelsOf(ctx: AppContext, entityName: string): Record<string, string> {
  const entity = ctx.schemas.entities.get(entityName);
  const labels: Record<string, string> = {};
  for (const [name, f] of Object.entries(entity?.fields ?? {})) {
    const field = f as { label?: string; dict?: string; type?: string };
    labels[name] = field.label ?? name;
    if (field.dict || field.type === 'area' || field.type === 'files' || field.type === 'file')
      labels[`dict:${name}`] = '1';
  }
  return labels;
}

async function listAnswer(
  service: ResourceService,
  page: ListPageDef,
  request: ListRequest,
): Promise<{ list: Record<string, unknown>[]; total: number }> {
  return (await service.publicList(page.entity, request as unknown as Record<string, unknown>)) as {
    list: Record<string, unknown>[];
    total: number;
  };
}

export async function renderList(ctx: AppContext, page: ListPageDef, siteName: string, at = 1): Promise<RenderedPage> {
  const service = new ResourceService(ctx);
  const request = firstPageRequest(page, at);
  const answer = await listAnswer(service, page, request);
  const titleField = page.columns.find((c) => c.render === 'link')?.field ?? page.columns[0].field;
  const names = answer.list
    .slice(0, 5)
    .map((r) => String(r[titleField] ?? ''))
    .filter(Boolean);
  return {
    title: `${page.title} - ${siteName}`,
    description: clip(
      `${siteName}${page.title}，共${answer.total}条${names.length ? `，最新：${names.join('；')}` : ''}`,
    ),
    html: `<h1 class="ssr-title">${escapeHtml(page.title)}</h1>${listTable(page, answer.list, ctx.config.basePath, labelsOf(ctx, page.entity))}<p class="ssr-total">共${answer.total}条记录</p>${pagerLinks(at, answer.total, request.pageSize ?? 10)}`,
    answers: [{ path: `public/${page.entity}/list`, body: request, data: answer }],
    pageIds: [page.id],
  };
}

export async function renderArticle(
  ctx: AppContext,
  page: ArticlePageDef,
  id: string,
  siteName: string,
): Promise<RenderedPage | null> {
  const service = new ResourceService(ctx);
  let record: Record<string, unknown>;
  try {
    record = await service.publicGet(page.entity, { id });
  } catch (e) {
    // A visitor's wrong or stale address (unknown id, withdrawn, not a number); a fault is the server's.
    if (!(e instanceof AppError) || e.statusCode >= 500) throw e;
    return missingRecord(page, siteName);
  }
  const f = page.fields;
  const title = String(record[f.title] ?? page.title);
  const summary = f.summary ? plainText(record[f.summary]) : '';
  // The body was cleaned when it was saved (records/sanitizeRichText.ts): it goes out as stored.
  const body = f.body ? String(record[f.body] ?? '') : '';
  const meta = [f.source ? escapeHtml(record[f.source]) : '', f.date ? escapeHtml(dayOf(record[f.date])) : '']
    .filter(Boolean)
    .join(' · ');
  return {
    title: `${title} - ${page.title} - ${siteName}`,
    description: clip(summary || plainText(body) || title),
    html: `<article class="ssr-article"><h1 class="ssr-title">${escapeHtml(title)}</h1>${meta ? `<p class="ssr-meta">${meta}</p>` : ''}${summary ? `<p class="ssr-summary">${escapeHtml(summary)}</p>` : ''}<div class="ssr-body">${body}</div></article>`,
    answers: [{ path: `public/${page.entity}/get`, body: { id }, data: record }],
    pageIds: [page.id],
  };
}

/**
 * The answer for an address whose record is not there, withdrawn or never published: said in
 * words, out of search results, with nothing for the app to wait for before it takes over.
 */
function missingRecord(page: ArticlePageDef, siteName: string): RenderedPage {
  return {
    title: `${page.title} - ${siteName}`,
    description: '',
    html: '<p class="ssr-missing">您访问的内容不存在或已撤下</p>',
    answers: [],
    pageIds: [page.id],
    status: 404,
  };
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
      rendered: await renderList(ctx, list, siteName),
    })),
  );
  const base = ctx.config.basePath.replace(/\/$/, '');
  const banners = visitorBlocks(page).filter((b) => b.type === 'banner');
  const heading = banners.map((b) => settingText(b.setting, siteName)).find(Boolean);
  const lines = banners.map((b) => b.text).filter(Boolean);
  const bannerHtml = banners
    .map((b) => {
      const h = settingText(b.setting, siteName);
      return `<div class="ssr-banner">${h ? `<h1>${escapeHtml(h)}</h1>` : ''}${b.text ? `<p>${escapeHtml(b.text)}</p>` : ''}</div>`;
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

/** The page a public route shows, drawn on the server; null where the app alone draws it. */
export async function renderPublicPage(
  ctx: AppContext,
  route: RouteDef,
  query: Record<string, string>,
  siteName: string,
): Promise<RenderedPage | null> {
  const page: PageDef | undefined = route.page ? ctx.schemas.pages.get(route.page) : undefined;
  if (!page || (page as { source?: string }).source !== 'public') return null;
  if (page.kind === 'dashboard') return renderDashboard(ctx, page, siteName);
  if (page.kind === 'list') return renderList(ctx, page, siteName, addressPage(query));
  if (page.kind === 'article') return query.id ? renderArticle(ctx, page, query.id, siteName) : null;
  if (page.kind === 'lookup')
    return renderLookup(page, siteName, `${ctx.config.basePath.replace(/\/$/, '')}${route.path}`);
  return null;
}
