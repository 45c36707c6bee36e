/**
 * What a page kind's check is handed: the schema set and the cross-reference checks every kind shares
 * (fields, widgets, routes, rules, actions), each reporting at a file's JSON pointer. checkSchemas
 * builds it once and runs the check of each page's kind: ./<kind>.ts, listed in ./index.ts by npm run
 * schemas:generate.
 */
import type { ActionDef, EntityDef, PageDef, WorkflowDef } from '../../../../shared/schema/types.js';
import type { SchemaSet } from '../SchemaSet.js';
import type { AddProblem } from '../checkMetaSchemas.js';
import type { RuleCheck } from '../ruleChecker.js';

export interface PageCheck {
  set: SchemaSet;
  add: AddProblem;
  routeExists: (to: string) => boolean;
  checkRoute: (file: string, pointer: string, to: unknown) => void;
  checkRule: RuleCheck;
  /** A field of the entity; with `allowed`, also one of the fields visitors may read. */
  checkField: (file: string, pointer: string, entity: EntityDef, name: unknown, allowed?: Set<string>) => void;
  checkWidget: (file: string, pointer: string, widget: unknown) => void;
  checkActions: (file: string, pointer: string, actions: ActionDef[] | undefined, entity: EntityDef) => void;
  workflowOf: (entity: EntityDef | undefined) => WorkflowDef | undefined;
}

/** Checks one page of its kind, reporting each problem through `c.add` with `file`. */
export type PageKindCheck<P extends PageDef = PageDef> = (file: string, page: P, c: PageCheck) => void;

/** The rule roots of a page's conditions. */
export const PAGE_RULE_ROOTS = ['record', 'form', 'user', 'query', 'now'];

/**
 * The entity a page is bound to, and for a public page the fields visitors may read; undefined (the
 * problem reported) when the entity does not exist or has no fields to check against.
 */
export function pageEntity(
  file: string,
  page: { entity: string; source?: string },
  c: PageCheck,
): { entity: EntityDef; publicFields?: Set<string> } | undefined {
  const entity = c.set.entities.get(page.entity);
  if (!entity) {
    c.add(file, '/entity', `unknown entity "${page.entity}"`);
    return undefined;
  }
  if (!entity.fields) return undefined;
  let publicFields: Set<string> | undefined;
  if (page.source === 'public') {
    if (!entity.access?.public) c.add(file, '/source', `entity "${entity.name}" has no access.public`);
    else publicFields = new Set(['id', ...entity.access.public.fields]);
  }
  return { entity, publicFields };
}
