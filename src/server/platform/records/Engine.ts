import type { EntityDef, OperationLogRow, TransitionDef } from '../../../shared/schema/types.js';
import type { AppContext } from '../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import type { NewStoredRecord, RecordStore, StoredRecord } from './RecordStore.js';
import type { RuleFacts } from './transitions.js';
import type { EntityDb } from '../db/tables.js';

/**
 * The one way a module extends the engine, per app (test apps in one process never share it):
 * `ctx.engine.on(entity, { beforeSave, inSave, insert, inDelete, onTransition, afterCommit, facts, onRead, virtual })`,
 * registered from the module's manifest before anything is seeded or served. Several modules may
 * extend one entity, and their hooks run in the order registered; registering the same hook twice,
 * or a second adapter for a virtual entity, is refused rather than silently replacing the first.
 */
export class Engine {
  private readonly byEntity = new Map<string, Required<Lists>>();
  private readonly adapters = new Map<string, VirtualEntity>();
  private readonly inserters = new Map<string, InsertHook>();
  private readonly grants: FileReadGrant[] = [];
  private readonly serveChecks: FileServeCheck[] = [];
  private readonly denyChecks: FileDenyCheck[] = [];
  private readonly readNeeds = new Map<string, readonly string[]>();
  private readonly everyCommit: RecordHook[] = [];

  /** `isVirtual`: whether an entity's schema says `"virtual": true` (only those take an adapter). */
  constructor(private readonly isVirtual: (entity: string) => boolean) {}

  on(entity: string, ext: EntityExtension): void {
    const lists = this.listsOf(entity);
    for (const kind of HOOK_KINDS) {
      const hook = ext[kind];
      if (!hook) continue;
      if ((lists[kind] as unknown[]).includes(hook))
        throw new Error(`${entity}: this ${kind} hook is registered already`);
      (lists[kind] as unknown[]).push(hook);
    }
    if (ext.readsFields?.length)
      this.readNeeds.set(entity, [...new Set([...this.readFields(entity), ...ext.readsFields])]);
    if (ext.insert) {
      if (this.inserters.has(entity)) throw new Error(`${entity}: an insert hook is registered already`);
      this.inserters.set(entity, ext.insert);
    }
    if (ext.virtual) {
      if (!this.isVirtual(entity))
        throw new Error(`schemas/entities/${entity}.json must exist and say "virtual": true`);
      if (this.adapters.has(entity)) throw new Error(`${entity}: a virtual entity adapter is registered already`);
      this.adapters.set(entity, ext.virtual);
    }
  }

  /** A module's extra reason to hand out a record's files (any entity): the fields the user may read through. */
  onFileRead(grant: FileReadGrant): void {
    if (this.grants.includes(grant)) throw new Error('this file read grant is registered already');
    this.grants.push(grant);
  }

  /** A module's reason to hand a reader a copy of a file without its author metadata (a blind review). */
  onFileServe(check: FileServeCheck): void {
    if (this.serveChecks.includes(check)) throw new Error('this file serve check is registered already');
    this.serveChecks.push(check);
  }

  fileServeChecks(): readonly FileServeCheck[] {
    return this.serveChecks;
  }

  /** A module's reason to refuse a reader a file on every path, signed links too (a task given up). */
  onFileDeny(check: FileDenyCheck): void {
    if (this.denyChecks.includes(check)) throw new Error('this file deny check is registered already');
    this.denyChecks.push(check);
  }

  fileDenyChecks(): readonly FileDenyCheck[] {
    return this.denyChecks;
  }

  /** Before the save's transaction: a hook may refuse (AppError) and returns values to set. */
  async beforeSave(
    ctx: AppContext,
    entity: string,
    next: NewRecord,
    existing: StoredRecord | null,
    user: SessionUser,
  ): Promise<void> {
    for (const hook of this.byEntity.get(entity)?.beforeSave ?? []) {
      const patch = await hook({ ctx, next, existing, user });
      if (patch) Object.assign(next, patch);
    }
  }

  async inSave(ctx: AppContext, input: SaveHookInput): Promise<void> {
    for (const hook of this.byEntity.get(input.entity.name)?.inSave ?? []) await hook(ctx, input);
  }

  /** Inside a delete's transaction, per record, before its delete right is tested: a hook may refuse (AppError). */
  async inDelete(ctx: AppContext, input: DeleteHookInput): Promise<void> {
    for (const hook of this.byEntity.get(input.entity.name)?.inDelete ?? []) await hook(ctx, input);
  }

  async onTransition(ctx: AppContext, input: TransitionHookInput): Promise<void> {
    for (const hook of this.byEntity.get(input.entity.name)?.onTransition ?? []) await hook(ctx, input);
  }

  /**
   * A hook every committed change of every entity goes through before the entity's own (the
   * platform's notices that workflows declare): the writer names no layer above it.
   */
  onEveryCommit(hook: RecordHook): void {
    if (this.everyCommit.includes(hook)) throw new Error('this commit hook is registered already');
    this.everyCommit.push(hook);
  }

