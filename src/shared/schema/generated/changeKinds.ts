/**
 * Generated from schemas/meta/change-kinds.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */

/**
 * schemas/topicChangeKinds.json: for each kind of change request, the fields of the target record it changes (copied from new<Field> of the request when it passes) and the system transition it fires on the target (e.g. stop → withdraw).
 */
export interface ChangeKindsDef {
  /**
   * Relative path of this meta-schema: ./meta/change-kinds.schema.json
   */
  $schema?: string;
  /**
   * Notes for analysts.
   */
  description?: string;
  /**
   * Entity changed by a passed request (topic).
   */
  target: string;
  /**
   * Entity of the requests (topicChange).
   */
  request: string;
  /**
   * Field of the request holding the chosen kinds (a multiple dictionary field).
   */
  kindsField: string;
  /**
   * By kind code (the values of the kinds field's dictionary).
   */
  kinds: {
    [k: string]: ChangeKindDef;
  };
  /**
   * Statuses of the target in which a request may be made and passed (a running topic: approved, not concluded, revoked or expired).
   *
   * @minItems 1
   */
  targetStatuses: string[];
  /**
   * Transition of the request that sends it to audit: the target must still be the submitter's and running, and no other open request of the target may ask for a kind this one asks for.
   */
  submitAction: string;
  /**
   * Transition of the request whose firing applies it to the target (in the same transaction).
   */
  applyAction: string;
  /**
   * Request statuses that count as open (being audited).
   */
  openStatuses: string[];
}
export interface ChangeKindDef {
  /**
   * Target fields this kind changes; the request has old<Field> and new<Field> for each.
   */
  fields: string[];
  /**
   * System transition of the target's workflow fired when the request passes (e.g. withdraw → 24 revoked).
   */
  transition?: string;
}
