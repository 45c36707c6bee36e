/**
 * Scores: one review's total from its criteria, and one record's final score from its experts'
 * totals by the batch rule (psgz: "1" mean, "2" mean without the highest and the lowest score).
 * Pure, so the numbers are tested against hand-computed values.
 */

// Declared with the review calls that answer them (src/shared/contracts/review.ts).
import type { Aggregate, Criterion } from '../../../shared/contracts/review.js';
export type { Aggregate, Criterion };
import { weightedTotal } from '../../../shared/reviewTotal.js';
import { givenScores, sheetProblems } from '../../../shared/scoreSheet.js';

export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** Recommendation options of a template: strings, or rows {name} as the table widget edits them. */
export function optionsOf(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  return v
    .map((x) => (x && typeof x === 'object' ? (x as { name?: unknown }).name : x))
    .filter((x) => typeof x === 'string' && x.trim() !== '')
    .map((x) => String(x).trim());
}

/** Criteria as the table widget edits them (numbers typed as text) turned into numbers; weight defaults to 1. */
export function normalizeCriteria(v: unknown): unknown {
  if (!Array.isArray(v)) return v;
  const num = (x: unknown) => (typeof x === 'string' && /^\d+(\.\d+)?$/.test(x.trim()) ? Number(x.trim()) : x);
  return v.map((c) => {
    if (!c || typeof c !== 'object') return c;
    const o = c as Record<string, unknown>;
    const w = o.weight === undefined || o.weight === null || o.weight === '' ? 1 : num(o.weight);
    const text = (x: unknown) => (typeof x === 'string' ? (x.trim() === '' ? undefined : x.trim()) : (x ?? undefined));
    const out: Record<string, unknown> = {
      name: typeof o.name === 'string' ? o.name.trim() : o.name,
      maxScore: num(o.maxScore),
      weight: w,
    };
    for (const k of ['guidance', 'anchors']) if (text(o[k]) !== undefined) out[k] = text(o[k]);
    return out;
  });
}

/** Checks a criteria list as a template; returns a Chinese message or null. */
export function templateProblem(criteria: unknown, recommendations: unknown): string | null {
  if (!Array.isArray(criteria) || criteria.length < 1 || criteria.length > 20) return '评分指标须有1到20项';
  for (const c of criteria) {
    if (!c || typeof c !== 'object') return '评分指标格式不正确';
    const { name, maxScore, weight } = c as Record<string, unknown>;
    if (typeof name !== 'string' || name.trim() === '' || name.length > 50) return '评分指标名称须为1到50个字符';
    if (typeof maxScore !== 'number' || !Number.isFinite(maxScore) || maxScore <= 0 || maxScore > 100)
      return `评分指标「${name}」的满分须在0到100之间`;
    for (const [key, label] of [
      ['guidance', '评分说明'],
      ['anchors', '分值参考'],
    ] as const) {
      const v = (c as Record<string, unknown>)[key];
      if (v !== undefined && v !== null && (typeof v !== 'string' || v.length > 300))
        return `评分指标「${name}」的${label}不能超过300个字符`;
    }
    if (
      weight !== undefined &&
      weight !== null &&
      (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0 || weight > 10)
    )
      return `评分指标「${name}」的权重须在0到10之间`;
  }
  if (new Set(criteria.map((c) => (c as Criterion).name.trim())).size !== criteria.length)
    return '评分指标名称不能重复';
  if (recommendations !== undefined && recommendations !== null) {
    const opts = optionsOf(recommendations);
    if (
      !Array.isArray(recommendations) ||
      recommendations.length > 10 ||
      opts.length !== recommendations.length ||
      opts.some((r) => r.length > 30)
    ) {
      return '推荐意见选项须为最多10个、每个不超过30个字符的文字';
    }
  }
  return null;
}

/** A bad score: the Chinese message, and the criterion it is about (none: the whole score sheet). */
export class ScoreProblem extends Error {
  constructor(
    message: string,
    readonly criterion?: string,
  ) {
    super(message);
  }
}

/**
 * The total of one review on the batch's 100-point scale (weightedTotal), its scores read as
 * numbers. Throws a ScoreProblem with the first of the sheet's score problems (sheetProblems: every
 * criterion scored when `complete`, each within its maximum, never corrected).
 */
export function scoreTotal(
  criteria: Criterion[],
  scores: unknown,
  complete: boolean,
): { scores: Record<string, number>; total: number } {
  const sheet = { scores, recommendation: null, comment: null };
  const bad = sheetProblems(criteria, [], sheet, complete).find((p) => p.field.startsWith('scores'));
  if (bad) throw new ScoreProblem(bad.message, bad.field.startsWith('scores.') ? bad.label : undefined);
  const out = givenScores(criteria, scores);
  return { scores: out, total: weightedTotal(criteria, out) };
}

/** Final score by the batch rule, with the spread (max − min) and the standard deviation (population). */
export function aggregate(totals: number[], rule: string, threshold: number): Aggregate {
  const n = totals.length;
  if (n === 0) return { count: 0, finalScore: null, mean: null, spread: null, stdDev: null, disagreement: false };
  const mean = totals.reduce((a, b) => a + b, 0) / n;
  const sorted = [...totals].sort((a, b) => a - b);
  const spread = sorted[n - 1]! - sorted[0]!;
  const stdDev = Math.sqrt(totals.reduce((a, b) => a + (b - mean) ** 2, 0) / n);
  // Dropping the highest and the lowest needs at least three scores; with fewer it is the mean.
  const trimmed = rule === '2' && n >= 3 ? sorted.slice(1, -1) : sorted;
  const finalScore = trimmed.reduce((a, b) => a + b, 0) / trimmed.length;
  return {
    count: n,
    finalScore: round2(finalScore),
    mean: round2(mean),
    spread: round2(spread),
    stdDev: round2(stdDev),
    disagreement: spread > threshold,
  };
}

/** The recommendation most experts gave (ties: the earlier option of the template). */
export function majority(recommendations: Array<string | null>, options: string[]): string | null {
  const counts = new Map<string, number>();
  for (const r of recommendations) if (r) counts.set(r, (counts.get(r) ?? 0) + 1);
  let best: string | null = null;
  let bestN = 0;
  const order = [...options, ...[...counts.keys()].filter((k) => !options.includes(k))];
  for (const o of order) {
    const c = counts.get(o) ?? 0;
    if (c > bestN) {
      best = o;
      bestN = c;
    }
  }
  return best;
}
