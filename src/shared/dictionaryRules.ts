/**
 * Rules that narrow a dictionary's options by a flag of the page or record (SPEC §5). The
 * runtime's dictionary binding calls `applyDictionaryRules` on every option list it loads, so a
 * rule lives here once instead of in each page.
 */

/** The review-stage dictionary (评审阶段). */
export const REVIEW_STAGE_DICTIONARY = 'psjd';
/** Review stage 4 is the result appraisal stage, offered only where topic appraisal is on. */
export const RESULT_APPRAISAL_STAGE = '4';

export interface DictionaryFlags {
  /** 0 / '0' / false: the sub-system does not appraise topic results. Absent: no narrowing. */
  isTopicAppraisal?: string | number | boolean | null;
}

interface OptionLike {
  value?: unknown;
  id?: unknown;
}

function isOff(flag: DictionaryFlags['isTopicAppraisal']): boolean {
  return flag === 0 || flag === '0' || flag === false;
}

/** Options of `type` after the rules: the review-stage dictionary drops value 4 when isTopicAppraisal is 0. */
export function applyDictionaryRules<T extends OptionLike>(
  type: string,
  options: readonly T[],
  flags: DictionaryFlags = {},
): T[] {
  if (type === REVIEW_STAGE_DICTIONARY && isOff(flags.isTopicAppraisal)) {
    return options.filter((o) => String(o.value ?? o.id) !== RESULT_APPRAISAL_STAGE);
  }
  return [...options];
}
