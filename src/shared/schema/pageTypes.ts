/**
 * Types of the page documents under schemas/pages/ (list, form, detail, dashboard, article and the
 * module page kinds). Split from ./types.ts, which re-exports them: import from either.
 */
import type { Rule } from '../rules/Rule.js';
import type { ActionDef, ResourceRecord } from './types.js';
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
  render?: 'text' | 'tag' | 'date' | 'datetime' | 'link' | 'files' | 'fileIcon' | 'area';
  /** For render link: where a click goes; `:id` and `:field` placeholders are filled from the row. */
  to?: string;
  width?: number;
  sortable?: boolean;
  ellipsis?: boolean;
  /** A copy button beside the cell's text (the field's own `copyable` does the same). */
  copyable?: boolean;
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
  /** Title by the user's active role code (SPEC §6: applicant and admin wording), else `title`. */
  roleTitles?: Record<string, string>;
}

export interface FormFieldDef {
  field: string;
  /** Widget from the registry; defaults from the field type. */
  widget?: string;
  label?: string;
  span?: number;
  placeholder?: string;
  /** Chinese help text under the field on this page (defaults to the entity field's `help`). */
  help?: string;
  visible?: Rule;
  required?: Rule;
  disabled?: Rule;
  props?: Record<string, unknown>;
  /** Kept in the form and saved, not drawn (e.g. the notice an application belongs to, from the address). */
  hidden?: boolean;
  /** Shown as text on this page and not sent by its saves (e.g. the topic's name on a stage upload page). */
  readOnly?: boolean;
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
  /**
   * A visitor's form (sign-up): served without login, always in add mode, its values posted to the
   * module endpoint `to` (under /api) instead of the entity's save.
   */
  publicSubmit?: { to: string; label: string };
  /** Add forms: fields whose first value comes from the query parameter of the same name (e.g. ?topicId=12). */
  initialFromQuery?: string[];
  /**
   * A panel beside the form lists what is still missing before the submit (the submit transition's
   * `requires` and the fields' rules), per step, as the user types; 提交 then says what blocks it.
   */
  guidance?: boolean;
  /** Records read when a field naming them changes, with values copied into this form's fields. */
  lookups?: FormLookupDef[];
  /**
   * Values a new record starts with, each a rule over {user, query, now, profile} (e.g. {"unit": {"var": "user.orgName"}};
   * profile: the signed-in user's own unmasked record, e.g. {"var": "profile.mobile"}, fetched only when named).
   */
  initialValues?: Record<string, Rule>;
  /**
   * Drafts save themselves: on step change and every `intervalSeconds` while the form differs from
   * what was last saved. `resumeBy`: in add mode, the user's record in the workflow's initial status
   * with these fields equal to the new record's initial values is opened instead (the draft continues).
   */
  autosave?: {
    intervalSeconds?: number;
    debounceSeconds?: number;
    onStepChange?: boolean;
    resumeBy?: string[];
    rememberStep?: boolean;
  };
}

