import type { AppContext } from '../../AppContext.js';
import type { EntityDef, FormPageDef } from '../../../../shared/schema/types.js';
import type { ArticlePageDef } from '../../../../shared/schema/pageTypes.js';
import { AppError } from '../../http/AppError.js';
import { sanitizeRichText } from '../../records/sanitizeRichText.js';
import { ResourceService } from '../../resources/ResourceService.js';
import { clip, dayOf, escapeHtml, plainText } from './html.js';
import { missingPage, type RenderedPage } from './renderedPage.js';

type FieldLike = { type?: string; dict?: string; label?: string; rows?: { fields: Record<string, FieldLike> } };

/**
 * A field's value as HTML, by the field's type: rich text through the sanitiser every save uses
 * (a record written by another path is cleaned here too), a date as the app shows it, every other
 * value as text, escaped. Codes (dictionaries, areas) and files are the app's to draw: ''.
 */
export function fieldHtml(field: FieldLike | undefined, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field?.type === 'richtext') return sanitizeRichText(String(value));
  if (field?.dict || field?.type === 'area' || field?.type === 'files' || field?.type === 'file') return '';
  if (field?.type === 'date' || field?.type === 'datetime') return escapeHtml(dayOf(value));
  if (typeof value === 'object') return '';
  return escapeHtml(value);
}

/** A public record, or null when the address names none a visitor may read (unknown, withdrawn, not a number). */
async function publicRecord(ctx: AppContext, entity: string, id: string): Promise<Record<string, unknown> | null> {
  try {
    return await new ResourceService(ctx).publicGet(entity, { id });
  } catch (e) {
    // A visitor's wrong or stale address; a fault is the server's.
    if (!(e instanceof AppError) || e.statusCode >= 500) throw e;
    return null;
  }
}

/** An article's links (我要申报) a visitor sees, with the record's values in their `:field` placeholders. */
function actionLinks(page: ArticlePageDef, record: Record<string, unknown>, basePath: string): string {
  const links = (page.actions ?? []).map((a) => {
    const to = a.to.replace(/:(\w+)/g, (_m, f: string) => encodeURIComponent(String(record[f] ?? '')));
    return `<a class="ssr-action${a.primary ? ' ssr-action-primary' : ''}" href="${escapeHtml(basePath.replace(/\/$/, '') + to)}">${escapeHtml(a.label)}</a>`;
  });
  return links.length ? `<p class="ssr-actions">${links.join(' ')}</p>` : '';
}

export async function renderArticle(
  ctx: AppContext,
  page: ArticlePageDef,
  id: string,
  siteName: string,
): Promise<RenderedPage> {
  const record = await publicRecord(ctx, page.entity, id);
  if (!record) return missingPage(page.title, siteName, [page.id]);
  const fields = (ctx.schemas.entities.get(page.entity)?.fields ?? {}) as Record<string, FieldLike>;
  const f = page.fields;
  const title = String(record[f.title] ?? '') || page.title;
  const summaryText = f.summary
    ? fields[f.summary]?.type === 'richtext'
      ? plainText(record[f.summary])
      : String(record[f.summary] ?? '')
    : '';
  const bodyField = f.body ? fields[f.body] : undefined;
  const body = f.body ? fieldHtml(bodyField, record[f.body]) : '';
  // Plain text keeps its line breaks, as the app shows it.
  const bodyClass = bodyField?.type === 'richtext' ? 'ssr-body' : 'ssr-body ssr-plain';
  const meta = [f.source ? escapeHtml(record[f.source]) : '', f.date ? escapeHtml(dayOf(record[f.date])) : '']
    .filter(Boolean)
    .join(' · ');
  return {
    title: `${title} - ${page.title} - ${siteName}`,
    description: clip(summaryText || plainText(body) || title),
    html: `<article class="ssr-article"><h1 class="ssr-title">${escapeHtml(title)}</h1>${meta ? `<p class="ssr-meta">${meta}</p>` : ''}${summaryText ? `<p class="ssr-summary">${escapeHtml(summaryText)}</p>` : ''}${body ? `<div class="${bodyClass}">${body}</div>` : ''}${actionLinks(page, record, ctx.config.basePath)}</article>`,
    answers: [{ path: `public/${page.entity}/get`, body: { id }, data: record }],
    pageIds: [page.id],
  };
}

/** A table of a field's rows (a published list of topics), each value escaped by its type. */
function rowsTable(field: FieldLike, rows: unknown): string {
  if (!Array.isArray(rows) || !field.rows) return '';
  const cols = Object.entries(field.rows.fields).filter(([, d]) => !d.dict && d.type !== 'files' && d.type !== 'file');
  const head = cols.map(([name, d]) => `<th scope="col">${escapeHtml(d.label ?? name)}</th>`).join('');
  const body = rows
    .map(
      (r) =>
        `<tr>${cols.map(([name, d]) => `<td>${fieldHtml(d, (r as Record<string, unknown>)?.[name])}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<table class="ssr-table"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** A public record page (a form page in look mode, e.g. 立项名单详情): its title, then each section's fields. */
export async function renderRecord(
  ctx: AppContext,
  page: FormPageDef,
  entity: EntityDef,
  id: string,
  siteName: string,
): Promise<RenderedPage> {
  const record = await publicRecord(ctx, page.entity, id);
  if (!record) return missingPage(page.title, siteName, [page.id]);
  const fields = entity.fields as Record<string, FieldLike>;
  const title = String(record[entity.titleField ?? 'title'] ?? '') || page.title;
  const sections = (page.sections ?? [])
    .map((s) => {
      const items = s.fields
        .map((ref) => (typeof ref === 'string' ? ref : ref.field))
        .filter((name): name is string => typeof name === 'string' && record[name] !== undefined)
        .map((name) => {
          const def = fields[name];
          if (def?.type === 'json' && def.rows) return rowsTable(def, record[name]);
          const value = fieldHtml(def, record[name]);
          return value
            ? `<div class="ssr-field"><dt>${escapeHtml(def?.label ?? name)}</dt><dd>${value}</dd></div>`
            : '';
        })
        .join('');
      return `<section>${s.title ? `<h2>${escapeHtml(s.title)}</h2>` : ''}<dl class="ssr-fields">${items}</dl></section>`;
    })
    .join('');
  return {
    title: `${title} - ${page.title} - ${siteName}`,
    description: clip(`${siteName}${page.title}：${title}`),
    html: `<article class="ssr-record"><h1 class="ssr-title">${escapeHtml(title)}</h1>${sections}</article>`,
    answers: [{ path: `public/${page.entity}/get`, body: { id }, data: record }],
    pageIds: [page.id],
  };
}
