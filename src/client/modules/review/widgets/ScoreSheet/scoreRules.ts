import { weightedTotal } from '../../../../../shared/reviewTotal.js';
import type { Criterion } from '../../../../../shared/contracts/review.js';

/**
 * What is wrong with one typed score, or null: out of range is said, never corrected (a 35 turned
 * into 30 would be a score the expert did not give).
 */
export function scoreProblem(c: Criterion, v: number | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  if (!Number.isFinite(v) || v < 0 || v > c.maxScore) return `得分须在0到${c.maxScore}之间`;
  return null;
}

/** The total of the scores typed so far on the 100-point scale (the server computes the same on save). */
export function liveTotal(criteria: Criterion[], scores: Record<string, number | null | undefined>): number {
  return weightedTotal(criteria, scores);
}

/**
 * What a submission still lacks, in the server's words (review/score refuses a submit without
 * them): every criterion's score, a recommendation when the batch offers some, an opinion. Said
 * before anything is sent, so the expert is told what to fill in, not that the call was refused.
 */
export function submitProblems(
  criteria: Criterion[],
  scores: Record<string, number | null | undefined>,
  opinions: { recommendation: string | null; comment: string; choices: string[] },
): string[] {
  const out = criteria
    .filter((c) => scores[c.name] === null || scores[c.name] === undefined)
    .map((c) => `请填写「${c.name}」的得分`);
  if (opinions.choices.length && !opinions.recommendation) out.push('请选择推荐意见');
  if (!opinions.comment.trim()) out.push('请填写评审意见');
  return out;
}
