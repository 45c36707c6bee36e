/**
 * The server's check of each page kind, one line per kind (the kinds are those of
 * src/shared/schema/pageKindNames.ts: a kind without a line here does not compile). Each check is
 * what the kind's keys name elsewhere (fields, routes, rules, counts); its meta-schema has checked
 * the keys themselves before.
 */
import type { PageKind } from '../../../../shared/schema/pageKindNames.js';
import type { PageDef } from '../../../../shared/schema/types.js';
import type { PageKindCheck } from './PageCheck.js';
import { checkListPage } from './list.js';
import { checkFormPage } from './form.js';
import { checkDetailPage } from './detail.js';
import { checkDashboardPage } from './dashboard.js';
import { checkArticlePage } from './article.js';
import { checkStatisticsPage } from './statistics.js';
import { checkAllocationPage, checkProgressPage, checkRankingPage } from './review.js';

/** Kinds whose keys name nothing elsewhere: the meta-schema is their whole check. */
const metaOnly: PageKindCheck = () => undefined;

export const PAGE_KIND_CHECKS: { [K in PageKind]: PageKindCheck<Extract<PageDef, { kind: K }>> } = {
  list: checkListPage,
  form: checkFormPage,
  detail: checkDetailPage,
  dashboard: checkDashboardPage,
  article: checkArticlePage,
  statistics: checkStatisticsPage,
  allocation: checkAllocationPage,
  progress: checkProgressPage,
  ranking: checkRankingPage,
  lookup: metaOnly,
  studio: metaOnly,
};

export type { PageCheck, PageKindCheck } from './PageCheck.js';
