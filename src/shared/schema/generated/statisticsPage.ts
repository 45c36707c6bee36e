/**
 * Generated from src/client/runtime/pages/statistics/page.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */

/**
 * Grouped counts of an entity (kind statistics): filters, one chart per field and a table of the same numbers that exports to xlsx. Counted on the server over the records the user may read (the entity's read rules), so every role sees its own scope.
 */
export interface StatisticsPageDef {
  /**
   * Relative path of this meta-schema, e.g. ../../meta/statistics-page.schema.json
   */
  $schema?: string;
  /**
   * Page kind: statistics.
   */
  kind: 'statistics';
  /**
   * Page id, e.g. topics/topic.statistics.
   */
  id: string;
  /**
   * Entity counted (and whose fields the filters name).
   */
  entity: string;
  /**
   * Page title (Chinese); also the name of the exported file.
   */
  title: string;
  /**
   * Choices above the charts; the choices offered are the values present in the user's scope.
   */
  filters: {
    /**
     * Field filtered on (equality).
     */
    field: string;
    /**
     * Label (default: the field's).
     */
    label?: string;
    /**
     * A field of the same record that names the value, e.g. noticeTitle for noticeId.
     */
    labelField?: string;
  }[];
  /**
   * One chart (and one block of the table) per field: the count of records per value, dictionary and status values as their labels.
   *
   * @minItems 1
   */
  charts: {
    /**
     * Field grouped by.
     */
    field: string;
    /**
     * Chart title (Chinese), e.g. 按状态.
     */
    title: string;
    /**
     * bar (default) or pie.
     */
    chart?: 'bar' | 'pie';
    /**
     * A field of the same records whose values group this chart's (e.g. stage for status: 申报, 开题, 中期 ...): the chart shows the groups and opens one to its values, so dozens of values stay readable.
     */
    groupBy?: string;
    /**
     * Another entity counted the same way (e.g. results by kind), over the records of it the user may read.
     */
    entity?: string;
    /**
     * With entity: the page filters that apply to it (fields of that entity with the same meaning, e.g. areaCode); none by default.
     *
     * Items: A field name: camelCase letters and digits (e.g. publishTime).
     */
    applyFilters?: string[];
  }[];
}
