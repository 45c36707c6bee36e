import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import type { EntityDef, FieldChange } from '../../../shared/schema/types.js';
import type { Database, Dialect } from '../db/database.js';
import { planOf, tableName } from './entityPlan.js';
import { sharedColumns } from '../schemas/entityModel.js';
import { NOT_NULL_COLUMNS, orderTerms, searchFieldsOf } from './entityIndexes.js';
import { bump, keptRead } from './tableCache.js';
import { listColumns } from './listColumns.js';
import { recordFromRow } from './recordFromRow.js';
import { BROAD_SEARCH, fieldStorage, filterSql, recordRow } from './filterSql.js';
import { writeLog, type LogEntry } from './writeLog.js';
import { childTables, deleteChildLists, hasChildLists, readChildLists, writeChildLists } from './childLists.js';
import { getKeyValueRecord, updateKeyValueRecord } from './keyValueRecords.js';

/** Compiled list queries kept in an entity's plan: building and compiling one cost as much as running it. */
const COMPILED_PER_ENTITY = 200;

const NO_FIELDS: ReadonlySet<string> = new Set();
const searchKeys = new WeakMap<ReadonlySet<string>, string>();
/** The searched fields as one text, kept per set (a table's set is replaced, not changed, when its indexes are made). */
function searchKey(fields: ReadonlySet<string>): string {
  let key = searchKeys.get(fields);
  if (key === undefined) searchKeys.set(fields, (key = [...fields].join()));
  return key;
}

/** A list's fields as one text, kept per array: a page's fields are one array (listFields) asked for at every call. */
const fieldsKeys = new WeakMap<readonly string[], string>();
function fieldsKey(fields: readonly string[] | undefined): string | null {
  if (!fields) return null;
  let key = fieldsKeys.get(fields);
  if (key === undefined) fieldsKeys.set(fields, (key = fields.join(',')));
  return key;
}

/** A page bound as text: only a non-negative whole number gets there. */
function wholeNumber(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a page bound: ${n}`);
  return n;
}

export type { Filter, NewStoredRecord, StoredRecord } from './storedRecord.js';
import type { Filter, NewStoredRecord, StoredRecord } from './storedRecord.js';
import type { EntityDb } from '../db/tables.js';

export interface ListOptions {
  where: Filter;
  sort: { field: string; order: 'asc' | 'desc' }[];
  offset: number;
  limit: number;
  /** Fields to read (system fields always come); all when absent. Others answer null. */
  fields?: readonly string[];
  /**
   * The rows may come from the table's cache (tableCache) while the table has not changed: a page
   * many people open, a small list every call reads again. Such rows are shared: never mutate them.
   * Not within a transaction, nor for an entity with child lists (their tables move on their own).
   */
  cache?: boolean;
}

export type { LogEntry } from './writeLog.js';

/**
 * The one storage interface of the resources and workflow engines. Implemented with Kysely for
 * SQLite and PostgreSQL alike; `transaction` hands a store bound to one transaction.
 */
export interface RecordStore {
  readonly dialect: Dialect;
  list(entity: EntityDef, opts: ListOptions): Promise<{ rows: StoredRecord[]; total: number }>;
  /** Within a transaction on PostgreSQL the row is locked until it ends. */
  get(entity: EntityDef, id: number, opts?: { lock?: boolean }): Promise<StoredRecord | undefined>;
  /** `via`: a module's own insert of the row (answering its id) on the store's connection; child lists follow. */
  insert(entity: EntityDef, record: NewStoredRecord, via?: (db: EntityDb) => Promise<number>): Promise<number>;
  /** Writes the whole record if its version is still `expectedVersion` (then version + 1); false when it is not. */
  update(entity: EntityDef, record: StoredRecord, expectedVersion: number): Promise<boolean>;
  delete(entity: EntityDef, id: number): Promise<boolean>;
  log(entry: LogEntry): Promise<void>;
  logs(entity: EntityDef, id: number): Promise<(LogEntry & { id: number })[]>;
  transaction<T>(fn: (store: RecordStore) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` once the transaction this store is bound to has committed (never if it rolls back),
   * at once outside one: what a change sets off (notices, hooks) must not write on another
   * connection while the change's own transaction still holds it (SQLite has one).
   */
  afterCommit(fn: () => Promise<void>): Promise<void>;
  /** The connection this store reads through (a transaction's, inside one), for helpers that must not wait on it. */
  readonly executor: EntityDb;
}

