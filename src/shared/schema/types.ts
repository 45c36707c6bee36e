/**
 * Types of the JSON documents under schemas/. The types of the pages, workflows, dictionaries and
 * menus are generated from their meta-schemas (./generated/, npm run schemas:generate); the others here
 * (entities, actions, routes) are still written by hand beside schemas/meta/: keep those two in step.
 * Nothing here knows React or Fastify: the browser runtime and the server engine both read it.
 */
import type { Rule } from '../rules/Rule.js';
import type { PageDef } from './pageTypes.js';
import type { WorkflowDef } from './generated/index.js';

export * from './pageTypes.js';
import type { ChildListStorage, EntityStorage } from './entityStorage.js';
export type { ChildListStorage, EntityStorage };

// ---------------------------------------------------------------- entities
export type FieldType =
  'string' | 'text' | 'richtext' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'files' | 'json';

export interface FieldDef {
  type: FieldType;
  label: string;
  /** Notes for people who edit schemas; never shown to users. */
  description?: string;
  /** Chinese help text shown to users under the field in forms. */
  help?: string;
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
  /** Taken from a client for the save's hooks (an initial password), never stored, answered, logged or filtered on. */
  writeOnly?: boolean;
  /** Kept in a real column (indexed, sortable, filterable fast); others live in the JSON data column. */
  column?: boolean;
  /** Indexed for filters and sorts (the store also derives this from list pages and rules). */
  index?: boolean;
  /** Searched by "contains" through a trigram index (also derived from list filters with op like). */
  search?: boolean;
  /**
   * Value the server gives a readOnly field when a record is created, a rule over {user, now}
   * (e.g. {"var": "user.orgName"}). Never taken from the client.
   */
  init?: Rule;
  /** Names the people or unit behind the record: left out, by the server, of what an expert of a blind review batch reads. */
  identity?: boolean;
  /** Shown masked wherever the server shows it for reading (operation log; every answer of a readOnly field): ID number (first 4 + last 4) or phone (first 2 + last 4), SPEC §5. */
  mask?: 'idCard' | 'phone';
  /** SPEC §5 text input filter: the input keeps only Chinese, letters, digits, white space and common punctuation; the server refuses anything else. */
  textFilter?: boolean;
  /** A copy button beside the value wherever it is shown as text (list cells, look pages): 复制成功 / 无复制内容. */
  copyable?: boolean;
  /** json fields holding rows (a list of objects, or objects keyed by one column): each row's fields and checks across them, checked on both sides. */
  rows?: RowsDef;
}

/** A column of a json field's rows: a field of a smaller kind, checked like one. */
export type RowFieldDef = Pick<
  FieldDef,
  | 'label'
  | 'description'
  | 'required'
  | 'maxLength'
  | 'minLength'
  | 'pattern'
  | 'patternMessage'
  | 'minimum'
  | 'maximum'
  | 'dict'
  | 'mask'
  | 'textFilter'
> & {
  type: 'string' | 'text' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime';
  /** A checked format beyond a pattern: idCard is a resident ID number with a valid check character and birth date. */
  format?: 'idCard';
};

/** A check across the columns of one row: this column's date or number is not before another's. */
export interface RowCheck {
  field: string;
  notBefore: string;
  /** Chinese message; default 「<field>不能早于<notBefore>」. */
  message?: string;
}

export interface RowsDef {
  fields: Record<string, RowFieldDef>;
  checks?: RowCheck[];
  /** Most rows (default: no limit beyond the json size limit). */
  maxRows?: number;
  /** The value is an object of rows keyed by this column (review results keyed by stage), not a list. */
  keyedBy?: string;
}

/**
 * Fields every record has, kept in the system columns. An entity may declare them (to give a label
 * or a dictionary) but never needs to; pages may name them either way.
 * status: the workflow's field; areaCode / ownerId: the creator's area and id (row scopes).
 */
export const SYSTEM_FIELDS = [
  'id',
  'version',
  'status',
  'ownerId',
  'areaCode',
  'createdAt',
  'updatedAt',
  'createdBy',
  'updatedBy',
] as const;
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

/**
 * No two records (among those `among` keeps) hold the same values in all of `fields`. `on` says
 * when the rule is checked: "create" only when a record is made, "change" (default) when it is
 * made or a save changes one of `fields`, "save" on every save.
 */
