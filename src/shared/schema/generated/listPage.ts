/**
 * Generated from src/client/runtime/pages/list/page.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */
import type { ActionDef } from './action.js';
import type { WidgetName } from './widgetNames.js';

/**
 * A list page (schemas/pages/<module>/<name>.list.json): filters, columns, pagination (10 per page, 共N条记录), toolbar, row and batch actions.
 */
export interface ListPageDef {
  /**
   * Relative path of this meta-schema, e.g. ../../meta/list-page.schema.json
   */
  $schema?: string;
  /**
   * Page kind: list.
   */
  kind: 'list';
  /**
   * Page id, referenced by routes and detail tabs, e.g. information/announcement.list.
   */
  id: string;
  /**
   * Entity listed (schemas/entities/<name>.json).
   */
  entity: string;
  /**
   * Page title (Chinese).
   */
  title: string;
  /**
   * admin (default): records the user's role may read; public: what anonymous visitors may read (entity access.public).
   */
  source?: 'admin' | 'public';
  /**
   * Fixed filter always applied, field → value (a list means any of). Status codes must exist in the workflow.
   */
  where?: {
    /**
     * Value (or list of values) the field must equal.
     */
    [k: string]: string | number | boolean | (string | number | boolean)[];
  };
  /**
   * Search form above the table.
   */
  filters?: FilterDef[];
  /**
   * Table columns.
   *
   * @minItems 1
   */
  columns: ColumnDef[];
  /**
   * Buttons above the table (e.g. 新增, export).
   */
  toolbar?: ActionDef[];
  /**
   * Buttons of each row (查看, 编辑, transitions, 删除).
   */
  rowActions?: ActionDef[];
  /**
   * Buttons acting on the selected rows.
   */
  batchActions?: ActionDef[];
  /**
   * Rows per page (default 10).
   */
  pageSize?: number;
  /**
   * Initial sort (overrides the entity's).
   */
  sort?: {
    /**
     * Field sorted by.
     */
    field: string;
    /**
     * asc: ascending; desc: descending.
     */
    order: 'asc' | 'desc';
  };
  /**
   * false: no pager, just the first pageSize rows (compact lists, e.g. the home page's latest 5).
   */
  pagination?: boolean;
  /**
   * Compact lists: route path of the 更多 link.
   */
  more?: string;
  /**
   * Title by the user's active role code (SPEC §6: applicants 0, 4, 5 see 我的课题列表, admins 课题审核管理); other roles see title.
   */
  roleTitles?: {
    [k: string]: string;
  };
}
/**
 * One search field.
 */
export interface FilterDef {
  /**
   * Entity field filtered.
   */
  field: string;
  /**
   * eq (default): equals; like: contains the text; in: one of several values; range: between two dates or numbers.
   */
  op?: 'eq' | 'like' | 'in' | 'range';
  /**
   * Label (defaults to the field's).
   */
  label?: string;
  /**
   * Widget (defaults from the field type and op).
   */
  widget?: WidgetName;
}
/**
 * One table column.
 */
export interface ColumnDef {
  /**
   * Entity field shown.
   */
  field: string;
  /**
   * Header (defaults to the field's label).
   */
  label?: string;
  /**
   * text (default; dictionary values as labels), tag (status or dictionary value as a coloured tag), date, datetime, link (to a route), files (file names with downloads), fileIcon (a paperclip with the number of files, for narrow columns), area (an area code in words: 全省 when empty, else the city's name).
   */
  render?: 'text' | 'tag' | 'date' | 'datetime' | 'link' | 'files' | 'fileIcon' | 'area';
  /**
   * render link: route path; :id and :field placeholders are filled from the row.
   */
  to?: string;
  /**
   * Width in pixels.
   */
  width?: number;
  /**
   * Users may sort by this column.
   */
  sortable?: boolean;
  /**
   * Cut long text with …
   */
  ellipsis?: boolean;
  /**
   * A copy button beside the cell's text (复制成功 / 无复制内容); a field's own copyable does the same.
   */
  copyable?: boolean;
}
