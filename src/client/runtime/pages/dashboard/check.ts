import type { DashboardPageDef } from '../../../../shared/schema/types.js';
import type { SchemaSet } from '../../../../server/platform/schemas/SchemaSet.js';
import type { PageKindCheck } from '../../../../server/platform/schemas/pageKinds/PageCheck.js';

function countKeys(set: SchemaSet): Set<string> {
  const counts = (set.documents.get('settings') as { counts?: Record<string, unknown> } | undefined)?.counts ?? {};
  return new Set(Object.keys(counts));
}

/** A dashboard: its figures and lists name settings.json counts, its links routes. */
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
    if (b.type === 'list') {
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
