/**
 * The mark of a button that changes data on a module's own page kind or widget (课题分配's 自动分配,
 * a score sheet's 提交评分). The schemas declare a list's actions, and the firing crawler
 * (e2e/crawler/firer.ts) finds those there; these only the page knows, so it marks them for the
 * crawler to press each once. `owner` names the page kind or widget.
 */
export function pageAction(owner: string): { 'data-page-action': string } {
  return { 'data-page-action': owner };
}
