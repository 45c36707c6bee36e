/** A criterion as a total reads it: its maximum and its weight (1 when not given). */
export interface WeightedCriterion {
  name: string;
  maxScore: number;
  weight?: number;
}

/** The full marks every total is put on: the batch's 百分制, which its disagreement threshold (0–100) and ranking read. */
export const TOTAL_SCALE = 100;

/**
 * One review's total on the 100-point scale: the weighted sum of the scores over the weighted sum
 * of the maxima, times 100. Weights say how much a criterion counts against the others, never
 * how far the total runs: criteria 100/100 weighted 6/4 scored 50/48 total 49.2, not 492. A sheet
 * whose maxima add up to 100 with weight 1 totals the plain sum. Scores left out count 0 (a draft).
 */
export function weightedTotal(
  criteria: readonly WeightedCriterion[],
  scores: Readonly<Record<string, number | null | undefined>>,
): number {
  let got = 0;
  let full = 0;
  for (const c of criteria) {
    const w = c.weight ?? 1;
    full += c.maxScore * w;
    const v = scores[c.name];
    if (typeof v === 'number' && Number.isFinite(v)) got += v * w;
  }
  if (full <= 0) return 0;
  return Math.round((got / full) * TOTAL_SCALE * 100) / 100;
}