/** The version column's new value, as a row part; none for a fixed table that has no version column. */
function versionColumn(entity: EntityDef, version: number): Record<string, number> {
  const column = planOf(entity).versionColumn;
  return column ? { [column]: version } : {};
}

function parseChanges(v: unknown): FieldChange[] | null {
  if (typeof v !== 'string' || v === '') return null;
  try {
    const parsed: unknown = JSON.parse(v);
    return Array.isArray(parsed) ? (parsed as FieldChange[]) : null;
  } catch {
    return null;
  }
}

export class KyselyRecordStore implements RecordStore {
  readonly dialect: Dialect;
  constructor(
    private readonly db: EntityDb,
    dialect: Dialect,
    private readonly inTransaction = false,
    private readonly database?: Database,
    /** Inside a transaction: the tables written, whose counts are forgotten again when it ends. */
    private readonly touched?: Set<string>,
    /** Inside a transaction: what runs once it has committed (afterCommit). */
    private readonly committed?: (() => Promise<void>)[],
  ) {
    this.dialect = dialect;
  }

  get executor(): EntityDb {
    return this.db;
  }

  static of(database: Database): KyselyRecordStore {
    return new KyselyRecordStore(database.db, database.dialect, false, database);
  }

  async transaction<T>(fn: (store: RecordStore) => Promise<T>): Promise<T> {
    if (this.inTransaction) return fn(this);
    const committed: (() => Promise<void>)[] = [];
    const tx = (trx: EntityDb) => new KyselyRecordStore(trx, this.dialect, true, this.database, new Set(), committed);
    let inner: KyselyRecordStore | undefined;
    let out: T;
    try {
      out = await this.db.transaction().execute((trx) => fn((inner = tx(trx))));
    } finally {
      // Counts taken while the transaction was open saw the rows before it: forget them.
      for (const table of inner?.touched ?? []) this.changed(table);
    }
    for (const run of committed) await run();
    return out;
  }

  async afterCommit(fn: () => Promise<void>): Promise<void> {
    if (this.inTransaction && this.committed) this.committed.push(fn);
    else await fn();
  }

  /** A write to a table: cached counts of it no longer hold. */
  private changed(table: string): void {
    bump(this.database, table);
    this.touched?.add(table);
  }

  /** Fields with a trigram search table on this database (made by syncEntityIndexes). */
  private searchFields(entity: EntityDef): ReadonlySet<string> {
    return this.database ? searchFieldsOf(this.database, tableName(entity)) : NO_FIELDS;
  }

  private filterSql(entity: EntityDef, where: Filter, broad = false) {
    return filterSql(this.dialect, (e) => this.searchFields(e), entity, where, broad);
  }

  async list(entity: EntityDef, opts: ListOptions): Promise<{ rows: StoredRecord[]; total: number }> {
    // A key/value table holds one record; its fields have no column a filter or sort could read.
    if (entity.storage?.keyValue) {
      const rec = await getKeyValueRecord(this.db, entity, 1);
      return { rows: rec && opts.offset === 0 ? [rec] : [], total: rec ? 1 : 0 };
    }
    // Child lists are read by the parent's link column, which a page's fields may leave out.
    if (hasChildLists(entity)) opts = { ...opts, fields: undefined };
    const table = tableName(entity);
    // The filter tree is the largest part of both queries' keys: made into text once per call.
    const where = JSON.stringify(opts.where);
    const count = this.compiled(entity, 'count', opts, where, 0);
    const total = await this.cachedRead(table, count.key, async () =>
      Number((await this.db.executeQuery<{ n: number | string }>(count.query)).rows[0]?.n ?? 0),
    );
    if (total === 0 || opts.offset >= total) return { rows: [], total };
    const page = this.compiled(entity, 'page', opts, where, total);
    const read = async () => {
      const rows = (await this.db.executeQuery<Record<string, unknown>>(page.query)).rows.map((r) =>
        recordFromRow(entity, r),
      );
      if (hasChildLists(entity)) await readChildLists(this.db, entity, rows);
      return rows;
    };
    // Child rows live in other tables, whose writes the parent's version does not follow.
    const keepable = opts.cache && !this.inTransaction && !hasChildLists(entity);
    const rows = keepable ? await this.cachedRead(table, page.key, read) : await read();
    return { rows, total };
  }

