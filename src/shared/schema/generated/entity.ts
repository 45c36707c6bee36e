/**
 * Generated from schemas/meta/entity.schema.json
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */
import type { Rule } from '../../rules/Rule.js';
import type { FieldDef } from './field.js';

/**
 * Rules of one right; a role not named has no right (deny by default).
 */
export type AccessList = AccessRule[];
export type ChildListStorage = {
  [k: string]: unknown;
} & {
  /**
   * The child table.
   */
  table: string;
  /**
   * The child's column holding the parent's value of field (its id or a natural key).
   */
  link: {
    /**
     * The child table's column.
     */
    column: string;
    /**
     * The parent's field (id, or a field with a column).
     */
    field: string;
  };
  /**
   * Each row property's column (a list of objects; not with value).
   */
  columns?: {
    [k: string]: string;
  };
  /**
   * The column holding each item of a list of scalars (a string field with multiple, e.g. a user's role codes; not with columns). Lists filter on it (the record has a row holding the value).
   */
  value?: string;
  /**
   * Column numbering the rows 0, 1, 2... in list order (required with columns; without it scalar items read in value order).
   */
  order?: string;
  /**
   * A read-only integer field (no column) answered as the number of rows.
   */
  count?: string;
};

/**
 * An entity (schemas/entities/<name>.json): its fields, their types, dictionary bindings and validation, and who may read and write its records. The server stores, validates and authorises by it; adding a field here needs no database migration.
 */
export interface EntityDef {
  /**
   * Relative path of this meta-schema: ../meta/entity.schema.json
   */
  $schema?: string;
  /**
   * Entity name, camelCase, used in API paths (/api/resource/<name>/list) and by pages. Also the file name.
   */
  name: string;
  /**
   * Chinese name shown to users (e.g. 通知公告).
   */
  label: string;
  /**
   * Notes for analysts.
   */
  description?: string;
  /**
   * Field shown as the record's title in logs, breadcrumbs and confirm dialogs.
   */
  titleField?: string;
  /**
   * Workflow (schemas/workflows/<name>.json) driving the status field.
   */
  workflow?: string;
  /**
   * The fields, by name. System fields (id, version, status, ownerId, areaCode, createdAt, updatedAt, createdBy, updatedBy) exist on every record; declare status, areaCode, createdAt... only to give them a label or dictionary.
   */
  fields: {
    [k: string]: FieldDef;
  };
  /**
   * Who may read, create, update and delete records, per role, and what visitors may read.
   */
  access: EntityAccess;
  /**
   * Default sort of lists.
   */
  sort?: {
    /**
     * Field sorted by.
     */
    field: string;
    /**
     * asc: ascending; desc: descending.
     */
    order: 'asc' | 'desc';
  };
  /**
   * The order of records the list's sort leaves equal (a day's shifts in their order), before the newest id; a table of `storage` says it with `then`.
   *
   * Items: Sort order of a list.
   */
  sortThen?: {
    /**
     * Field sorted by.
     */
    field: string;
    /**
     * asc: ascending; desc: descending.
     */
    order: 'asc' | 'desc';
  }[];
  /**
   * Records kept by a module in tables of its own (users, sub-systems, menus, dictionaries); the module's adapter answers list / get / save / delete / transition / log for the pages. No entity table is made.
   */
  virtual?: boolean;
  storage?: EntityStorage;
  /**
   * Values no two records share, checked by the server inside the save's transaction (src/server/platform/resources/uniqueRules.ts).
   */
  unique?: UniqueRuleDef[];
  /**
   * Groups of fields of which at least one must be given (a mobile or an e-mail): a save whose record, as it will be after the save, leaves every field of a group empty is refused by the server with the group's message at its first field, and the form shows the same message at each of them before anything is sent. `required` says the same of one field; a group's fields are not required themselves.
   */
  requireOneOf?: {
    /**
     * The fields of which one must have a value.
     *
     * @minItems 2
     *
     * Items: A field name: camelCase letters and digits (e.g. publishTime).
     */
    fields: string[];
    /**
     * Chinese message of the refusal, e.g. 请输入新手机号或新电子邮箱.
     */
    message: string;
  }[];
}
/**
 * Who may do what, per role; checked by the server on every call and every record.
 */
