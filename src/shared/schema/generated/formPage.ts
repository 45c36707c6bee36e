/**
 * Generated from src/client/runtime/pages/form/page.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */
import type { Rule } from '../../rules/Rule.js';
import type { WidgetName } from './widgetNames.js';

/**
 * A form page (schemas/pages/<module>/<name>.form.json): one document serves add, edit and look (read-only) of a record; sections, or steps for multi-step forms.
 */
export interface FormPageDef {
  /**
   * Relative path of this meta-schema, e.g. ../../meta/form-page.schema.json
   */
  $schema?: string;
  /**
   * Page kind: form.
   */
  kind: 'form';
  /**
   * Page id, e.g. information/announcement.form.
   */
  id: string;
  /**
   * Entity edited (schemas/entities/<name>.json).
   */
  entity: string;
  /**
   * Page title (Chinese).
   */
  title: string;
  /**
   * admin (default); public: read-only page for visitors (e.g. lookAnnouncement), showing only the entity's public fields.
   */
  source?: 'admin' | 'public';
  /**
   * Add forms: fields whose first value is taken from the query parameter of the same name (e.g. a change request opened from a topic: ?topicId=12).
   *
   * Items: A field name: camelCase letters and digits (e.g. publishTime).
   */
  initialFromQuery?: string[];
  /**
   * Records read when a field naming them changes, with some of their values copied into this form's fields for the user to see (the server fills the same fields on save).
   */
  lookups?: FormLookupDef[];
  /**
   * Groups of fields.
   */
  sections?: SectionDef[];
  /**
   * Multi-step forms: each step has its own sections; the last step saves.
   */
  steps?: FormStepDef[];
  /**
   * Route path to go to after a successful save.
   */
  afterSave?: string;
  /**
   * Values a new record starts with (add mode), each a rule over {user, query, now, profile} (profile: the signed-in user's own realName, gender, orgName, idCardNo and mobile, read from the server only when a rule names it), e.g. {"unit": {"var": "user.orgName"}, "noticeId": {"var": "query.noticeId"}}.
   */
  initialValues?: {
    [k: string]: Rule;
  };
  /**
   * A panel beside the form lists what is still missing before the submit (the submit transition's requires and the fields' rules: required, length, bounds, pattern), per step, updated as the user types; the submit button then says what blocks it instead of sending.
   */
  guidance?: boolean;
  /**
   * Drafts save themselves without validation, so a closed tab loses at most intervalSeconds of typing.
   */
  autosave?: {
    /**
     * Save every so many seconds while the form differs from what was last saved (default 30).
     */
    intervalSeconds?: number;
    /**
     * Also save this long after the user stops typing (default 3): autosave as the user types.
     */
    debounceSeconds?: number;
    /**
     * Steps forms: reopening the record starts at the step last edited on this browser (default true).
     */
    rememberStep?: boolean;
    /**
     * Also save when the user moves to another step (default true).
     */
    onStepChange?: boolean;
    /**
     * Add mode: open the user's own record in the workflow's initial status whose these fields equal the new record's initial values (e.g. ["noticeId"]: the draft of this notice continues).
     *
     * Items: A field name: camelCase letters and digits (e.g. publishTime).
     */
    resumeBy?: string[];
  };
  /**
   * A visitor's form (e.g. sign-up): served without login, always empty (add), and its values are posted to a module endpoint instead of the entity's save. The answer's message is shown, then the page goes to afterSave.
   */
  publicSubmit?: {
    /**
     * Module endpoint under /api, e.g. signUp/submit.
     */
    to: string;
    /**
     * Button text, e.g. 注册.
     */
    label: string;
  };
  /**
   * A second button that saves then fires a workflow transition (e.g. 发布).
   */
  submitAction?: {
    /**
     * Transition action of the entity's workflow.
     */
    action: string;
    /**
     * Button text.
     */
    label: string;
  };
}
export interface FormLookupDef {
  /**
   * Field of this form holding the other record's id.
   */
  field: string;
  /**
   * Entity of the other record.
   */
  entity: string;
  /**
   * Field of this form → field of the other record.
   */
  copy: {
    /**
     * A field name: camelCase letters and digits (e.g. publishTime).
     */
    [k: string]: string;
  };
  /**
   * Like copy, but only into fields that are still empty: starting values the user then edits (e.g. the current member list to add a member to).
   */
  fillEmpty?: {
    /**
     * A field name: camelCase letters and digits (e.g. publishTime).
     */
    [k: string]: string;
  };
  /**
   * Also read when a new record's form opens with the field already given (from the address, initialValues): an application opened from its notice knows at once what the notice asks (the 活页 it requires).
   */
  onOpen?: boolean;
}
/**
 * A titled group of fields.
 */
export interface SectionDef {
  /**
   * Section title.
   */
  title?: string;
  /**
   * Section shown only when this holds (e.g. {"var": "record.id"}: not when adding).
   */
  visible?: Rule;
  /**
   * The fields.
   */
  fields: FormFieldDef[];
}
/**
 * One field of the form.
 */
export interface FormFieldDef {
  /**
   * Entity field.
   */
  field: string;
  /**
   * Widget (defaults from the field type).
   */
  widget?: WidgetName;
  /**
   * Label (defaults to the field's).
   */
  label?: string;
  /**
   * Width in grid columns of 24.
   */
  span?: number;
  /**
   * Placeholder text.
   */
  placeholder?: string;
  /**
   * Chinese help text under the field on this page (defaults to the entity field's help; an entity's description is never shown).
   */
  help?: string;
  /**
   * Shown only when this holds (context form, record, user, query).
   */
  visible?: Rule;
  /**
   * Required when this holds (in addition to the entity's required).
   */
  required?: Rule;
  /**
   * Disabled when this holds.
   */
  disabled?: Rule;
  /**
   * Extra properties handed to the widget (e.g. rows of a TextArea).
   */
  props?: {
    [k: string]: unknown;
  };
  /**
   * Kept in the form and saved, not drawn (e.g. the notice an application belongs to, taken from the address by initialValues).
   */
  hidden?: boolean;
  /**
   * Shown as text on this page and not sent by its saves (e.g. the topic's name on a stage upload page).
   */
  readOnly?: boolean;
}
/**
 * One step.
 */
export interface FormStepDef {
  /**
   * Step title.
   */
  title: string;
  /**
   * Sections of this step.
   */
  sections: SectionDef[];
}
