/**
 * Generated from src/client/runtime/pages/studio/page.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */

/**
 * The schema studio (kind studio, 表单设计): browse the schema files with where each is used, edit one as JSON with the checker's problems as you type, preview a page by the runtime, publish it as a new version served at once, and roll back to any earlier one. Only the super admin and the analyst (配置管理员) may use it; the server checks every call.
 */
export interface StudioPageDef {
  /**
   * Relative path of this meta-schema, e.g. ../../meta/studio-page.schema.json
   */
  $schema?: string;
  /**
   * Page kind: studio.
   */
  kind: 'studio';
  /**
   * Page id, e.g. studio/schema.studio.
   */
  id: string;
  /**
   * Page title (Chinese).
   */
  title: string;
  /**
   * A line under the title (Chinese).
   */
  description?: string;
}
