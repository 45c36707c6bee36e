/**
 * Types of the JSON documents under schemas/. The types of the documents themselves (entities,
 * actions, pages, workflows, dictionaries, menus, routes) are generated from their meta-schemas
 * (./generated/, npm run schemas:generate) and re-exported here: edit the meta-schema, then
 * regenerate. What is written here is only what no JSON document holds: names of their parts, what
 * the server adds when it hands them out (LoadedRouteDef), and the resource calls of runtime and engine.
 * Nothing here knows React or Fastify: the browser runtime and the server engine both read it.
 */
import type { PageDef } from './pageTypes.js';
import type { AccessRule, EntityDef, FieldDef, RouteDef, WorkflowDef } from './generated/index.js';

export * from './pageTypes.js';

// ---------------------------------------------------------------- entities
// Generated from schemas/meta/entity.schema.json (./generated/entity.ts: EntityDef, EntityAccess,
// AccessRule, EntityStorage, ChildListStorage, UniqueRuleDef; ./generated/field.ts: FieldDef, RowsDef,
// RowFieldDef, RowCheck), re-exported through ./pageTypes.ts; the names below are parts of them.
export type FieldType = FieldDef['type'];
export type FileTypeSet = NonNullable<FieldDef['accept']>;
/** Row scope: which records a role sees. */
export type Scope = AccessRule['scope'];

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

// ---------------------------------------------------------------- actions
// Generated from schemas/meta/action.schema.json (./generated/action.ts: ActionDef, PickDef).

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
// RouteDef and RoutesDef (schemas/routes.json) are generated from schemas/meta/routes.schema.json.

/**
 * A route as the server hands it out: the route of routes.json plus what the server adds from the
 * page schema, which routes.json never holds (so the meta-schema does not name it).
 */
export interface LoadedRouteDef extends RouteDef {
  /** The page kind whose code is a chunk of its own (pageChunkOf), which the shell starts loading as the route opens. */
  pageChunk?: string;
  children?: LoadedRouteDef[];
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
