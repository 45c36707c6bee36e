import type { ArticlePageDef } from '../../../../shared/schema/types.js';
import { hasField } from '../entityModel.js';
import { pageEntity, type PageKindCheck } from './PageCheck.js';

/** An article: its entity is public, and each part names a field visitors may read. */
export const check: PageKindCheck<ArticlePageDef> = (file, page, c) => {
  const bound = pageEntity(file, page, c);
  if (!bound) return;
  const { entity } = bound;
  const out: { path: string; message: string }[] = [];
  const visible = new Set(['id', ...(entity.access?.public?.fields ?? [])]);
  if (!entity.access?.public) out.push({ path: '/source', message: `entity "${entity.name}" has no access.public` });
  for (const [part, field] of Object.entries(page.fields ?? {})) {
    if (typeof field !== 'string') continue;
    if (!hasField(entity, field))
      out.push({ path: `/fields/${part}`, message: `unknown field "${field}" of entity "${entity.name}"` });
    else if (!visible.has(field))
      out.push({ path: `/fields/${part}`, message: `field "${field}" is not public (access.public.fields)` });
  }
  (page.actions ?? []).forEach((a, i) => {
    if (!c.routeExists(a.to))
      out.push({ path: `/actions/${i}/to`, message: `route path "${a.to}" does not exist in routes.json` });
    for (const [, field] of a.to.matchAll(/:(\w+)/g))
      if (!visible.has(field))
        out.push({ path: `/actions/${i}/to`, message: `":${field}" is not a public field of entity "${entity.name}"` });
  });
  for (const p of out) c.add(file, p.path, p.message);
};
