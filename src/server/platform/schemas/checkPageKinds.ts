/**
 * Cross references of the page kinds that are not bound to a list or form of one entity: the
 * dashboard (its figures name settings.json counts) and the article (its parts name public fields),
 * and the count sources themselves. checkSchemas reports what these find with the file's name.
 */
import type { ArticlePageDef, DashboardPageDef, EntityDef, StatisticsPageDef } from '../../../shared/schema/types.js';
import { lintRule } from '../../../shared/rules/evaluate.js';
import type { SchemaSet } from './SchemaSet.js';
import { hasField } from './entityModel.js';
import { TABLE_SOURCE_NAMES } from './tableSourceNames.js';

export interface KindProblem {
  path: string;
  message: string;
}

function countKeys(set: SchemaSet): Set<string> {
  const counts = (set.documents.get('settings') as { counts?: Record<string, unknown> } | undefined)?.counts ?? {};
  return new Set(Object.keys(counts));
}

export function checkDashboardPage(
  set: SchemaSet,
  page: DashboardPageDef,
  routeExists: (to: string) => boolean,
): KindProblem[] {
  const out: KindProblem[] = [];
  const keys = countKeys(set);
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
  return out;
}

export function checkArticlePage(page: ArticlePageDef, entity: EntityDef): KindProblem[] {
  const out: KindProblem[] = [];
  const visible = new Set(['id', ...(entity.access?.public?.fields ?? [])]);
  if (!entity.access?.public) out.push({ path: '/source', message: `entity "${entity.name}" has no access.public` });
  for (const [part, field] of Object.entries(page.fields ?? {})) {
    if (typeof field !== 'string') continue;
    if (!hasField(entity, field))
      out.push({ path: `/fields/${part}`, message: `unknown field "${field}" of entity "${entity.name}"` });
    else if (!visible.has(field))
      out.push({ path: `/fields/${part}`, message: `field "${field}" is not public (access.public.fields)` });
  }
  return out;
}

/**
 * Count sources: the rule is valid JsonLogic; when the entity exists, the fields it reads exist.
 * An entity not built yet is allowed (its figure reads 0 until its module lands).
 */
export function checkCountSources(set: SchemaSet): KindProblem[] {
  const out: KindProblem[] = [];
  const counts =
    (set.documents.get('settings') as { counts?: Record<string, { entity?: string; where?: unknown }> } | undefined)
      ?.counts ?? {};
  for (const [key, src] of Object.entries(counts)) {
    const entity = src.entity ? set.entities.get(src.entity) : undefined;
    if (src.entity !== undefined && !entity && !(TABLE_SOURCE_NAMES as readonly string[]).includes(src.entity)) {
      out.push({
        path: `/counts/${key}/entity`,
        message: `unknown entity "${src.entity}" (nor a module's table: ${TABLE_SOURCE_NAMES.join(', ')})`,
      });
    }
    if (src.where === undefined) continue;
    const ptr = `/counts/${key}/where`;
    for (const p of lintRule(src.where, ptr)) out.push({ path: p.path, message: p.message });
    if (!entity) continue;
    for (const [name, at] of recordVars(src.where, ptr)) {
      if (!hasField(entity, name))
        out.push({ path: at, message: `unknown field "${name}" of entity "${entity.name}"` });
    }
  }
  return out;
}

/** The record fields a rule reads (`{"var": "record.x"}`), with the pointer of each `var`. */
function recordVars(node: unknown, ptr: string): [string, string][] {
  if (Array.isArray(node)) return node.flatMap((n, i) => recordVars(n, `${ptr}/${i}`));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([k, v]) => {
    const at = `${ptr}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const m = k === 'var' && typeof v === 'string' ? /^record\.([a-zA-Z_]\w*)/.exec(v) : null;
    return m ? [[m[1], at] as [string, string]] : recordVars(v, at);
  });
}

/** A statistics page counts fields that exist: its entity's, or each chart's own entity's. */
export function checkStatisticsPage(set: SchemaSet, page: StatisticsPageDef): KindProblem[] {
  const out: KindProblem[] = [];
  const entity = set.entities.get(page.entity);
  if (!entity) return [{ path: '/entity', message: `unknown entity "${page.entity}"` }];
  (page.filters ?? []).forEach((f, i) => {
    for (const [k, field] of [
      ['field', f.field],
      ['labelField', f.labelField],
    ] as const) {
      if (field !== undefined && !hasField(entity, field))
        out.push({ path: `/filters/${i}/${k}`, message: `unknown field "${field}" of entity "${entity.name}"` });
    }
  });
  (page.charts ?? []).forEach((c, i) => {
    const e = c.entity ? set.entities.get(c.entity) : entity;
    if (!e) out.push({ path: `/charts/${i}/entity`, message: `unknown entity "${c.entity}"` });
    else if (!hasField(e, c.field))
      out.push({ path: `/charts/${i}/field`, message: `unknown field "${c.field}" of entity "${e.name}"` });
    (c.applyFilters ?? []).forEach((f, j) => {
      if (!e || !hasField(e, f) || !(page.filters ?? []).some((x) => x.field === f))
        out.push({
          path: `/charts/${i}/applyFilters/${j}`,
          message: `"${f}" must be a page filter and a field of the chart's entity`,
        });
    });
  });
  return out;
}
