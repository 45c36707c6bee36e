/**
 * Generated from src/client/runtime/pages/dashboard/page.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */

/**
 * A workbench or a portal page (schemas/pages/<module>/<name>.json, kind dashboard): blocks of figures, short lists, banners and embedded pages, each for the roles and the sign-in state it names. Every figure is a count of schemas/settings.json "counts" (entity + rule), so a block over an entity whose module has not landed yet reads 0 and lights up when it does.
 */
export interface DashboardPageDef {
  /**
   * Relative path of this meta-schema, e.g. ../../meta/dashboard-page.schema.json
   */
  $schema?: string;
  /**
   * Page kind: dashboard.
   */
  kind: 'dashboard';
  /**
   * Page id, e.g. workbench/home.
   */
  id: string;
  /**
   * Page title (Chinese).
   */
  title: string;
  /**
   * admin (default): for signed-in users only; public: visitors may open it too (the portal's home), so its figure and list blocks must be signedIn.
   */
  source?: 'admin' | 'public';
  /**
   * Blocks in reading order.
   *
   * @minItems 1
   */
  blocks: DashboardBlockDef[];
}
/**
 * One block.
 */
export interface DashboardBlockDef {
  /**
   * statistic: figures in a row; card: figures as clickable tiles; list: the first records of a count source; banner: a heading read from a site setting over a line of text; page: another page schema drawn in place (a home section: a compact public list).
   */
  type: 'statistic' | 'card' | 'list' | 'banner' | 'page';
  /**
   * Block title (Chinese), e.g. 待办; statistic, card and list need one; a page block with a title is drawn as a titled section.
   */
  title?: string;
  /**
   * Roles that see the block; omitted: every role (and visitors, unless signedIn).
   */
  roles?: string[];
  /**
   * true: only a signed-in user sees the block; false: only a visitor; omitted: both.
   */
  signedIn?: boolean;
  /**
   * banner: the site setting shown as the heading (systemName: the site's name).
   */
  setting?: 'systemName';
  /**
   * banner: the line under the heading (Chinese).
   */
  text?: string;
  /**
   * banner: links under the line (e.g. 注册 and 申报指南 on the portal's home: the way in for an applicant).
   */
  links?: {
    /**
     * The link's words (Chinese).
     */
    label: string;
    /**
     * Route path.
     */
    to: string;
    /**
     * false: visitors only (注册); true: signed-in users only; omitted: both.
     */
    signedIn?: boolean;
  }[];
  /**
   * page: the id of the page schema drawn in the block; it is drawn anew when the user's role or sub-system changes.
   */
  page?: string;
  /**
   * Width out of 24 (default 12 for list blocks and titled page blocks, else 24); every block is full width on a narrow screen.
   */
  span?: number;
  /**
   * statistic / card: the figures.
   */
  items?: DashboardItemDef[];
  /**
   * list: a key of settings.json counts (entity + rule) whose records are listed.
   */
  source?: string;
  /**
   * list: which fields a row shows.
   */
  fields?: {
    /**
     * The row's text.
     */
    title: string;
    /**
     * A date shown at the right.
     */
    date?: string;
    /**
     * A deadline, counted down in days.
     */
    deadline?: string;
    /**
     * Stage number 1..n shown as a step bar (with steps).
     */
    stage?: string;
    /**
     * Area code shown as its name (全省 when empty).
     */
    area?: string;
  };
  /**
   * list: labels of stages 1..n.
   */
  steps?: string[];
  /**
   * list: where a row goes; :id and :field are filled from the row.
   */
  to?: string;
  /**
   * list, or page with a title: where 更多 goes.
   */
  more?: string;
  /**
   * list: rows shown (default 5).
   */
  limit?: number;
  /**
   * list: order of rows (default the entity's).
   */
  sort?: {
    /**
     * Field to sort by.
     */
    field: string;
    /**
     * asc or desc.
     */
    order: 'asc' | 'desc';
  };
  /**
   * Text when there is nothing (default 暂无数据).
   */
  empty?: string;
}
export interface DashboardItemDef {
  /**
   * What the figure counts (Chinese), e.g. 待审核课题.
   */
  label: string;
  /**
   * A key of settings.json counts.
   */
  count: string;
  /**
   * Route path where the work is done.
   */
  to?: string;
}
