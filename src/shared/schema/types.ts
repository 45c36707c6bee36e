/**
 * Types of the JSON documents under schemas/. The meta-schemas in schemas/meta/ describe the same
 * shapes for editors; this file is what the code reads. Keep the two in step.
 * Nothing here knows React or Fastify: the browser runtime and the server engine both read it.
 */
import type { Rule } from '../rules/Rule.js';

// ---------------------------------------------------------------- entities
export type FieldType =
  | 'string' | 'text' | 'richtext' | 'integer' | 'number' | 'boolean'
  | 'date' | 'datetime' | 'files' | 'json';

export interface FieldDef {
  type: FieldType;
  label: string;
  description?: string;
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  /** Regular expression the value must match (strings). */
  pattern?: string;
  /** Chinese message shown when `pattern` fails. */
  patternMessage?: string;
  minimum?: number;
  maximum?: number;
  /** Dictionary type the value must be a member of (schemas/dictionaries/<type>.json). */
  dict?: string;
  /** Several dictionary values (stored as an array). */
  multiple?: boolean;
  default?: unknown;
  /** For `files`: allowed type set (SPEC §5), max count (-1 unlimited), max size in MB (-1 unlimited). */
  accept?: FileTypeSet;
  maxCount?: number;
  maxSize?: number;
  /** Set by the server, never taken from a client (e.g. owner, area). */
  readOnly?: boolean;
  /** Kept in a real column (indexed, sortable, filterable fast); others live in the JSON data column. */
  column?: boolean;
  /**
   * Value the server gives a readOnly field when a record is created, a rule over {user, now}
   * (e.g. {"var": "user.orgName"}). Never taken from the client.
   */
  init?: Rule;
}

/**
 * Fields every record has, kept in the system columns. An entity may declare them (to give a label
 * or a dictionary) but never needs to; pages may name them either way.
 * status: the workflow's field; areaCode / ownerId: the creator's area and id (row scopes).
 */
