/**
 * Types of the documents under schemas/ that are generated from their meta-schemas into ./generated/
 * by `npm run schemas:types`: the pages (schemas/meta/<kind>-page.schema.json, with the unions of the
 * kinds PageDef and EntityPageDef), workflows, dictionaries and menus, so their keys are written once.
 * ./types.ts re-exports them: import from either. What is here is not a document.
 */
import type { ResourceRecord } from './types.js';

export type * from './generated/index.js';

/** Data of a dashboard (POST /api/workbench/data): one entry per block of the page, in order; null for blocks of other roles. */
export interface DashboardBlockData {
  /** list: total records of the source. */
  count?: number;
  /** statistic / card: the count of each item. */
  items?: number[];
  /** list: the first rows (id, the named fields, status and its label). */
  rows?: ResourceRecord[];
}
