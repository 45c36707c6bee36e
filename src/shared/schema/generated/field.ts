/**
 * Generated from schemas/meta/entity.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */
import type { Rule } from '../../rules/Rule.js';

/**
 * Chinese help text shown to users under the field in forms (npm run schemas:check refuses one without Chinese or with an English sentence).
 */
export type HelpText = string;

/**
 * One field of the entity.
 */
export interface FieldDef {
  /**
   * string: one line; text: several lines; richtext: HTML, sanitised by the server; integer / number; boolean; date: YYYY-MM-DD; datetime: YYYY-MM-DD HH:mm:ss; files: uploaded files (list of file refs); json: free JSON.
   */
  type: 'string' | 'text' | 'richtext' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'files' | 'json';
  /**
   * Chinese label of forms, columns, filters and error details.
   */
  label: string;
  /**
   * Notes for people who edit schemas (English or Chinese). Never shown to users: use help for that.
   */
  description?: string;
  /**
   * Chinese help text shown to users under the field in forms (a form field may give its own).
   */
  help?: HelpText;
  /**
   * A value must be given: to save (requiredOn "save", the default), or only to leave a draft (requiredOn "submit"). Either way every transition out of a draft status and every submission transition is refused while it is empty.
   */
  required?: boolean;
  /**
   * Required only while this rule holds, in every other way as `required` (requiredOn says when: every save, or only to leave a draft). Context: {record}, the record as the save or transition leaves it (the form: the record overlaid with its values); it reads only `record.<field>` of this entity's fields, so the server's refusal and the form's mark agree. A value another record decides (the notice asking for a 活页) is copied into a read-only field of this record by its module first, so the rule stays declarative. Not with required: true.
   */
  requiredWhen?: Rule;
  /**
   * With required or requiredWhen: save (default): every save needs a value; submit: a record in a draft status (a status the workflow marks draft) may be saved without it, and the form says so under the field; leaving the draft needs it.
   */
  requiredOn?: 'save' | 'submit';
  /**
   * Maximum number of characters (string, text, richtext).
   */
  maxLength?: number;
  /**
   * Minimum number of characters.
   */
  minLength?: number;
  /**
   * Regular expression the whole value must match (strings), e.g. ^1[3-9]\d{9}$.
   */
  pattern?: string;
  /**
   * Chinese message shown when pattern fails.
   */
  patternMessage?: string;
  /**
   * Smallest allowed value (integer, number).
   */
  minimum?: number;
  /**
   * Largest allowed value (integer, number).
   */
  maximum?: number;
  /**
   * Dictionary type (schemas/dictionaries/<type>.json) the value must be a member of; lists show its labels.
   */
  dict?: string;
  /**
   * With dict: several values (stored as a list).
   */
  multiple?: boolean;
  /**
   * Initial value of add forms.
   */
  default?: unknown;
  /**
   * files: allowed type set (SPEC §5): general (office, pdf, images, audio, video), generalArchive (general plus zip, 7z, rar), image, word, docx, excel, pdf, docImage (documents and images).
   */
  accept?: 'general' | 'generalArchive' | 'image' | 'word' | 'docx' | 'excel' | 'pdf' | 'docImage';
  /**
   * files: most files (default 5; -1 unlimited).
   */
  maxCount?: number;
  /**
   * files: most MB per file (default 10; -1 unlimited).
   */
  maxSize?: number;
  /**
   * Set by the server, never taken from a client (status, owner, area, publish time...).
   */
  readOnly?: boolean;
  /**
   * Taken from a client and checked like any field, for the module's save hooks only (an initial password): never stored with the record, answered, logged, exported or filtered on; no column (not with readOnly or required).
   */
  writeOnly?: boolean;
  /**
   * Kept in its own database column (faster filters and sorts). Others live in the record's JSON data; both filter and sort the same.
   */
  column?: boolean;
  /**
   * Keep a database index on this field (made at start-up, no migration). Fields that list pages filter or sort on, and fields access or workflow rules read, are indexed without saying so.
   */
  index?: boolean;
  /**
   * Keep a full-text (trigram) index for "contains" searches on this field (string or text). Fields a list page filters with op like get one without saying so.
   */
  search?: boolean;
  /**
   * readOnly fields: value given at creation, a rule over {user, now}, e.g. {"var": "user.orgName"}.
   */
  init?: Rule;
  /**
   * Names the people or unit behind the record (leader, unit, members, authors): the server leaves it out of what an expert of a blind review batch reads (the record, the generated application), and the look page says 匿名评审（已隐去）.
   */
  identity?: boolean;
  /**
   * A phone or ID number (SPEC §5: idCard keeps the first 4 and last 4 characters, phone the first 2 and last 4). The server answers it masked (lists, look pages, exports, documents, the operation log's field diff) to every reader but those `unmaskFor` names, so the whole value never reaches anyone else's browser.
   */
  mask?: 'idCard' | 'phone';
  /**
   * Who reads a masked field whole (its own mask, or the masked columns of its rows): the person it names, the administrators who manage or oversee the record; every other reader (and every visitor) gets it masked. Without it nobody does. An editable masked field needs managers: true, as its form must get the value whole to send it back (npm run schemas:check says so).
   */
  unmaskFor?: {
    /**
     * The field naming the user whose number it is (id of an account, ownerId of an applicant's record, userId of a duty): that user reads it whole.
     */
    holder?: string;
    /**
     * true: the administrators who manage the record (the entity's update rule grants it to them) read it whole.
     */
    managers?: boolean;
    /**
     * Roles that read it whole on every record their read rule gives them: the administrators who oversee records they do not edit (a topic's city and province reviewers).
     *
     * @minItems 1
     */
    roles?: string[];
  };
  /**
   * SPEC §5 text input filter (string, text): the input keeps only Chinese characters, letters, digits, white space and common punctuation (emoji and other symbols are dropped as typed); the server refuses a value holding anything else.
   */
  textFilter?: boolean;
  /**
   * A copy button (复制成功 / 无复制内容) beside the value wherever it is shown as text: list cells and look pages. For numbers people paste elsewhere: topic numbers, certificate numbers, links.
   */
  copyable?: boolean;
  /**
   * json fields holding rows: their columns and checks, checked on both sides.
   */
  rows?: RowsDef;
}
/**
 * json fields holding rows (a list of objects, e.g. a topic's members; or objects keyed by one column, e.g. review results by stage): the columns of a row and checks across them. Checked by the browser (message at the cell) and by the server (refused with the cell's path, e.g. members[0].idCard). A page's ArrayTable columns name these keys; lists and look pages show dictionary labels and formatted dates.
 */