export const SYSTEM_FIELDS = ['id', 'version', 'status', 'ownerId', 'areaCode', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'] as const;
export type SystemField = (typeof SYSTEM_FIELDS)[number];

export type FileTypeSet = 'general' | 'generalArchive' | 'image' | 'word' | 'docx' | 'excel' | 'pdf' | 'docImage';

/** Row scope: which records a role sees. */
export type Scope = 'all' | 'city' | 'own' | 'none';

export interface AccessRule {
  roles: string[];
  scope: Scope;
  /** Extra condition on the record (e.g. only while status is draft). */
  when?: Rule;
}

export interface EntityDef {
  $schema?: string;
  name: string;
  label: string;
  /** Notes for analysts. */
  description?: string;
  fields: Record<string, FieldDef>;
  /** Field shown as the record's title in logs, breadcrumbs and confirm dialogs. */
  titleField?: string;
  /** Workflow (schemas/workflows/<name>.json) driving the `status` field. */
  workflow?: string;
  access: {
    read: AccessRule[];
    create: AccessRule[];
    update: AccessRule[];
    delete: AccessRule[];
    /** What anonymous visitors may read: a record condition and the fields shown. */
    public?: { when: Rule; fields: string[] };
  };
  /** Default sort of lists. */
  sort?: { field: string; order: 'asc' | 'desc' };
}

// ---------------------------------------------------------------- actions
export type ActionDef =
  | {
      type: 'link'; label: string; to: string; visible?: Rule; icon?: string; primary?: boolean;
      /** Row links only: shown only when the server's row `_perm` grants this (e.g. an edit link needs update). */
      perm?: 'update' | 'delete';
    }
  | { type: 'transition'; action: string; label?: string; visible?: Rule; confirm?: string; comment?: boolean }
  | { type: 'delete'; label?: string; visible?: Rule; confirm?: string }
  | { type: 'export'; label?: string; visible?: Rule };

// ---------------------------------------------------------------- pages
export interface FilterDef {
  field: string;
  /** eq (default), like (contains), in, range (dates / numbers). */
  op?: 'eq' | 'like' | 'in' | 'range';
  label?: string;
  widget?: string;
}

export interface ColumnDef {
  field: string;
  label?: string;
  /** text (default; dictionary values shown as labels), tag (status/dict as coloured tag), date, datetime, link. */
  render?: 'text' | 'tag' | 'date' | 'datetime' | 'link' | 'files';
  /** For render link: where a click goes; `:id` and `:field` placeholders are filled from the row. */
  to?: string;
  width?: number;
  sortable?: boolean;
  ellipsis?: boolean;
}

export interface ListPageDef {
  $schema?: string;
  kind: 'list';
  id: string;
  entity: string;
  title: string;
  /** 'admin' (default) lists through the entity's read rules; 'public' lists what visitors may read. */
  source?: 'admin' | 'public';
  /** Fixed filter always applied (e.g. only published items on a public list). */
  where?: Record<string, unknown>;
  filters?: FilterDef[];
  columns: ColumnDef[];
  toolbar?: ActionDef[];
  rowActions?: ActionDef[];
  batchActions?: ActionDef[];
  pageSize?: number;
  /** Initial sort of this list (overrides the entity's). */
  sort?: { field: string; order: 'asc' | 'desc' };
  /** false: no pager, just the first pageSize rows (compact lists such as the home page's latest items). */
  pagination?: boolean;
  /** For compact lists: a "more" link (route path). */
  more?: string;
}

export interface FormFieldDef {
  field: string;
  /** Widget from the registry; defaults from the field type. */
  widget?: string;
  label?: string;
  span?: number;
  placeholder?: string;
  visible?: Rule;
  required?: Rule;
  disabled?: Rule;
  props?: Record<string, unknown>;
}

export interface SectionDef {
  title?: string;
  /** Whole section shown only when this holds (e.g. {"var": "record.id"}: not in add mode). */
  visible?: Rule;
  fields: FormFieldDef[];
}

export interface FormPageDef {
  $schema?: string;
  kind: 'form';
  id: string;
  entity: string;
  title: string;
  sections?: SectionDef[];
  /** Multi-step forms: each step has its own sections; the last step saves. */
  steps?: { title: string; sections: SectionDef[] }[];
  /** Where to go after a successful save (a route path). */
  afterSave?: string;
  /** Transition fired after save when the user presses the submit button (e.g. publish). */
  submitAction?: { action: string; label: string };
  /** Public reading (read-pretty for visitors, e.g. lookAnnouncement). */
  source?: 'admin' | 'public';
}

export interface DetailTabDef {
  title: string;
  type: 'form' | 'list' | 'log' | 'workflow';
  /** Page id for form and list tabs. */
  page?: string;
  /** For list tabs: filter taking values from the record, e.g. {"topicId": ":id"}. */
  params?: Record<string, string>;
  visible?: Rule;
}

export interface DetailPageDef {
  $schema?: string;
  kind: 'detail';
  id: string;
  entity: string;
  title: string;
  tabs: DetailTabDef[];
  actions?: ActionDef[];
}

export type PageDef = ListPageDef | FormPageDef | DetailPageDef;

// ---------------------------------------------------------------- workflows
export interface StatusDef {
  code: string;
  label: string;
  /** antd tag colour. */
  color?: string;
  stage?: number;
}

export interface TransitionDef {
  action: string;
  label: string;
  from: string[];
  to: string;
  roles: string[];
  /** Condition on {record, user}; e.g. the area 1123 revocation rule. */
  when?: Rule;
  confirm?: string;
  /** Whether a comment is asked for (and required). */
  comment?: 'none' | 'optional' | 'required';
  /**
   * Who among the roles: anyone with the role and the record in scope, only the owner, or only
   * the server itself ('system': scheduled jobs, other modules; never offered to a user).
   */
  actor?: 'any' | 'owner' | 'system';
  /** Target per source status, overriding `to` for those sources (e.g. revoke goes back to each stage's editable status). */
  toByFrom?: Record<string, string>;
  /** Fields the transition sets, each a rule over {record, user, now} (e.g. {"publishTime": {"var": "now"}}). */
  set?: Record<string, Rule>;
}

export interface WorkflowDef {
  $schema?: string;
  name: string;
  label?: string;
  /** Informative: entities name their workflow (EntityDef.workflow); one workflow may serve several. */
  entity?: string;
  field: string;
  /** Field remembering the stage (StatusDef.stage) of the last staged status, for statuses without one (e.g. 28). */
  stageField?: string;
  initial: string;
  statuses: StatusDef[];
  transitions: TransitionDef[];
}

// ---------------------------------------------------------------- dictionaries, routes, menus
export interface DictionaryOption {
  value: string;
  text: string;
  color?: string;
}

export interface DictionaryDef {
  $schema?: string;
  type: string;
  label: string;
  options: DictionaryOption[];
}

export interface RouteDef {
  path: string;
  name: string;
  /** Page schema id rendered at this path; omitted for hand-written or section routes. */
  page?: string;
  /** add / edit / look for form pages. */
  mode?: 'add' | 'edit' | 'look';
  /** Hand-written screen registered in the shell (homePage, signUp, 403, 500...). */
  component?: string;
  hidden?: boolean;
  /** Path of the menu entry highlighted when this hidden page is open. */
  activeMenu?: string;
  hideHeader?: boolean;
  public?: boolean;
  redirect?: string;
  /** Breadcrumb name taken from the `stage` query parameter (1..5) instead of `name`. */
  stageNames?: Record<string, string>;
  children?: RouteDef[];
}

export interface MenuNode {
  name: string;
  code?: string;
  path: string;
  icon?: string;
  invisible?: boolean;
  /** Which counts-object field shows as the badge (SPEC §3 counts object). */
  badge?: 'achieveNum' | 'meetNum' | 'reviewNum' | 'topicNum' | 'topicSumNum' | 'topicChangeNum';
  children?: MenuNode[];
}

export interface MenuDef {
  $schema?: string;
  roleCode: string;
  items: MenuNode[];
}

// ---------------------------------------------------------------- resource calls (runtime ⇄ engine)
/** One filter of a list request: the page's FilterDef op with the value the user entered. */
export interface ListFilterValue {
  field: string;
  op: 'eq' | 'like' | 'in' | 'range';
  /** range: [from, to] where either end may be null. in: an array. */
  value: unknown;
}

/** Body of POST /api/resource/{entity}/list and /api/public/{entity}/list. */
export interface ListRequest {
  /**
   * The list page asking (optional): the server then also applies that page's `where`, and refuses
   * a page of another entity. Without it only the entity's own rules apply.
   */
  pageId?: string;
  page: number;
  pageSize: number;
  filters?: ListFilterValue[];
  sort?: { field: string; order: 'asc' | 'desc' };
}

export interface ListResult<T = ResourceRecord> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** What the server lets the current user do with one row. */
export interface RowPermissions {
  update: boolean;
  delete: boolean;
  transitions: string[];
}

/** A record as the resource endpoints answer it. */
export interface ResourceRecord {
  id: string;
  version?: number;
  _perm?: RowPermissions;
  [field: string]: unknown;
}

/** A row of POST /api/resource/{entity}/log: who did what to a record, when. */
export interface OperationLogRow {
  id: string;
  action: string;
  /** Transition label or a plain word (新增, 修改, 删除). */
  actionLabel?: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  comment?: string | null;
  userId?: string;
  userName?: string;
  roleCode?: string;
  /** Epoch ms. */
  createdAt: number | string;
}

/** Answer of POST /api/schema/page. */
export interface PageBundle {
  page: PageDef;
  entity: EntityDef;
  workflow: WorkflowDef | null;
}
