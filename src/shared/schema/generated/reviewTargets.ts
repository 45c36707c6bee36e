/**
 * Generated from schemas/meta/review-targets.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */

/**
 * schemas/reviewTargets.json: what the review module reads from each kind of reviewed record, by entity name (a batch names its targetEntity).
 */
export interface ReviewTargetsDef {
  /**
   * Relative path of this meta-schema: meta/review-targets.schema.json
   */
  $schema?: string;
  /**
   * Notes for analysts.
   */
  description?: string;
  /**
   * By entity name.
   */
  targets: {
    [k: string]: ReviewTargetDef;
  };
}
/**
 * One kind of reviewed record.
 */
export interface ReviewTargetDef {
  /**
   * What the record is called in messages (课题, 成果).
   */
  label: string;
  /**
   * Field holding the record's name.
   */
  nameField: string;
  /**
   * Field holding the unit, for conflicts of interest.
   */
  unitField: string;
  /**
   * Field holding the area code.
   */
  areaField: string;
  /**
   * Field holding the subject, for matching experts.
   */
  subjectField: string;
  /**
   * The people behind the record, for conflicts of interest.
   *
   * Items: One person.
   */
  people: {
    /**
     * Field holding the person's name.
     */
    nameField: string;
    /**
     * Field holding the person's ID card number.
     */
    idCardField?: string;
  }[];
  /**
   * Field holding the member rows.
   */
  membersField?: string;
  /**
   * Key of a member row holding the name.
   */
  memberNameKey: string;
  /**
   * Key of a member row holding the ID card number.
   */
  memberIdCardKey?: string;
  /**
   * Field the review results are written to.
   */
  resultField: string;
  /**
   * File fields an expert may download.
   */
  documentFields: string[];
  /**
   * The identity-free file fields (the 课题论证活页): all an expert of a blind batch may read of documentFields, unless the batch's organiser opens every document to it (reviewBatch.openMaterials). Absent: a blind batch serves documentFields.
   */
  blindDocumentFields?: string[];
  /**
   * Fields an expert may see.
   */
  shownFields: string[];
  /**
   * By batch stage: the status a record waits in during expert review (waiting) and the status before it (atCity).
   */
  stages: {
    /**
     * One stage.
     */
    [k: string]: {
      /**
       * Status code while the experts review.
       */
      waiting: string;
      /**
       * Status code before expert review.
       */
      atCity: string;
      /**
       * What a batch of this stage says and asks, copied into a new batch that leaves it empty (the organiser edits the copy): recommendation options, score criteria, the note to experts and the wording of the chair's decisions.
       */
      template?: {
        /**
         * The recommendation options an expert picks one of.
         *
         * @minItems 1
         * @maxItems 10
         */
        recommendations: string[];
        /**
         * The score criteria.
         *
         * @minItems 1
         * @maxItems 20
         *
         * Items: One criterion.
         */
        criteria: {
          /**
           * Its name.
           */
          name: string;
          /**
           * Its maximum score.
           */
          maxScore: number;
          /**
           * Its weight (1 when absent).
           */
          weight?: number;
          /**
           * What the expert judges.
           */
          guidance?: string;
          /**
           * What its scores mean.
           */
          anchors?: string;
        }[];
        /**
         * The note to experts (评审说明).
         */
        description?: string;
        /**
         * The chair's decisions (dictionary lxjd value) as this stage words them.
         */
        decisions: {
          [k: string]: string;
        };
      };
    };
  };
  /**
   * Transition sending a record to expert review.
   */
  sendAction: string;
  /**
   * Transition ending its expert review.
   */
  endAction: string;
  /**
   * The chair's decision after a review (dictionary lxjd value) → transitions carrying it to the record's status, the first one the record's status and the chair's role allow. A decision absent here (待议) leaves the status as is.
   */
  decisionActions?: {
    /**
     * @minItems 1
     */
    [k: string]: string[];
  };
}