export interface RowsDef {
  /**
   * The columns, by key.
   */
  fields: {
    [k: string]: RowFieldDef;
  };
  /**
   * Checks across the columns of one row.
   */
  checks?: RowCheck[];
  /**
   * Most rows.
   */
  maxRows?: number;
  /**
   * The value is an object of rows keyed by this column (e.g. review results keyed by stage), not a list; tables and exports show the key in that column.
   */
  keyedBy?: string;
}
/**
 * One column of a json field's rows, checked like a field.
 */
export interface RowFieldDef {
  /**
   * As a field's type; date YYYY-MM-DD, datetime YYYY-MM-DD HH:mm:ss.
   */
  type: 'string' | 'text' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime';
  /**
   * Chinese name used in messages (身份证号格式不正确).
   */
  label: string;
  /**
   * Notes for people who edit schemas; never shown to users.
   */
  description?: string;
  /**
   * Every row must have a value here.
   */
  required?: boolean;
  /**
   * Most characters.
   */
  maxLength?: number;
  /**
   * Fewest characters.
   */
  minLength?: number;
  /**
   * Regular expression the whole value must match.
   */
  pattern?: string;
  /**
   * Chinese message when pattern or format fails.
   */
  patternMessage?: string;
  /**
   * Smallest value (integer, number).
   */
  minimum?: number;
  /**
   * Largest value (integer, number).
   */
  maximum?: number;
  /**
   * Dictionary the value must be a member of; shown as its label.
   */
  dict?: string;
  /**
   * idCard: a resident ID number (GB 11643) with a valid birth date and check character.
   */
  format?: 'idCard';
  /**
   * Shown masked outside editing (SPEC §5).
   */
  mask?: 'idCard' | 'phone';
  /**
   * SPEC §5 text input filter, as on a field.
   */
  textFilter?: boolean;
}
export interface RowCheck {
  /**
   * Column checked (date, datetime or number).
   */
  field: string;
  /**
   * Column it may not be before, e.g. endDate not before startDate.
   */
  notBefore: string;
  /**
   * Chinese message; default <field>不能早于<notBefore>.
   */
  message?: string;
}