  /** After the change is committed; a failing hook is logged and does not undo the change. */
  async afterCommit(ctx: AppContext, change: RecordChange): Promise<void> {
    for (const hook of [...this.everyCommit, ...(this.byEntity.get(change.entity)?.afterCommit ?? [])]) {
      try {
        await hook(ctx, change);
      } catch (err) {
        ctx.log.error({ err, entity: change.entity, hook: hook.name }, 'record hook failed');
      }
    }
  }

  /** The fields a list must read besides its page's own for the entity's read hooks (`readsFields`). */
  readFields(entity: string): readonly string[] {
    return this.readNeeds.get(entity) ?? NONE;
  }

  /** Whether a module fills what the entity's storage leaves empty on reading (most have none: no await per row). */
  readsFilled(entity: string): boolean {
    return Boolean(this.byEntity.get(entity)?.onRead.length);
  }

  /** Fills records just read (a list's page at once) with what their storage leaves empty (values falling back to seeded ones). */
  async onRead(
    ctx: AppContext,
    entity: string,
    records: StoredRecord[],
    db: EntityDb = ctx.database.db,
    reader?: SessionUser,
  ): Promise<void> {
    if (!records.length) return;
    for (const hook of this.byEntity.get(entity)?.onRead ?? []) await hook(ctx, records, db, reader);
  }

  /** The facts for the entity's rules now (empty when no module gives any). */
  async facts(entity: string, store: RecordStore, now: number): Promise<RuleFacts> {
    const out: RuleFacts = {};
    for (const provider of this.byEntity.get(entity)?.facts ?? []) Object.assign(out, await provider(store, now));
    return out;
  }

  /** The module's insert of a new record's row, when the module keeps the one place such rows are made. */
  inserter(entity: string): InsertHook | undefined {
    return this.inserters.get(entity);
  }

  virtual(entity: string): VirtualEntity | undefined {
    return this.adapters.get(entity);
  }

  fileReadGrants(): readonly FileReadGrant[] {
    return this.grants;
  }

  private listsOf(entity: string): Required<Lists> {
    let lists = this.byEntity.get(entity);
    if (!lists)
      this.byEntity.set(
        entity,
        (lists = {
          beforeSave: [],
          inSave: [],
          inDelete: [],
          onTransition: [],
          afterCommit: [],
          facts: [],
          onRead: [],
        }),
      );
    return lists;
  }
}

declare module '../AppContext.js' {
  interface AppContext {
    /** What the modules added to the engine (records/Engine.ts). */
    engine: Engine;
  }
}

const NONE: readonly string[] = [];

const HOOK_KINDS = ['beforeSave', 'inSave', 'inDelete', 'onTransition', 'afterCommit', 'facts', 'onRead'] as const;
type Lists = { [K in (typeof HOOK_KINDS)[number]]?: NonNullable<EntityExtension[K]>[] };

/** What a module adds to one entity. */
export interface EntityExtension {
  /**
   * Before the save's transaction opens, for work that writes other tables through the database
   * handle (e.g. the expert library links a user account): inside the transaction such a write
   * would wait on the transaction's own connection.
   */
  beforeSave?: BeforeSaveHook;
  /** Inside the save's transaction: checks no schema rule can say; may adjust `next`. */
  inSave?: SaveHook;
  /**
   * Inside a delete's transaction: refuses a record no rule of the schema can say, with a message
   * the person understands (the access rules then refuse it anyway, without one).
   */
  inDelete?: DeleteHook;
  /** Inside a transition's transaction; may add fields it owns to `next`. */
  onTransition?: TransitionHook;
  /** After a create, save or transition is committed (notify people, keep own rows in step). */
  afterCommit?: RecordHook;
  /** Facts no record holds for the entity's rules (the rule stays declarative JSON). */
  facts?: RuleFactsProvider;
  /**
   * On every record the engine reads for a list, a get, a save or a transition (before their checks): fills
   * what the storage leaves empty, e.g. a setting nobody changed yet answers the seeded value. A list
   * hands its whole page at once, so a hook reading other tables reads them once, not once a row.
   */
  onRead?: ReadHook;
  /**
   * The stored fields `onRead` reads to fill the others: a list reads only the fields its page
   * shows, so these are read with them (a review's target, say, for the flag filled from it).
   */
  readsFields?: readonly string[];
  /**
   * Inserts a new record's row itself, inside the save's transaction, and answers its id (users are
   * made in one place, platform/accounts, whoever makes them); child lists are written after it as
   * for any insert. One per entity.
   */
  insert?: InsertHook;
  /** The adapter of an entity whose schema says `"virtual": true`. */
  virtual?: VirtualEntity;
}

export type NewRecord = NewStoredRecord & { id?: number };

