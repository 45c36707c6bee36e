/**
 * Generated from src/client/modules/review/pages/ranking/page.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */

/**
 * A ranked result list read from a module endpoint (kind ranking, opened with ?id=<batch id>): the endpoint answers { batch: { name, canDecide }, rows }, the page shows the named columns, a row decision dialog (a dictionary choice and an optional note posted to decide.endpoint) while the chair may decide, and a download of exportUrl.
 */
export interface RankingPageDef {
  /**
   * Relative path of this meta-schema, e.g. ../../meta/ranking-page.schema.json
   */
  $schema?: string;
  /**
   * Page kind: ranking.
   */
  kind: 'ranking';
  /**
   * Page id, e.g. review/reviewBatch.ranking.
   */
  id: string;
  /**
   * The entity whose record ?id names (reviewBatch).
   */
  entity: string;
  /**
   * Page title (Chinese).
   */
  title: string;
  /**
   * API path (relative to /api/) answering the ranked rows for { batchId }.
   */
  endpoint: string;
  /**
   * Key of a row; the decision sends it under the same name.
   */
  rowKey: string;
  /**
   * Columns in order.
   *
   * @minItems 1
   */
  columns: {
    /**
     * Row key shown.
     */
    key: string;
    /**
     * Column title (Chinese).
     */
    label: string;
    /**
     * Width in pixels.
     */
    width?: number;
    /**
     * flag: a true value as a red 分歧较大 tag; tag: a non-empty value as a tag.
     */
    render?: 'flag' | 'tag';
    /**
     * Unit written after a number of the column (分, 人), so no bare number stands in a cell.
     */
    unit?: string;
    /**
     * What the column counts, shown on its heading's help mark (Chinese).
     */
    tooltip?: string;
  }[];
  /**
   * The row decision dialog.
   */
  decide?: {
    /**
     * API path receiving { batchId, <rowKey>, decision, note }.
     */
    endpoint: string;
    /**
     * Action and dialog title (Chinese).
     */
    label: string;
    /**
     * Dictionary of the choices.
     */
    dict: string;
    /**
     * Row key holding the current decision.
     */
    field: string;
    /**
     * Decisions that may still be changed (the action shows for them and for rows without one).
     */
    openValues?: string[];
    /**
     * Row key holding the choices the endpoint allows on that row ([{ value, label }], worded for it); when given the dialog offers only those, and the action hides on a row with none.
     */
    optionsKey?: string;
    /**
     * Label of the optional note (Chinese).
     */
    noteLabel?: string;
  };
  /**
   * API path of the download, :id the batch id (POST).
   */
  exportUrl?: string;
  /**
   * Label of the download button (Chinese).
   */
  exportLabel?: string;
  /**
   * Route path 返回 goes to.
   */
  back?: string;
}
