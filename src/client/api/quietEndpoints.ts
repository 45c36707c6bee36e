/**
 * Calls that show no global loading indicator (SPEC §7): statistics, the home page's lists,
 * and a few background calls.
 */
const QUIET_EXACT = new Set([
  'tTopicReview/checkEndReview',
  'tTopicDeclare/saveStepKaiTi',
  'categoryDict/queryCategoryDictByType',
]);

const QUIET_PATTERNS: readonly RegExp[] = [
  // statistics endpoints, e.g. statistics/topicByArea, tTopic/subjectStatistics
  /statistic/i,
  // the home page's line pages (latest items of each kind) and its dictionaries
  /^home\//,
];

/** Whether a call to `path` (relative to the API root, query allowed) runs without the loading indicator. */
export function isQuietEndpoint(path: string): boolean {
  const bare = path
    .replace(/^\/+/, '')
    .replace(/^api\//, '')
    .split('?')[0];
  return QUIET_EXACT.has(bare) || QUIET_PATTERNS.some((p) => p.test(bare));
}
