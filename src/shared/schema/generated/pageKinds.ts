/**
 * Generated from each page kind folder's page.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */
import type { AllocationPageDef } from './allocationPage.js';
import type { ArticlePageDef } from './articlePage.js';
import type { DashboardPageDef } from './dashboardPage.js';
import type { DetailPageDef } from './detailPage.js';
import type { FormPageDef } from './formPage.js';
import type { ListPageDef } from './listPage.js';
import type { LookupPageDef } from './lookupPage.js';
import type { ProgressPageDef } from './progressPage.js';
import type { RankingPageDef } from './rankingPage.js';
import type { StatisticsPageDef } from './statisticsPage.js';
import type { StudioPageDef } from './studioPage.js';

/** The page kinds a schema may declare in `kind`, each with its meta-schema file under schemas/meta/. */
export const PAGE_KIND_META = {
  allocation: 'allocation-page.schema.json',
  article: 'article-page.schema.json',
  dashboard: 'dashboard-page.schema.json',
  detail: 'detail-page.schema.json',
  form: 'form-page.schema.json',
  list: 'list-page.schema.json',
  lookup: 'lookup-page.schema.json',
  progress: 'progress-page.schema.json',
  ranking: 'ranking-page.schema.json',
  statistics: 'statistics-page.schema.json',
  studio: 'studio-page.schema.json',
} as const;

/** A page document of any kind. */
export type PageDef =
  | AllocationPageDef
  | ArticlePageDef
  | DashboardPageDef
  | DetailPageDef
  | FormPageDef
  | ListPageDef
  | LookupPageDef
  | ProgressPageDef
  | RankingPageDef
  | StatisticsPageDef
  | StudioPageDef;

/** A page of the kinds bound to one entity (their meta-schema requires `entity`). */
export type EntityPageDef =
  | AllocationPageDef
  | ArticlePageDef
  | DetailPageDef
  | FormPageDef
  | ListPageDef
  | ProgressPageDef
  | RankingPageDef
  | StatisticsPageDef;
