/**
 * Generated from schemas/meta/dictionary.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */

/**
 * Seed values of one dictionary type (schemas/dictionaries/<type>.json); administrators may edit them later in the database.
 */
export interface DictionaryDef {
  /**
   * Relative path of this meta-schema: ../meta/dictionary.schema.json
   */
  $schema?: string;
  /**
   * Dictionary type, e.g. areacode; entities bind fields to it with dict.
   */
  type: string;
  /**
   * Chinese name of the dictionary.
   */
  label: string;
  /**
   * The options, in display order.
   */
  options: DictionaryOption[];
}
/**
 * One option.
 */
export interface DictionaryOption {
  /**
   * Stored value.
   */
  value: string;
  /**
   * Label shown.
   */
  text: string;
  /**
   * Tag colour when shown as a tag.
   */
  color?: string;
}
