/**
 * Generated from schemas/meta/action.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */
import type { Rule } from '../../rules/Rule.js';

/**
 * An action: link (go to a route), transition (fire a workflow transition), delete, export, import, download (a file from a module endpoint). The server checks every action again; `visible` only hides the button.
 */
export type ActionDef =
  | {
      /**
       * Link action.
       */
      type: 'link';
      /**
       * Button text (Chinese).
       */
      label: string;
      /**
       * Route path from schemas/routes.json, with optional query; :id and :field placeholders are filled from the row, e.g. /informationManagement/announcement/editAnnouncement?id=:id
       */
      to: string;
      /**
       * Shown only when this rule holds.
       */
      visible?: Rule;
      /**
       * antd icon name, e.g. PlusOutlined.
       */
      icon?: string;
      /**
       * Primary (highlighted) button.
       */
      primary?: boolean;
      /**
       * Row links only: shown only when the server's _perm grants this right to the row.
       */
      perm?: 'update' | 'delete';
      /**
       * Row actions: shown in the row before the others whenever visible, so the action a row waits for is never folded into 更多 (e.g. 审核通过 on a topic waiting for review).
       */
      inline?: boolean;
      pick?: PickDef;
    }
  | {
      /**
       * Transition action.
       */
      type: 'transition';
      /**
       * Transition action name of the entity's workflow.
       */
      action: string;
      /**
       * Button text; defaults to the transition's label.
       */
      label?: string;
      /**
       * Extra display condition (the server's rules still decide).
       */
      visible?: Rule;
      /**
       * Confirmation question asked first.
       */
      confirm?: string;
      /**
       * Ask for a comment (opinion) before firing.
       */
      comment?: boolean;
      /**
       * Row actions: shown in the row before the others whenever visible, so the action a row waits for is never folded into 更多 (e.g. 审核通过 on a topic waiting for review).
       */
      inline?: boolean;
    }
  | {
      /**
       * Delete action.
       */
      type: 'delete';
      /**
       * Button text (default 删除).
       */
      label?: string;
      /**
       * Extra display condition.
       */
      visible?: Rule;
      /**
       * Confirmation question asked first.
       */
      confirm?: string;
    }
  | {
      /**
       * Export action.
       */
      type: 'export';
      /**
       * xlsx (default) or csv (UTF-8 with a byte-order mark, for users who asked for a CSV file).
       */
      format?: 'xlsx' | 'csv';
      /**
       * Button text (default 导出).
       */
      label?: string;
      /**
       * Display condition.
       */
      visible?: Rule;
    }
  | {
      /**
       * Import action.
       */
      type: 'import';
      /**
       * Button text (default 导入).
       */
      label?: string;
      /**
       * Display condition.
       */
      visible?: Rule;
      /**
       * Entity fields a file may fill, in template column order (default: every field the form may edit).
       *
       * @minItems 1
       */
      fields?: string[];
    }
  | {
      /**
       * Download action.
       */
      type: 'download';
      /**
       * Button text (Chinese).
       */
      label: string;
      /**
       * API path relative to /api/ with optional query, e.g. meeting/exportAttendees?id=:id
       */
      url: string;
      /**
       * GET (default) or POST. As a batch action, :ids in the url becomes the selected rows' ids, comma separated (e.g. topics/export?ids=:ids).
       */
      method?: 'GET' | 'POST';
      /**
       * Display condition.
       */
      visible?: Rule;
    };

/**
 * Toolbar links: the record the link is for is picked first in a dialog listing the records of entity the user may read, narrowed by filters (and pageId's where); the link's placeholders are filled from the chosen one (e.g. 申报课题 → the notices open for applications).
 */
export interface PickDef {
  /**
   * Entity listed.
   */
  entity: string;
  /**
   * Dialog title (Chinese).
   */
  title: string;
  /**
   * Field shown per record (default title).
   */
  field?: string;
  /**
   * List page whose where also applies.
   */
  pageId?: string;
  /**
   * Filters as a list page sends them.
   */
  filters?: {
    /**
     * Field.
     */
    field: string;
    /**
     * Operator (range: [from, to], either end null).
     */
    op: 'eq' | 'like' | 'in' | 'range';
    /**
     * Value (a list for in, [from, to] for range); a value or range end may be a rule evaluated when the dialog opens, e.g. {"var": "now"}.
     */
    value: string | number | Rule | (string | number | Rule | null)[];
  }[];
  /**
   * What the dialog says when there is nothing to pick (Chinese).
   */
  empty: string;
}
