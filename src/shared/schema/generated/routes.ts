/**
 * Generated from schemas/meta/routes.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */

/**
 * The route tree of the web app (schemas/routes.json): paths, breadcrumb names, the page schema or hand-written screen at each path, hidden pages and their highlighted parent.
 */
export interface RoutesDef {
  /**
   * Relative path of this meta-schema: meta/routes.schema.json
   */
  $schema?: string;
  /**
   * Top-level routes.
   */
  routes: RouteDef[];
}
/**
 * One route.
 */
export interface RouteDef {
  /**
   * Full path, e.g. /informationManagement/announcement/addAnnouncement.
   */
  path: string;
  /**
   * Breadcrumb and title name (Chinese).
   */
  name: string;
  /**
   * Page schema rendered here (must exist under schemas/pages).
   */
  page?: string;
  /**
   * Form pages: add, edit or look (read-only).
   */
  mode?: 'add' | 'edit' | 'look';
  /**
   * Default query parameters of the page (the address's own win), e.g. {"id": "1"} for a form editing one fixed record.
   */
  query?: {
    [k: string]: string;
  };
  /**
   * Hand-written screen registered in the shell (403, 500, notFound); home is a page schema like the others.
   */
  component?: string;
  /**
   * Not a menu entry (add / edit / look / detail pages).
   */
  hidden?: boolean;
  /**
   * Menu path highlighted while this hidden page is open.
   */
  activeMenu?: string;
  /**
   * Hide the header (project detail page).
   */
  hideHeader?: boolean;
  /**
   * Open without login.
   */
  public?: boolean;
  /**
   * Go to this path instead.
   */
  redirect?: string;
  /**
   * Breadcrumb name by the stage query parameter (1..5) instead of name.
   */
  stageNames?: {
    [k: string]: string;
  };
  /**
   * Child routes.
   */
  children?: RouteDef[];
}
