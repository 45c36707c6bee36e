import type { AppContext } from '../../AppContext.js';
import type { EntityDef, ListRequest } from '../../../../shared/schema/types.js';
import type { ListPageDef } from '../../../../shared/schema/pageTypes.js';
import { addressListState, listStateSearch } from '../../../../shared/schema/listAddress.js';
import { initialListState, toListRequest, type ListState } from '../../../../shared/schema/listRequest.js';
import { AppError } from '../../http/AppError.js';
import { ResourceService } from '../../resources/ResourceService.js';
import { clip, dayOf, escapeHtml } from './html.js';
import { missingPage, type RenderedPage } from './renderedPage.js';

/**
 * Links to the first and last page of a list and to those near the current one (the list's
 * address with `page=n` and its filters), the current one marked: from page to page a crawler
 * reaches them all.
 */
function pagerLinks(href: (n: number) => string, at: number, total: number, pageSize: number): string {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return '';
  const shown = [...new Set([1, ...Array.from({ length: 9 }, (_, i) => at - 4 + i), pages])].filter(
    (n) => n >= 1 && n <= pages,
  );
  const links = shown.map((n) =>
    n === at ? `<span aria-current="page">${n}</span>` : `<a href="${escapeHtml(href(n))}">${n}</a>`,
  );
  return `<nav class="ssr-pager" aria-label="分页">${links.join(' ')}</nav>`;
}

/** A column link's address with the row's `:field` placeholders filled. */
function linkOf(to: string, row: Record<string, unknown>, basePath: string): string {
  const filled = to.replace(/:(\w+)/g, (_m, f: string) => encodeURIComponent(String(row[f] ?? '')));
  return `${basePath.replace(/\/$/, '')}${filled}`;
}

/** Whether a field's values are codes (dictionaries, areas, files), which the app draws with their labels. */
function isCoded(entity: EntityDef | undefined, field: string): boolean {
  const f = entity?.fields[field] as { dict?: string; type?: string } | undefined;
  return Boolean(f?.dict || f?.type === 'area' || f?.type === 'files' || f?.type === 'file');
}

/** Rows of a public list as a plain table; the link column's cell is a real anchor; every value escaped. */
function listTable(
  page: ListPageDef,
  entity: EntityDef | undefined,
  rows: Record<string, unknown>[],
  basePath: string,
): string {
  const columns = page.columns.filter(
    (c) =>
      c.render === 'link' ||
      c.render === 'date' ||
      c.render === 'datetime' ||
      ((!c.render || c.render === 'text') && !isCoded(entity, c.field)),
  );
  const head = columns
    .map((c) => `<th scope="col">${escapeHtml(c.label ?? entity?.fields[c.field]?.label ?? c.field)}</th>`)
    .join('');
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

/**
 * A public list at an address (`path` and its query: page and filters, src/shared/schema/listAddress.ts),
 * asked exactly as the app asks it there. A filter the list refuses, or a page past the last,
 * is an address that shows nothing: 404, said in words.
 */
export async function renderList(
  ctx: AppContext,
  page: ListPageDef,
  siteName: string,
  path: string,
  query: Record<string, string> = {},
): Promise<RenderedPage> {
  const entity = ctx.schemas.entities.get(page.entity);
  const state: ListState = entity ? addressListState(page, entity, query) : { page: 1, pageSize: 10, filters: {} };
  const request: ListRequest = entity
    ? toListRequest(state, page, entity)
    : { pageId: page.id, page: 1, pageSize: page.pageSize ?? 10 };
  let answer: { list: Record<string, unknown>[]; total: number };
  try {
    answer = (await new ResourceService(ctx).publicList(
      page.entity,
      request as unknown as Record<string, unknown>,
    )) as {
      list: Record<string, unknown>[];
      total: number;
    };
  } catch (e) {
    if (!(e instanceof AppError) || e.statusCode >= 500) throw e;
    return missingPage(page.title, siteName, [page.id]);
  }
  if (state.page > 1 && answer.list.length === 0) return missingPage(page.title, siteName, [page.id]);
  const titleField = page.columns.find((c) => c.render === 'link')?.field ?? page.columns[0].field;
  const names = answer.list
    .slice(0, 5)
    .map((r) => String(r[titleField] ?? ''))
    .filter(Boolean);
  const href = (n: number) => (entity ? `${path}${listStateSearch(page, entity, { ...state, page: n })}` : path);
  return {
    title: `${page.title} - ${siteName}`,
    description: clip(
      `${siteName}${page.title}，共${answer.total}条${names.length ? `，最新：${names.join('；')}` : ''}`,
    ),
    html: `<h1 class="ssr-title">${escapeHtml(page.title)}</h1>${listTable(page, entity, answer.list, ctx.config.basePath)}<p class="ssr-total">共${answer.total}条记录</p>${pagerLinks(href, state.page, answer.total, request.pageSize ?? 10)}`,
    answers: [{ path: `public/${page.entity}/list`, body: request, data: answer }],
    pageIds: [page.id],
  };
}

/** The request a compact list (home's latest items) makes: its first page. */
export function firstPageRequest(ctx: AppContext, page: ListPageDef): ListRequest {
  const entity = ctx.schemas.entities.get(page.entity);
  return entity
    ? toListRequest(initialListState(page, entity), page, entity)
    : { pageId: page.id, page: 1, pageSize: 10 };
}
