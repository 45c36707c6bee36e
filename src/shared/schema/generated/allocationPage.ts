/**
 * Generated from src/client/modules/review/pages/allocation/page.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */

/**
 * Assigning reviewers to the records of a review batch (kind allocation, opened with ?id=<batch id>): the records waiting in the batch's stage with their assigned reviewers, the candidates with their conflicts (a hard conflict is refused with its reason), manual assign / unassign and automatic allocation. Data and changes go through the review module's endpoints (review/candidates, review/allocate, review/unassign), so one page serves every kind of reviewed record.
 */
export interface AllocationPageDef {
  /**
   * Relative path of this meta-schema, e.g. ../../meta/allocation-page.schema.json
   */
  $schema?: string;
  /**
   * Page kind: allocation.
   */
  kind: 'allocation';
  /**
   * Page id, e.g. review/reviewBatch.allocation.
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
}
