/**
 * Generated from schemas/meta/menu.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */

/**
 * The menu of one role (schemas/menus/<role>.json), handed out by home/queryMenuList.
 */
export interface MenuDef {
  /**
   * Relative path of this meta-schema: ../meta/menu.schema.json
   */
  $schema?: string;
  /**
   * Role whose menu this is (SPEC §6).
   */
  roleCode: '0' | '1' | '2' | '3' | '4' | '5' | '6';
  /**
   * Top-level entries.
   */
  items: MenuNode[];
}
/**
 * One menu entry.
 */
export interface MenuNode {
  /**
   * Text shown.
   */
  name: string;
  /**
   * Code (e.g. ktgl topic management, ktlb topic list, bglb change list).
   */
  code?: string;
  /**
   * Route path (must exist in routes.json).
   */
  path: string;
  /**
   * antd icon name.
   */
  icon?: string;
  /**
   * Kept for breadcrumbs and highlighting, not shown.
   */
  invisible?: boolean;
  /**
   * Counts-object field shown as a badge.
   */
  badge?: 'achieveNum' | 'meetNum' | 'reviewNum' | 'reviewTodoNum' | 'topicNum' | 'topicSumNum' | 'topicChangeNum';
  /**
   * Sub-entries.
   */
  children?: MenuNode[];
}