/** When `field` (an id) changes, read that record of `entity` and copy its values: target field → source field. */
export interface FormLookupDef {
  field: string;
  entity: string;
  copy: Record<string, string>;
  /** Like copy, but only into fields still empty: starting values the user then edits. */
  fillEmpty?: Record<string, string>;
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

/**
 * One figure of a statistic or card block: the server's count of `count` (a key of
 * schemas/settings.json "counts"), linking to where the work is done.
 */
export interface DashboardItemDef {
  label: string;
  count: string;
  to?: string;
}

/**
 * A block of a dashboard page. statistic: figures; card: figures and links as tiles; list: the
 * first records of a count source (the same entity + rule the figure counts), each linking on.
 */
export interface DashboardBlockDef {
  type: 'statistic' | 'card' | 'list';
  title: string;
  /** Role codes that see the block (SPEC §6); omitted: every logged-in role. */
  roles?: string[];
  /** Grid width out of 24 (default 24 for lists, 12 for statistics). */
  span?: number;
  items?: DashboardItemDef[];
  /** list: a key of settings "counts" naming the entity and the rule. */
  source?: string;
  /** list: how rows read. title is required; the others are optional fields of the entity. */
  fields?: { title: string; date?: string; deadline?: string; stage?: string; area?: string };
  /** list: labels of stages 1..n shown as a step bar from `fields.stage`. */
  steps?: string[];
  /** list: where a row goes (`:id` and `:field` filled from the row). */
  to?: string;
  /** list: where 更多 goes. */
  more?: string;
  limit?: number;
  sort?: { field: string; order: 'asc' | 'desc' };
  /** Text when there is nothing (default 暂无数据). */
  empty?: string;
}

/** A logged-in home of blocks (SPEC: the role's own work first). Not bound to one entity. */
export interface DashboardPageDef {
  $schema?: string;
  kind: 'dashboard';
  id: string;
  title: string;
  blocks: DashboardBlockDef[];
}

/**
 * A public record read as an article: title, source unit and date under it, the summary, the body
 * at reading width, attachments as a download list.
 */
export interface ArticlePageDef {
  $schema?: string;
  kind: 'article';
  id: string;
  entity: string;
  title: string;
  source: 'public';
  fields: {
    title: string;
    source?: string;
    date?: string;
    area?: string;
    summary?: string;
    body?: string;
    attachments?: string;
  };
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

/**
 * Assigning reviewers to the records of a review batch (the review module's candidates / allocate /
 * unassign endpoints): the records waiting in the batch's stage, their reviewers, the candidates
 * with their conflicts, manual and automatic allocation. `entity` is the batch entity.
 */
export interface AllocationPageDef {
  $schema?: string;
  kind: 'allocation';
  id: string;
  entity: string;
  title: string;
  /** What a reviewed record is called (课题, 成果). */
  targetLabel: string;
  /** Where 返回 goes. */
  back?: string;
}

/** Progress of a review batch: per record and reviewer, the percentage, reminders and the end of the review. */
export interface ProgressPageDef {
  $schema?: string;
  kind: 'progress';
  id: string;
  entity: string;
  title: string;
  targetLabel: string;
  back?: string;
  /** Where a reviewer's task opens (`:id` is the task's id). */
  taskTo?: string;
}

/**
 * A ranked result list read from a module endpoint (POST `endpoint` with { batchId: ?id }; answer
 * { batch: { name, canDecide }, rows }), the columns the schema names, a row decision dialog (a
 * dictionary choice and a note posted to `decide.endpoint`) and a download of `exportUrl`.
 */
export interface RankingPageDef {
  $schema?: string;
  kind: 'ranking';
  id: string;
  entity: string;
  title: string;
  endpoint: string;
  /** Row key; also the body key the decision sends it under. */
  rowKey: string;
  columns: { key: string; label: string; width?: number; render?: 'flag' | 'tag' }[];
  decide?: {
    endpoint: string;
    label: string;
    dict: string;
    /** The row field holding the current decision; the action shows while it is empty or in `openValues`. */
    field: string;
    openValues?: string[];
    noteLabel?: string;
  };
  exportUrl?: string;
  exportLabel?: string;
  back?: string;
}

/**
 * Grouped counts of an entity as charts and a table that exports to xlsx (POST /api/statistics/data
 * and /api/statistics/export), each counted over the records the user may read.
 */
export interface StatisticsPageDef {
  $schema?: string;
  kind: 'statistics';
  id: string;
  entity: string;
  title: string;
  /** Choices above the charts; `labelField`: a field of the same record naming the value (noticeId → noticeTitle). */
  filters: { field: string; label?: string; labelField?: string }[];
  /**
   * One chart per field; `entity`: another entity counted the same way (its records the user may
   * read), under only the page filters named in `applyFilters` (the same field name may mean
   * something else there, e.g. a result's noticeId names a result notice).
   */
  charts: { field: string; title: string; chart?: 'bar' | 'pie'; entity?: string; applyFilters?: string[] }[];
}

/**
 * A public look-up: one text box whose value (also taken from the address, ?<param>=) is posted to a
 * public endpoint; the answer's named keys are shown, or the endpoint's message when nothing matches.
 */
export interface LookupPageDef {
  $schema?: string;
  kind: 'lookup';
  id: string;
  title: string;
  source: 'public';
  /** Public API path relative to /api/, e.g. public/certificate/verify. */
  endpoint: string;
  /** Body key and query parameter of the value, e.g. no. */
  param: string;
  inputLabel: string;
  placeholder?: string;
  /** Shown above the answer when something matched, e.g. 证书有效. */
  found?: string;
  fields: { key: string; label: string; copyable?: boolean }[];
}

export type EntityPageDef =
  | ListPageDef
  | FormPageDef
  | DetailPageDef
  | ArticlePageDef
  | AllocationPageDef
  | ProgressPageDef
  | RankingPageDef
  | StatisticsPageDef;
/** The schema studio (表单设计): the schema files edited, checked, previewed, published and rolled back. */
export interface StudioPageDef {
  $schema?: string;
  kind: 'studio';
  id: string;
  title: string;
  description?: string;
}

export type PageDef = EntityPageDef | DashboardPageDef | LookupPageDef | StudioPageDef;
