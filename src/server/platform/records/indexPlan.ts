import type { EntityDef, PageDef, WorkflowDef } from '../../../shared/schema/types.js';
import type { Rule } from '../../../shared/rules/Rule.js';
import { ruleRecordFields } from '../../../shared/rules/ruleRecordFields.js';
import { storageOf } from './entityPlan.js';

/** What an entity's table keeps indexes for: fields looked up by value, and fields searched by "contains". */
export interface IndexPlan {
  /** Fields filtered, sorted or read by rules: one b-tree index each. */
  lookup: string[];
  /** Fields searched with "contains" (list filters with op like, or `search: true`): a trigram index. */
  search: string[];
  /** Fields lists sort on; the first is the default sort, which every lookup index carries second. */
  sort: string[];
  /**
   * Lookups a list page reads in its own sort, when that is not the default: the page's filters and
   * fixed conditions, and the rules' fields (scopes filter every list), each with the page's sort.
   */
  sorted: { field: string; sort: string }[];
  /**
   * Two fields read together, in a sort: the area and the workflow status. City staff see their
   * area only, so all their lists filter on it, and most on a status too (tabs, the status filter).
   */
  paired: { first: string; field: string; sort: string }[];
}

/** Schemas the plan is derived from; the SchemaSet has these maps. */
export interface IndexSources {
  pages: Iterable<PageDef> | Map<string, PageDef>;
  workflows: Map<string, WorkflowDef>;
}

/**
 * The indexes an entity needs, derived from the schemas so nobody writes a migration for them:
 * fields marked `index: true` / `search: true`, the title field (searched), the default sort, every list page's filters,
 * sorts, sortable columns and fixed conditions, and every field the access and workflow rules read
 * (scopes filter on them in every list). Only fields the store can address are kept.
 */
export function indexPlan(entity: EntityDef, sources: IndexSources): IndexPlan {
  const lookup = new Set<string>();
  const search = new Set<string>();
  for (const [name, def] of Object.entries(entity.fields)) {
    if (def.index) lookup.add(name);
    if (def.search) search.add(name);
  }
  // The title (课题名称, 标题) is what people search for by a few characters it contains.
  if (entity.titleField) search.add(entity.titleField);
  const defaultSort = entity.sort?.field ?? 'createdAt';
  const sort = new Set<string>([defaultSort]);
  /** Per sort other than the default: the fields its pages filter on. */
  const bySort = new Map<string, Set<string>>();
  /** The sorts list pages read in; the area filters of any of them. */
  const pageSorts = new Set<string>([defaultSort]);
  let areaFiltered = false;
  const pages = sources.pages instanceof Map ? sources.pages.values() : sources.pages;
  for (const page of pages) {
    if (page.kind !== 'list' || page.entity !== entity.name) continue;
    const own = new Set<string>();
    for (const f of page.filters ?? []) (f.op === 'like' ? search : own).add(f.field);
    if (own.has(AREA)) areaFiltered = true;
    pageSorts.add(page.sort?.field ?? defaultSort);
    if (page.sort) sort.add(page.sort.field);
    for (const c of page.columns) if (c.sortable) sort.add(c.field);
    for (const f of Object.keys(page.where ?? {})) own.add(f);
    for (const f of own) lookup.add(f);
    const pageSort = page.sort?.field ?? defaultSort;
    if (pageSort === defaultSort) continue;
    if (!bySort.has(pageSort)) bySort.set(pageSort, new Set());
    for (const f of own) bySort.get(pageSort)!.add(f);
  }
  const rules: (Rule | undefined)[] = [];
  for (const list of [entity.access.read, entity.access.update, entity.access.delete])
    for (const r of list) rules.push(r.when);
  rules.push(entity.access.public?.when);
  const wf = entity.workflow ? sources.workflows.get(entity.workflow) : undefined;
  if (wf) for (const t of wf.transitions) rules.push(t.when);
  // The workflow's field and every field a rule reads: scopes filter every list on them.
  const ruleFields = new Set<string>(wf ? [wf.field] : []);
  for (const r of rules) ruleRecordFields(r, ruleFields);
  for (const f of ruleFields) lookup.add(f);
  const usable = (f: string) => {
    const s = storageOf(entity, f);
    // Structured values (files, lists, JSON) are not compared by value; id is the primary key.
    return (
      s !== undefined &&
      f !== 'id' &&
      !(
        s.kind !== 'system' &&
        (s.def.multiple || s.def.type === 'files' || s.def.type === 'json' || s.def.type === 'richtext')
      )
    );
  };
  const searchable = (f: string) => {
    const s = storageOf(entity, f);
    return s !== undefined && (s.type === 'string' || s.type === 'text') && !(s.kind !== 'system' && s.def.multiple);
  };
  const sorted: IndexPlan['sorted'] = [];
  for (const [by, fields] of bySort) {
    if (!usable(by)) continue;
    for (const field of [...new Set([...fields, ...ruleFields])].sort())
      if (field !== by && usable(field)) sorted.push({ field, sort: by });
  }
  const paired: IndexPlan['paired'] = [];
  const byArea = areaFiltered || entity.access.read.some((r) => r.scope === 'city');
  if (wf && byArea && usable(wf.field) && usable(AREA)) {
    for (const by of pageSorts) if (usable(by)) paired.push({ first: AREA, field: wf.field, sort: by });
  }
  return {
    lookup: [...lookup].filter(usable).sort(),
    search: [...search].filter(searchable).sort(),
    sort: [...sort].filter(usable),
    sorted,
    paired,
  };
}

/** The field the city scope compares (access.ts scopeCond). */
const AREA = 'areaCode';
