/**
 * Types of the page documents under schemas/pages/: generated from their meta-schemas
 * (schemas/meta/<kind>-page.schema.json) into ./generated/ by `npm run schemas:types`, so a page
 * kind's keys are written once. ./types.ts re-exports them: import from either. What is here is not
 * a document: the unions of the kinds, and what the server answers about a page.
 */
import type {
  AllocationPageDef,
  ArticlePageDef,
  DashboardPageDef,
  DetailPageDef,
  FormPageDef,
  ListPageDef,
  LookupPageDef,
  ProgressPageDef,
  RankingPageDef,
  StatisticsPageDef,
  StudioPageDef,
} from './generated/index.js';
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

export type EntityPageDef =
  | ListPageDef
  | FormPageDef
  | DetailPageDef
  | ArticlePageDef
  | AllocationPageDef
  | ProgressPageDef
  | RankingPageDef
  | StatisticsPageDef;

export type PageDef = EntityPageDef | DashboardPageDef | LookupPageDef | StudioPageDef;
