/**
 * Generated from src/client/runtime/pages/detail/page.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */
import type { Rule } from '../../rules/Rule.js';
import type { ActionDef } from './action.js';

/**
 * A detail page (schemas/pages/<module>/<name>.detail.json): tabs composed of forms, lists, the operation log and the workflow of one record.
 */
export interface DetailPageDef {
  /**
   * Relative path of this meta-schema, e.g. ../../meta/detail-page.schema.json
   */
  $schema?: string;
  /**
   * Page kind: detail.
   */
  kind: 'detail';
  /**
   * Page id, e.g. topic/topic.detail.
   */
  id: string;
  /**
   * Entity shown.
   */
  entity: string;
  /**
   * Page title (Chinese).
   */
  title: string;
  /**
   * Tabs.
   *
   * @minItems 1
   */
  tabs: DetailTabDef[];
  /**
   * Buttons of the record (transitions, links).
   */
  actions?: ActionDef[];
}
/**
 * One tab.
 */
export interface DetailTabDef {
  /**
   * Tab title.
   */
  title: string;
  /**
   * form: a form page in look mode; list: a list page filtered by this record; log: the record's operation log; workflow: its status diagram.
   */
  type: 'form' | 'list' | 'log' | 'workflow';
  /**
   * form and list tabs: the page id.
   */
  page?: string;
  /**
   * list tabs: filter field → value taken from the record, e.g. {"topicId": ":id"}.
   */
  params?: {
    [k: string]: string;
  };
  /**
   * Shown only when this holds.
   */
  visible?: Rule;
}
