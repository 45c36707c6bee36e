/**
 * Generated from schemas/meta/subSystems.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */

/**
 * schemas/subSystems.json: the sub-systems seeded on a fresh start (SPEC §3 sub-system info).
 */
export interface SubSystemsDef {
  /**
   * Relative path of this meta-schema: meta/subSystems.schema.json
   */
  $schema?: string;
  /**
   * The sub-systems; exactly one has defaultFlag 1.
   *
   * @minItems 1
   */
  subSystems: SubSystemDef[];
}
export interface SubSystemDef {
  /**
   * Stable code.
   */
  code: string;
  /**
   * Name shown in the switch.
   */
  systemName: string;
  /**
   * Host unit.
   */
  organize?: string;
  /**
   * 1: the default sub-system.
   */
  defaultFlag?: 0 | 1;
}
