import type { WeightedCriterion } from './reviewTotal.js';

/** One thing wrong with a score sheet, at the field it is about (scores.<criterion> for a score). */
export interface SheetProblem {
  field: string;
  label: string;
  message: string;
}

/** A score sheet as typed or sent: scores by criterion, the recommendation and the opinion. */
export interface ScoreSheetInput {
  scores: unknown;
  recommendation: unknown;
  comment: unknown;
}

/** The longest opinion an expert may write. */
export const COMMENT_MAX = 2000;

/**
 * What is wrong with one typed score, or null, in the words shown beside its input: out of range is
 * said, never corrected (a 35 turned into 30 would be a score the expert did not give).
 */
export function scoreProblem(c: WeightedCriterion, v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  const n = scoreNumber(v);
  if (!Number.isFinite(n) || n < 0 || n > c.maxScore) return `得分须在0到${c.maxScore}之间`;
  return null;
}

/** A score as a number: numbers as they are, digits typed as text read, anything else NaN. */
export function scoreNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  return typeof v === 'string' && /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** The scores given, as numbers (those left blank left out); read after sheetProblems found none. */
export function givenScores(criteria: readonly WeightedCriterion[], scores: unknown): Record<string, number> {
  const given = (scores ?? {}) as Record<string, unknown>;
  const out: Record<string, number> = {};
  for (const c of criteria) if (!blank(given[c.name])) out[c.name] = scoreNumber(given[c.name]);
  return out;
}

/**
 * Everything wrong with a score sheet at once, the one rule the expert's form checks before it
 * sends and review/score enforces: each score a number within its criterion's maximum (every one on
 * submit), no score for a criterion the batch does not have, a recommendation among the batch's
 * choices (one required on submit when it offers some), an opinion of at most 2000 characters
 * (required on submit). A draft may leave scores and opinions out.
 */
export function sheetProblems(
  criteria: readonly WeightedCriterion[],
  choices: readonly string[],
  sheet: ScoreSheetInput,
  submit: boolean,
): SheetProblem[] {
  const out: SheetProblem[] = [];
  const scores = sheet.scores ?? {};
  if (typeof scores !== 'object' || Array.isArray(scores)) {
    out.push({ field: 'scores', label: '评分', message: '评分格式不正确' });
  } else {
    const given = scores as Record<string, unknown>;
    const known = new Set(criteria.map((c) => c.name));
    for (const k of Object.keys(given))
      if (!known.has(k)) out.push({ field: 'scores', label: '评分', message: `未知的评分指标：${k}` });
    for (const c of criteria) {
      const field = `scores.${c.name}`;
      if (blank(given[c.name])) {
        if (submit) out.push({ field, label: c.name, message: `请填写「${c.name}」的得分` });
      } else if (scoreProblem(c, given[c.name])) {
        out.push({ field, label: c.name, message: `「${c.name}」的得分须在0到${c.maxScore}之间` });
      }
    }
  }
  const recommendation = sheet.recommendation;
  if (blank(recommendation)) {
    if (submit && choices.length) out.push({ field: 'recommendation', label: '推荐意见', message: '请选择推荐意见' });
  } else if (!choices.includes(String(recommendation))) {
    out.push({ field: 'recommendation', label: '推荐意见', message: '推荐意见不正确' });
  }
  const comment = sheet.comment;
  if (!blank(comment) && String(comment).length > COMMENT_MAX) {
    out.push({ field: 'comment', label: '评审意见', message: `评审意见不能超过${COMMENT_MAX}个字符` });
  } else if (submit && blank(comment)) {
    out.push({ field: 'comment', label: '评审意见', message: '请填写评审意见' });
  }
  return out;
}
