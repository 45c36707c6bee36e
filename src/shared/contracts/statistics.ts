/**
 * The statistics module's call (src/server/modules/statistics/statisticsRoutes.ts serves it, the
 * statistics page kind makes it): a page's grouped counts within the user's scope. The same numbers
 * as a workbook (statistics/export) are a file, not an answer, and stay outside.
 */
import { contract } from './contract.js';

export interface StatRow {
  value: string;
  label: string;
  count: number;
}
/** One group of a chart's values (a phase of the statuses) with its count and its own rows. */
export interface StatGroup {
  value: string;
  label: string;
  count: number;
  rows: StatRow[];
}
export interface StatChart {
  field: string;
  title: string;
  chart: 'bar' | 'pie';
  entity: string;
  total: number;
  rows: StatRow[];
  /** With the chart's groupBy: the groups, in their field's order, each with the rows of its records. */
  groups?: StatGroup[];
}
export interface StatFilter {
  field: string;
  label: string;
  options: { value: string; label: string }[];
}
export interface StatisticsAnswer {
  title: string;
  total: number;
  filters: StatFilter[];
  charts: StatChart[];
}

/** pageId: a statistics page; filters: its filter fields' chosen values. */
export type StatisticsRequest = { pageId: string; filters?: Record<string, unknown> };

export const statisticsCalls = {
  data: contract<StatisticsRequest, StatisticsAnswer>('statistics/data'),
} as const;
