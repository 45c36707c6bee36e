/**
 * Types of the page documents under schemas/pages/: generated from their meta-schemas
 * (schemas/meta/<kind>-page.schema.json) into ./generated/ by `npm run schemas:types`, so a page
 * kind's keys are written once, and so are the unions of the kinds (PageDef, EntityPageDef).
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