export interface UniqueRuleDef {
  fields: string[];
  on?: 'create' | 'change' | 'save';
  among?: Rule;
  /** Field the message is shown at (default: the first of `fields`). */
  field?: string;
  message: string;
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
  /**
   * Records kept by a module (users, sub-systems, menus, dictionaries), not in an entity table: the
   * module's adapter answers the generic calls (src/server/platform/records/Engine.ts, VirtualEntity).
   */
  virtual?: boolean;
  /** Records kept in a fixed table of the platform's (sub-systems, menus) instead of one made from the schema. */
  storage?: EntityStorage;
  /** Values no two records share (the server refuses the save with the rule's message). */
  unique?: UniqueRuleDef[];
}

// ---------------------------------------------------------------- actions
/** A dialog listing the records of `entity` the user may read (narrowed by `filters`, and `pageId`'s where) to pick one. */
export interface PickDef {
  entity: string;
  title: string;
  /** Shown in each row (default the entity's titleField). */
  field?: string;
  pageId?: string;
  /**
   * Filters as a list page sends them; a value (or a range end) may be a rule evaluated when the
   * dialog opens, e.g. `{"var": "now"}` for the notices whose window holds the present.
   */
  filters?: {
    field: string;
    op: 'eq' | 'like' | 'in' | 'range';
    value: string | number | Rule | (string | number | Rule | null)[];
  }[];
  /** What the dialog says when there is nothing to pick. */
  empty: string;
}

export type ActionDef =
  | {
      type: 'link';
      label: string;
      to: string;
      visible?: Rule;
      icon?: string;
      primary?: boolean;
      /** Row actions: shown in the row before the others whenever visible, never folded into 更多. */
      inline?: boolean;
      /** Row links only: shown only when the server's row `_perm` grants this (e.g. an edit link needs update). */
      perm?: 'update' | 'delete';
      /** Toolbar links: the record the link is for is picked first in a dialog (placeholders filled from it). */
      pick?: PickDef;
    }
  | {
      type: 'transition';
      action: string;
      label?: string;
      visible?: Rule;
      confirm?: string;
      comment?: boolean;
      inline?: boolean;
    }
  | { type: 'delete'; label?: string; visible?: Rule; confirm?: string }
  | { type: 'export'; label?: string; visible?: Rule }
  /** Toolbar only: xlsx upload creating one record per row, with a report of refused rows. */
  | { type: 'import'; label?: string; visible?: Rule; fields?: string[] }
  /** A file a module's endpoint makes for the row or record: GET /api/<url>, placeholders filled from it. */
  | {
      type: 'download';
      label: string;
      url: string;
      visible?: Rule;
      /** GET (default) or POST; a batch action's `:ids` in the url becomes the selected rows' ids (e.g. topics/export?ids=:ids). */
      method?: 'GET' | 'POST';
    };

/** Answer of an xlsx import: rows read, records created, rows refused with their reasons (sheet row numbers). */
export interface ImportReport {
  total: number;
  created: number;
  rejected: { row: number; title: string; reasons: string[] }[];
}

// ---------------------------------------------------------------- workflows, dictionaries, menus
// Generated from their meta-schemas (./generated/: WorkflowDef, StatusDef, TransitionDef,
// DictionaryDef, DictionaryOption, MenuDef, MenuNode), re-exported through ./pageTypes.ts.

// ---------------------------------------------------------------- routes
export interface RouteDef {
  path: string;
  name: string;
  /** Page schema id rendered at this path; omitted for hand-written or section routes. */
  page?: string;
  /**
   * Set by the server from the page schema, never written in routes.json: the page kind whose code
   * is a chunk of its own (pageChunkOf), which the shell starts loading as the route opens.
   */
  pageChunk?: string;
  /** add / edit / look for form pages. */
  mode?: 'add' | 'edit' | 'look';
  /** Default query parameters of the page (the address's own win): {"id": "1"} edits one fixed record. */
  query?: Record<string, string>;
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
  /** What the save or transition changed, field by field (values as users see them). */
  changes?: FieldChange[];
}

/** One changed field of an operation-log row: label and old / new value as shown to users (null: empty). */
export interface FieldChange {
  field: string;
  label: string;
  from: string | null;
  to: string | null;
}

/** Answer of POST /api/schema/page. */
export interface PageBundle {
  page: PageDef;
  /** For a dashboard (no entity of its own): an empty stand-in. */
  entity: EntityDef;
  workflow: WorkflowDef | null;
}

/** Data of a dashboard (POST /api/workbench/data): one entry per block of the page, in order; null for blocks of other roles. */
export interface DashboardBlockData {
  /** list: total records of the source. */
  count?: number;
  /** statistic / card: the count of each item. */
  items?: number[];
  /** list: the first rows (id, the named fields, status and its label). */
  rows?: ResourceRecord[];
}
