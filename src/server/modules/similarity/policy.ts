/**
 * Share of a document found in one earlier document at or above which it is flagged 疑似重复,
 * unless its notice sets another: the corpus (corpus.test.ts) puts every altered copy above 44%
 * and every unrelated text on the same subject below 8%, so 30% sits well inside the gap.
 */
export const DEFAULT_THRESHOLD = 0.3;