export type BeforeSaveHook = (args: {
  ctx: AppContext;
  next: NewRecord;
  existing: StoredRecord | null;
  user: SessionUser;
}) => Promise<Record<string, unknown> | void>;

export interface SaveHookInput {
  entity: EntityDef;
  user: SessionUser;
  /** The stored record before the save; null when creating. */
  existing: StoredRecord | null;
  /** The record about to be written (all fields). */
  next: Record<string, unknown>;
  /** The store bound to the save's transaction. */
  store: RecordStore;
  now: number;
  /** The operation log row's label and comment; a hook may say what the change was in its own words. */
  log: { actionLabel: string; comment: string | null };
}

/** `db`: the save's transaction; `record`: the checked record about to be kept (write-only values included). */
export type InsertHook = (ctx: AppContext, input: { record: NewRecord; db: EntityDb }) => Promise<number>;

/** `db`: the connection the record was read through (a transition's transaction: read nothing around it). */
/**
 * `reader`: the person the record is read for, so a module may leave out what that person may not
 * see of the values it fills; absent when the server reads for its own checks (a write's rules).
 */
export type ReadHook = (ctx: AppContext, records: StoredRecord[], db: EntityDb, reader?: SessionUser) => Promise<void>;

export interface TransitionHookInput {
  entity: EntityDef;
  /** null: the server itself (system transitions). */
  user: SessionUser | null;
  /** The record before the transition. */
  record: StoredRecord;
  /** The record about to be written (new status, set fields); a hook may add fields it owns. */
  next: StoredRecord;
  transition: TransitionDef;
  from: string;
  to: string;
  store: RecordStore;
  now: number;
}

export type SaveHook = (ctx: AppContext, input: SaveHookInput) => Promise<void>;
export type DeleteHook = (ctx: AppContext, input: DeleteHookInput) => Promise<void>;

export interface DeleteHookInput {
  entity: EntityDef;
  user: SessionUser;
  /** The stored record about to be deleted (the user may read it). */
  record: StoredRecord;
  store: RecordStore;
  now: number;
}
export type TransitionHook = (ctx: AppContext, input: TransitionHookInput) => Promise<void>;

/** What a module learns after a record of an entity was created, saved or moved by a transition. */
export interface RecordChange {
  entity: string;
  /** The record as committed. */
  record: StoredRecord;
  /** 'create', 'update' or the workflow action. */
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  /** null: the server itself (system transitions). */
  user: SessionUser | null;
  /** The text given with a transition (a reason, an opinion); none on saves. */
  comment?: string | null;
  /** The transition fired, with what it declares (its notice); none on saves. */
  transition?: TransitionDef;
}

export type RecordHook = (ctx: AppContext, change: RecordChange) => Promise<void>;

/** What a module tells the rules of an entity about other records, read once per call. */
export type RuleFactsProvider = (store: RecordStore, now: number) => Promise<RuleFacts>;

/**
 * A module's extra reason to hand out a record's files to someone its read rules keep out (an
 * expert reads the documents of the topics assigned to them): the `files` fields the user may read
 * through, or null.
 */
export type FileReadGrant = (
  ctx: AppContext,
  user: SessionUser,
  entity: string,
  record: StoredRecord,
  db: EntityDb,
) => Promise<readonly string[] | null>;

/**
 * Whether `user` must get file `fileId` without its author metadata (creator, company, PDF
 * author): true when a module says so, e.g. an expert reading an applicant's document in a blind
 * review. The stored original is never changed.
 */
export type FileServeCheck = (ctx: AppContext, user: SessionUser, fileId: number) => Promise<boolean>;

/**
 * Why `user` may no longer read file `fileId` (a message said with 403), or null: a module closes a
 * door it opened, e.g. an expert who declared a conflict on the record the file belongs to. Checked
 * on every path that hands out a file's bytes, signed links included.
 */
export type FileDenyCheck = (ctx: AppContext, user: SessionUser, fileId: number) => Promise<string | null>;

/** A page of list rows as every list call answers it. */
export interface ListAnswer {
  list: Record<string, unknown>[];
  total: number;
  page: number;
  pageSize: number;
}

type Body = Record<string, unknown>;

/**
 * An entity whose records are not entity records (users, sub-systems, menus, dictionaries) but
 * which the schema pages administer all the same: its module answers the generic list / get /
 * save / delete / transition / log calls in the same shapes (rows with `_perm`), so the pages stay
 * JSON schemas. The entity's schema says `"virtual": true`; no table is made for it.
 */
export interface VirtualEntity {
  list(body: Body, user: SessionUser): Promise<ListAnswer>;
  get(body: Body, user: SessionUser): Promise<Record<string, unknown>>;
  save(body: Body, user: SessionUser): Promise<Record<string, unknown>>;
  remove?(body: Body, user: SessionUser): Promise<{ deleted: number }>;
  transition?(body: Body, user: SessionUser): Promise<Record<string, unknown>>;
  logs?(body: Body, user: SessionUser): Promise<OperationLogRow[]>;
}
