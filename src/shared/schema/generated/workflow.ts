/**
 * Generated from schemas/meta/workflow.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */
import type { Rule } from '../../rules/Rule.js';

/**
 * A workflow (schemas/workflows/<name>.json): status codes with labels, and the transitions between them with who may fire them and when. The server fires transitions in one transaction with a version check and an operation-log row.
 */
export interface WorkflowDef {
  /**
   * Relative path of this meta-schema: ../meta/workflow.schema.json
   */
  $schema?: string;
  /**
   * Workflow name; entities name it in their workflow key.
   */
  name: string;
  /**
   * Chinese name.
   */
  label?: string;
  /**
   * Informative: the entity it was written for (entities name their workflow; one workflow may serve several).
   */
  entity?: string;
  /**
   * Field holding the status (normally status).
   */
  field: string;
  /**
   * Field remembering the stage of the last status that has one, for statuses without a stage (e.g. 28 returned).
   */
  stageField?: string;
  /**
   * Status of a new record.
   */
  initial: string;
  /**
   * The workflow's own words for a refused transition, instead of the engine's (当前状态不能执行该操作, 请填写审核意见).
   */
  messages?: {
    /**
     * The action is not possible in the record's status (or not for this user).
     */
    notAllowed?: string;
    /**
     * A transition whose comment is required was fired without one.
     */
    commentRequired?: string;
  };
  /**
   * Names of the stages (StatusDef.stage), for the life-cycle diagram's lanes (e.g. 1 申报, 2 开题报告).
   *
   * Items: One stage.
   */
  stages?: {
    /**
     * Stage number.
     */
    stage: number;
    /**
     * Chinese name of the stage.
     */
    label: string;
  }[];
  /**
   * Every status.
   *
   * @minItems 1
   */
  statuses: StatusDef[];
  /**
   * Per action: a condition every transition of that action must also meet, over {record, user, now, facts} (facts: what the entity's module tells about other records, e.g. facts.notices). A failing guard hides the action's buttons (it is not in _perm.transitions) and the server refuses it with the message.
   */
  guards?: {
    [k: string]: {
      /**
       * The condition.
       */
      rule: Rule;
      /**
       * Why the server refuses the action when the condition fails (Chinese).
       */
      message: string;
    };
  };
  /**
   * The transitions. Several entries may share one action with different from / when (the first that applies is fired).
   */
  transitions: TransitionDef[];
}
/**
 * One status.
 */
export interface StatusDef {
  /**
   * Status code stored in the record.
   */
  code: string;
  /**
   * Chinese label shown as a tag.
   */
  label: string;
  /**
   * antd tag colour (default, processing, success, warning, error, blue, green, orange, red, ...).
   */
  color?: string;
  /**
   * Stage number the status belongs to (topic: 1..5).
   */
  stage?: number;
  /**
   * A draft: the record is still being written by its owner. A save here may leave empty the fields whose requiredOn is "submit"; every transition out of a draft checks every required field of the entity (as a submission does), but for the server's own (actor system: expire, withdraw).
   */
  draft?: boolean;
}
/**
 * One transition.
 */
export interface TransitionDef {
  /**
   * Action name used by pages (transition actions) and the API.
   */
  action: string;
  /**
   * Button text and log wording (Chinese).
   */
  label: string;
  /**
   * Statuses it may be fired from.
   *
   * @minItems 1
   */
  from: string[];
  /**
   * Status it leads to.
   */
  to: string;
  /**
   * Target per source status, overriding to for those sources.
   */
  toByFrom?: {
    [k: string]: string;
  };
  /**
   * Roles that may fire it (with the record readable by them). Empty for system transitions.
   */
  roles: string[];
  /**
   * any (default): anyone with the role who can read the record; owner: only its creator; system: only the server (scheduled jobs, other modules).
   */
  actor?: 'any' | 'owner' | 'system';
  /**
   * Further condition on {record, user}, e.g. the area 1123 revocation rule.
   */
  when?: Rule;
  /**
   * Confirmation question.
   */
  confirm?: string;
  /**
   * Whether a comment is asked for: none (default), optional, required (the server refuses an empty one).
   */
  comment?: 'none' | 'optional' | 'required';
  /**
   * Fired by the save itself: when a user who may fire it saves the record and it then holds (from, roles, actor, when, guard) and leads to another status, the server fires it right after the save (e.g. choosing the experts of a waiting question routes it). Without it a save never changes the status.
   */
  onSave?: boolean;
  /**
   * Hands the record on for review: like a transition out of a draft, it is refused while any required field of the entity (requiredOn save or submit) is empty, with the message the save gives (<label>不能为空) on each.
   */
  submission?: boolean;
  /**
   * Fields that must be filled before this transition fires (e.g. a draft saved half-way is refused on submit, with a message on each empty field).
   *
   * Items: A field name: camelCase letters and digits (e.g. publishTime).
   */
  requires?: string[];
  /**
   * Tells the people waiting for this outcome in the bell (and by e-mail or SMS where the 消息提醒设置 page names the kind), right after the transition commits. Title: the text, then the stage of the status it left (when the workflow has stages) and the record's title (titleField); body: the comment given, after commentLabel. The person who fired it is not told of their own act.
   */
  notify?: {
    /**
     * The notice's kind (filters, icons, channel preferences), e.g. resultReturned.
     */
    kind: string;
    /**
     * Fields of the record holding the user id (or a list of them) to tell, e.g. ownerId.
     *
     * @minItems 1
     *
     * Items: A field name: camelCase letters and digits (e.g. publishTime).
     */
    to: string[];
    /**
     * The notice's title text (Chinese), e.g. 成果被退回修改.
     */
    title: string;
    /**
     * Words before the comment in the body (default 意见), e.g. 退回意见.
     */
    commentLabel?: string;
    /**
     * Route of the page that shows the record; the notice opens it with ?id=<record id>.
     */
    link: string;
  };
  /**
   * Fields set by the transition, each a rule over {record, user, now, comment} (comment: the text given with the transition), e.g. {"publishTime": {"var": "now"}}.
   */
  set?: {
    [k: string]: Rule;
  };
}
