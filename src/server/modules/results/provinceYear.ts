import { formatDate } from '../../platform/records/time.js';

/** The year of a moment in the province's time. */
export function provinceYear(ms: number): number {
  return Number(formatDate(ms).slice(0, 4));
}
