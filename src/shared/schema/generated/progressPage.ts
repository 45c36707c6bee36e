/**
 * Generated from src/client/modules/review/pages/progress/page.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */

/**
 * Progress of a review batch (kind progress, opened with ?id=<batch id>): per record and reviewer not started / draft / submitted, the percentage, the reviewers still missing, a reminder action, and the end of the review (forced with a reason while tasks are open), then each record's final score and disagreement flag. Data and actions go through the review module's endpoints (review/progress, review/remind, tTopicReview/checkEndReview).
 */
export interface ProgressPageDef {
  /**
   * Relative path of this meta-schema, e.g. ../../meta/progress-page.schema.json
   */
  $schema?: string;
  /**
   * Page kind: progress.
   */
  kind: 'progress';
  /**
   * Page id, e.g. review/reviewBatch.progress.
   */
  id: string;
  /**
   * The batch entity (reviewBatch).
   */
  entity: string;
  /**
   * Page title (Chinese).
   */
  title: string;
  /**
   * What a reviewed record is called (Chinese), e.g. 课题.
   */
  targetLabel: string;
  /**
   * Route path 返回 goes to.
   */
  back?: string;
  /**
   * Route path where a reviewer's task opens; :id is the task's id.
   */
  taskTo?: string;
}