export interface EntityAccess {
  /**
   * Who may list and read records (admin pages).
   */
  read: AccessList;
  /**
   * Who may add records (scope is not used).
   */
  create: AccessList;
  /**
   * Who may edit records.
   */
  update: AccessList;
  /**
   * Who may delete records.
   */
  delete: AccessList;
  /**
   * What anonymous visitors may read (public pages).
   */
  public?: {
    /**
     * Which records, e.g. {"==": [{"var": "record.status"}, "published"]}.
     */
    when: Rule;
    /**
     * Fields visitors see (id is always given).
     *
     * Items: A field name: camelCase letters and digits (e.g. publishTime).
     */
    fields: string[];
  };
}
/**
 * Grants roles a right on the records in a scope, optionally only when a condition on the record holds.
 */
export interface AccessRule {
  /**
   * Role codes granted.
   *
   * @minItems 1
   */
  roles: string[];
  /**
   * all: every record; city: records whose areaCode is the user's area; own: records the user created; none: no record.
   */
  scope: 'all' | 'city' | 'own' | 'none';
  /**
   * Condition on the record (context record, user), e.g. only while the status is draft. Read rules must use only ==, !=, in, and, or, ! on record fields so lists can filter by them.
   */
  when?: Rule;
}
/**
 * Records kept in a fixed table made by a migration (system tables: sub-systems, menus...), not in a table made from this schema. Every field needs a column; the system fields the table lacks read as defaults (version 1, the rest empty) and cannot be filtered or sorted on. A field may name a system field's column (e.g. `area` and `areaCode`): both read it and the field's value is written. Lists need `sort`. Not with `virtual`; with a `workflow` only when `system` names the status column or `statuses` maps each status to column values.
 */
export interface EntityStorage {
  /**
   * The table's name; its key column is `id`.
   */
  table: string;
  /**
   * Each field's column, by field name (with keyValue: `<row key>.<property>`).
   */
  columns: {
    [k: string]: string;
  };
  /**
   * The table's own order within a list's sort (e.g. role, parent, order number), before the id.
   *
   * Items: Sort order of a list.
   */
  then?: {
    /**
     * Field sorted by.
     */
    field: string;
    /**
     * asc: ascending; desc: descending.
     */
    order: 'asc' | 'desc';
  }[];
  /**
   * The system fields the table has, with their columns (id is always `id`). Without `version` a save is not checked for a concurrent change.
   */
  system?: {
    /**
     * Version column; optimistic locking on saves.
     */
    version?: string;
    /**
     * Status column.
     */
    status?: string;
    /**
     * Owner user id column.
     */
    ownerId?: string;
    /**
     * Area code column.
     */
    areaCode?: string;
    /**
     * Creation time column (epoch ms).
     */
    createdAt?: string;
    /**
     * Last change time column (epoch ms).
     */
    updatedAt?: string;
    /**
     * Creating user id column.
     */
    createdBy?: string;
    /**
     * Last changing user id column.
     */
    updatedBy?: string;
  };
  /**
   * Fields (type json, no column) whose value is the rows of a child table in order, e.g. a dictionary type's options. The engine reads them with the record and, when the record is saved, replaces the rows.
   */
  lists?: {
    [k: string]: ChildListStorage;
  };
  /**
   * A key/value table (settings): the entity has one record, id 1, and each of columns names `<row key>.<property>`, a property of the JSON object in that row's value column. A save writes only the properties of the fields; the rest of a row stays.
   */
  keyValue?: {
    /**
     * The key column.
     */
    key: string;
    /**
     * The column of the JSON object.
     */
    value: string;
  };
  /**
   * A table with no status column (users: enabled and approval): each status code as the column values that make it. A row reads as the first code whose columns all hold (declared order), filters and sorts on status compare the same way in SQL, and writing a record writes its status's columns (a transition's target).
   */
  statuses?: {
    [k: string]: {
      [k: string]: string | number | null;
    };
  };
  /**
   * Read-only fields with no column, filled on every read by a module's onRead hook (e.g. whether an account is locked out, from the sign-on's lock table). Not filterable or sortable.
   *
   * Items: A field name: camelCase letters and digits (e.g. publishTime).
   */
  filled?: string[];
}
export interface UniqueRuleDef {
  /**
   * Fields whose values together are unique.
   *
   * @minItems 1
   *
   * Items: A field name: camelCase letters and digits (e.g. publishTime).
   */
  fields: string[];
  /**
   * When the rule is checked: create (only when a record is made), change (default: when it is made, or when a save changes one of the fields), save (every save). A rule that guards how records come into being is create or change, so a later save of a record is never refused for what it did not touch.
   */
  on?: 'create' | 'change' | 'save';
  /**
   * Which other records count (context record, now), e.g. those not withdrawn; must compile to a database filter.
   */
  among?: Rule;
  /**
   * Field the message is shown at (default: the first of fields).
   */
  field?: string;
  /**
   * Chinese message of the refusal.
   */
  message: string;
}