  /** An answer from the table cache while the table has not changed since it was read, else read now and kept. */
  private async cachedRead<T>(table: string, key: string, read: () => Promise<T>): Promise<T> {
    return this.database ? keptRead(this.database, table, key, read) : read();
  }

  /**
   * One of the list's two queries compiled, kept per entity definition and shape (values included),
   * with its text and values as one string: the table cache's key for its answer.
   */
  private compiled(
    entity: EntityDef,
    part: 'count' | 'page',
    opts: ListOptions,
    where: string,
    total: number,
  ): { query: CompiledQuery; key: string } {
    const broad = part === 'page' && total > BROAD_SEARCH;
    const rest =
      part === 'count'
        ? ''
        : `${JSON.stringify(opts.sort)}\u0000${fieldsKey(opts.fields)}\u0000${opts.limit}\u0000${opts.offset}`;
    const key = `${part}\u0000${this.dialect}\u0000${searchKey(this.searchFields(entity))}\u0000${broad ? 1 : 0}\u0000${where}\u0000${rest}`;
    const byShape = planOf(entity).lists;
    const hit = byShape.get(key);
    if (hit) return hit;
    const query = this.listSql(entity, opts, total)[part].compile(this.db);
    const out = { query, key: `${query.sql}\u0000${JSON.stringify(query.parameters)}` };
    if (byShape.size >= COMPILED_PER_ENTITY) byShape.delete(byShape.keys().next().value!);
    byShape.set(key, out);
    return out;
  }

  /** The database's plan of a list's two queries (count, page), one line per step: tests keep the indexes in use. */
  async explainList(entity: EntityDef, opts: ListOptions, total = 0): Promise<{ count: string; page: string }> {
    const q = this.listSql(entity, opts, total);
    const plan = async (query: RawBuilder<unknown>) => {
      const res = await (
        this.dialect === 'sqlite'
          ? sql<Record<string, unknown>>`explain query plan ${query}`
          : sql<Record<string, unknown>>`explain ${query}`
      ).execute(this.db);
      return res.rows.map((r) => String(r.detail ?? r['QUERY PLAN'])).join('\n');
    };
    return { count: await plan(q.count), page: await plan(q.page) };
  }

