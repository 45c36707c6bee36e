/**
 * Generated from src/client/runtime/pages/article/page.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */

/**
 * A public record read as an article (kind article): the title, the source unit, area and date under it, the summary, the body at reading width and the attachments as a download list.
 */
export interface ArticlePageDef {
  /**
   * Relative path of this meta-schema, e.g. ../../meta/article-page.schema.json
   */
  $schema?: string;
  /**
   * Page kind: article.
   */
  kind: 'article';
  /**
   * Page id, e.g. portal/announcement.look.
   */
  id: string;
  /**
   * Entity shown.
   */
  entity: string;
  /**
   * Page title (Chinese), used when the record has none.
   */
  title: string;
  /**
   * Articles are read by visitors: only the entity's public fields.
   */
  source: 'public';
  /**
   * Which public field plays which part.
   */
  fields: {
    /**
     * The headline.
     */
    title: string;
    /**
     * The source unit (发布单位).
     */
    source?: string;
    /**
     * The date shown under the title.
     */
    date?: string;
    /**
     * Area code, shown as its name (全省 when empty).
     */
    area?: string;
    /**
     * The summary, set apart above the body.
     */
    summary?: string;
    /**
     * Rich text body.
     */
    body?: string;
    /**
     * Files, listed for download.
     */
    attachments?: string;
  };
  /**
   * Links under the article, e.g. 我要申报 on an open application notice. A visitor following one to a page that needs a login signs in (or signs up) first and then lands there, as on every such page.
   */
  actions?: {
    /**
     * The link's words (Chinese).
     */
    label: string;
    /**
     * Route path with query; :field placeholders take the record's values (id, or a public field).
     */
    to: string;
    /**
     * Drawn as the page's main button.
     */
    primary?: boolean;
    /**
     * Signed-in roles that see it; visitors always see it (it is their way in).
     */
    roles?: string[];
  }[];
}
