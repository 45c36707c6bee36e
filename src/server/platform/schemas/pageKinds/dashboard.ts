import type { DashboardPageDef, PageDef } from '../../../../shared/schema/types.js';
import type { SchemaSet } from '../SchemaSet.js';
import type { PageKindCheck } from './PageCheck.js';

function countKeys(set: SchemaSet): Set<string> {
  const counts = (set.documents.get('settings') as { counts?: Record<string, unknown> } | undefined)?.counts ?? {};
  return new Set(Object.keys(counts));
}

/** Whether a dashboard draws the page `id` in one of its page blocks. */
function embedsPage(page: PageDef, id: string): boolean {
  return page.kind === 'dashboard' && page.blocks.some((b) => b.type === 'page' && b.page === id);
}

/** Blocks drawn from counts: a visitor has none, so on a public dashboard they are for signed-in users. */
const DATA_BLOCKS = new Set(['statistic', 'card', 'list']);

/**
 * A dashboard: its figures and lists name settings.json counts, its embedded pages existing page
 * schemas (not dashboards that embed it back), its links routes.
 */
export const check: PageKindCheck<DashboardPageDef> = (file, page, c) => {
  const out: { path: string; message: string }[] = [];
  const keys = countKeys(c.set);
  const routeExists = c.routeExists;
  const link = (ptr: string, to: string | undefined) => {
    if (typeof to === 'string' && !routeExists(to))
      out.push({ path: ptr, message: `route path "${to}" does not exist in routes.json` });
  };
  (Array.isArray(page.blocks) ? page.blocks : []).forEach((b, i) => {
    const ptr = `/blocks/${i}`;
    if (DATA_BLOCKS.has(b.type) && !b.title)
      out.push({ path: `${ptr}/title`, message: `a ${b.type} block needs "title"` });
    if (DATA_BLOCKS.has(b.type) && page.source === 'public' && b.signedIn !== true)
      out.push({
        path: `${ptr}/signedIn`,
        message: `a ${b.type} block of a public dashboard needs "signedIn": true (a visitor has no counts)`,
      });
    if (b.type === 'banner') {
      if (!b.setting && !b.text) out.push({ path: ptr, message: 'a banner block needs "setting" or "text"' });
      (b.links ?? []).forEach((l, j) => link(`${ptr}/links/${j}/to`, l.to));
    } else if (b.type === 'page') {
      const embedded = b.page ? c.set.pages.get(b.page) : undefined;
      if (!b.page) out.push({ path: `${ptr}/page`, message: 'a page block needs "page" (a page schema id)' });
      else if (!embedded) out.push({ path: `${ptr}/page`, message: `unknown page "${b.page}"` });
      else if (embedded.id === page.id || (embedded.kind === 'dashboard' && embedsPage(embedded, page.id)))
        out.push({ path: `${ptr}/page`, message: `page "${b.page}" would draw this page inside itself` });
      else if (page.source === 'public' && b.signedIn !== true && (embedded as { source?: string }).source !== 'public')
        out.push({
          path: `${ptr}/page`,
          message: `page "${b.page}" is not public: a visitor would be refused it (add "signedIn": true)`,
        });
      if (b.more && !b.title) out.push({ path: `${ptr}/more`, message: '"more" is drawn beside a title: add "title"' });
      link(`${ptr}/more`, b.more);
    } else if (b.type === 'list') {
      if (!b.source)
        out.push({ path: `${ptr}/source`, message: 'a list block needs "source" (a key of settings.json counts)' });
      else if (!keys.has(b.source))
        out.push({ path: `${ptr}/source`, message: `unknown count "${b.source}" (add it to settings.json counts)` });
      if (!b.fields) out.push({ path: `${ptr}/fields`, message: 'a list block needs "fields" with at least "title"' });
      link(`${ptr}/to`, b.to);
      link(`${ptr}/more`, b.more);
    } else {
      if (!b.items?.length) out.push({ path: `${ptr}/items`, message: `a ${b.type} block needs "items"` });
      (b.items ?? []).forEach((it, j) => {
        if (!keys.has(it.count))
          out.push({
            path: `${ptr}/items/${j}/count`,
            message: `unknown count "${it.count}" (add it to settings.json counts)`,
          });
        link(`${ptr}/items/${j}/to`, it.to);
      });
    }
  });
  for (const p of out) c.add(file, p.path, p.message);
};