  /** `total`: how many match, when known; many matches of a search read the page in sort order instead. */
  private listSql(entity: EntityDef, opts: ListOptions, total: number) {
    const plan = planOf(entity);
    const table = plan.table;
    const where = this.filterSql(entity, opts.where);
    // The same expressions and null placement as the sort indexes (entityIndexes), so the page is
    // read from an index in order instead of sorting every matching row.
    const order = [
      ...[...opts.sort, ...plan.sortThen].map((s) => {
        const st = fieldStorage(entity, s.field);
        const notNull = st.kind !== 'json' && NOT_NULL_COLUMNS.has(st.column);
        return orderTerms(this.dialect, plan.expr(this.dialect, s.field), s.order, notNull);
      }),
      sql`${sql.ref('id')} desc`,
    ];
    const pageWhere = total > BROAD_SEARCH ? this.filterSql(entity, opts.where, true) : where;
    // Page and size go into the text, not as parameters: with LIMIT a parameter, PostgreSQL rates
    // a prepared statement's generic plan as reading a tenth of the table and plans every call anew
    // (longer than the query itself). The text is one statement per page size and page.
    const limit = sql.raw(String(wholeNumber(opts.limit)));
    const offset = sql.raw(String(wholeNumber(opts.offset)));
    return {
      count: sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where ${where}`,
      page: sql<
        Record<string, unknown>
      >`select ${listColumns(this.dialect, entity, opts.fields)} from ${sql.table(table)} where ${pageWhere} order by ${sql.join(order)} limit ${limit} offset ${offset}`,
    };
  }

  async get(entity: EntityDef, id: number, opts: { lock?: boolean } = {}): Promise<StoredRecord | undefined> {
    if (entity.storage?.keyValue) return getKeyValueRecord(this.db, entity, id);
    const lock = opts.lock && this.inTransaction && this.dialect === 'postgres' ? sql` for update` : sql``;
    const res = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(tableName(entity))} where ${sql.ref('id')} = ${id}${lock}`.execute(this.db);
    if (!res.rows[0]) return undefined;
    const rec = recordFromRow(entity, res.rows[0]);
    if (hasChildLists(entity)) await readChildLists(this.db, entity, [rec]);
    return rec;
  }

  async insert(entity: EntityDef, record: NewStoredRecord, via?: (db: EntityDb) => Promise<number>): Promise<number> {
    if (entity.storage?.keyValue) throw new Error(`${entity.name}: a key/value record is never inserted`);
    followSharedColumns(entity, record);
    const id = via
      ? await via(this.db)
      : Number(
          (
            await this.db
              .insertInto(tableName(entity))
              .values({ ...recordRow(entity, record), ...versionColumn(entity, 1) })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
    this.changed(tableName(entity));
    if (hasChildLists(entity)) await this.writeLists(entity, { ...record, id });
    return id;
  }

  private async writeLists(entity: EntityDef, record: Record<string, unknown>): Promise<void> {
    await writeChildLists(this.db, entity, record);
    for (const table of childTables(entity)) this.changed(table);
  }

  async update(entity: EntityDef, record: StoredRecord, expectedVersion: number): Promise<boolean> {
    followSharedColumns(entity, record);
    if (entity.storage?.keyValue) {
      const done = await updateKeyValueRecord(this.db, entity, record);
      this.changed(tableName(entity));
      return done;
    }
    const version = versionColumn(entity, expectedVersion + 1);
    let query = this.db
      .updateTable(tableName(entity))
      .set({ ...recordRow(entity, record), ...version })
      .where('id', '=', record.id);
    // A fixed table without a version column: the last save wins, as it always did there.
    for (const column in version) query = query.where(column, '=', expectedVersion);
    const res = await query.executeTakeFirst();
    this.changed(tableName(entity));
    const done = Number(res.numUpdatedRows) === 1;
    if (done && hasChildLists(entity)) await this.writeLists(entity, record);
    return done;
  }

  async delete(entity: EntityDef, id: number): Promise<boolean> {
    if (entity.storage?.keyValue) throw new Error(`${entity.name}: a key/value record is never deleted`);
    if (hasChildLists(entity)) {
      const rec = await this.get(entity, id);
      if (rec) await deleteChildLists(this.db, entity, rec);
      for (const table of childTables(entity)) this.changed(table);
    }
    const res = await this.db.deleteFrom(tableName(entity)).where('id', '=', id).executeTakeFirst();
    this.changed(tableName(entity));
    return Number(res.numDeletedRows) === 1;
  }

  async log(entry: LogEntry): Promise<void> {
    await writeLog(this.db, entry);
  }

  async logs(entity: EntityDef, id: number): Promise<(LogEntry & { id: number })[]> {
    const rows = await this.db
      .selectFrom('operation_log')
      .selectAll()
      .where('entity', '=', entity.name)
      .where('record_id', '=', id)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      entity: r.entity,
      recordId: Number(r.record_id),
      action: r.action,
      actionLabel: r.action_label,
      fromStatus: r.from_status ?? null,
      toStatus: r.to_status ?? null,
      comment: r.comment ?? null,
      userId: r.user_id === null ? null : Number(r.user_id),
      userName: r.user_name ?? null,
      roleCode: r.role_code ?? null,
      createdAt: Number(r.created_at),
      changes: parseChanges(r.changes),
    }));
  }
}

/**
 * A system field sharing a field's column takes the field's value, on the record the caller goes on
 * with as well: what the save answers and the access rules test is what reading the row gives.
 */
function followSharedColumns(entity: EntityDef, record: Record<string, unknown>): void {
  if (!entity.storage?.system) return;
  for (const [system, field] of sharedColumns(entity)) record[system] = record[field] ?? null;
}
