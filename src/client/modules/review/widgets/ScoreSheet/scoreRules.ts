import { weightedTotal } from '../../../../../shared/reviewTotal.js';
import type { Criterion } from '../../../../../shared/contracts/review.js';

// The sheet's rule is one, shared with review/score (src/shared/scoreSheet.ts).
export { scoreProblem, sheetProblems } from '../../../../../shared/scoreSheet.js';

/** The total of the scores typed so far on the 100-point scale (the server computes the same on save). */
export function liveTotal(criteria: Criterion[], scores: Record<string, number | null | undefined>): number {
  return weightedTotal(criteria, scores);
}
