import { sql, type RawBuilder } from 'kysely';
import type { EntityDef, FieldDef } from '../../../shared/schema/types.js';
import type { Database, Dialect } from '../db/database.js';
import { withId, TIME } from '../db/columns.js';
import { fieldDef } from '../schemas/entityModel.js';
import { PG_WRITE_FUNCTION } from '../db/writeWatch.js';
import type { Db } from '../db/tables.js';

/**
 * Where each field of an entity lives. Every entity has its own table, made at start-up from its
 * schema: the system columns, a real column for each field marked `column: true`, and a JSON
 * `data` text column for every other field, so a field an analyst adds needs no migration.
 */
export const SYSTEM_COLUMNS: Record<string, string> = {
  id: 'id',
  version: 'version',
  status: 'status',
  ownerId: 'owner_id',
  areaCode: 'area_code',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  createdBy: 'created_by',
  updatedBy: 'updated_by',
};

/** System fields kept as epoch ms and shown as date-time text. */
export const TIME_FIELDS = new Set(['createdAt', 'updatedAt']);

const NAME = /^[a-z][a-zA-Z0-9]*$/;

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

const TABLE = /^[a-z][a-z0-9_]*$/;

export function tableName(entity: EntityDef): string {
  if (entity.storage) {
    if (!TABLE.test(entity.storage.table)) throw new Error(`invalid table name ${entity.storage.table}`);
    return entity.storage.table;
  }
  if (!NAME.test(entity.name)) throw new Error(`invalid entity name ${entity.name}`);
  return `rec_${snake(entity.name)}`;
}

/** The system columns the entity's table has, by field: all of them unless it declares a fixed storage. */
export function systemColumns(entity: EntityDef): Record<string, string> {
  return entity.storage ? { id: 'id', ...entity.storage.system } : SYSTEM_COLUMNS;
}

export type Storage =
  /** `expr`: a status with no column of its own, read from the columns `storage.statuses` maps (statusExpr). */
  | { kind: 'system'; column: string; field: string; type: FieldDef['type']; expr?: RawBuilder<unknown> }
  | { kind: 'column'; column: string; field: string; type: FieldDef['type']; def: FieldDef }
  | { kind: 'json'; field: string; type: FieldDef['type']; def: FieldDef };

/** Per entity definition (schemas are not changed once loaded): where each asked name lives. */
const storages = new WeakMap<EntityDef, Map<string, Storage | undefined>>();

/** Where a field is stored; undefined for a name the entity does not have. Asked for every field of every row: kept. */
export function storageOf(entity: EntityDef, field: string): Storage | undefined {
  let byName = storages.get(entity);
  if (!byName) storages.set(entity, (byName = new Map()));
  if (byName.has(field)) return byName.get(field);
  const s = findStorage(entity, field);
  byName.set(field, s);
  return s;
}

function findStorage(entity: EntityDef, field: string): Storage | undefined {
  if (Object.hasOwn(SYSTEM_COLUMNS, field)) {
    // A fixed table's missing system column is no field a list can filter or sort on.
    const column = systemColumns(entity)[field];
    if (field === 'status' && entity.storage?.statuses)
      return { kind: 'system', column: 'status', field, type: 'string', expr: statusExpr(entity.storage.statuses) };
    if (!column || !TABLE.test(column)) return undefined;
    return { kind: 'system', column, field, type: fieldDef(entity, field)?.type ?? 'string' };
  }
  const def = Object.prototype.hasOwnProperty.call(entity.fields, field) ? entity.fields[field] : undefined;
  if (!def || !NAME.test(field)) return undefined;
  // A write-only value (an initial password) is for the save's hooks: never stored as the record's.
  if (def.writeOnly) return undefined;
  if (entity.storage) {
    const column = entity.storage.columns[field];
    return column && TABLE.test(column) ? { kind: 'column', column, field, type: def.type, def } : undefined;
  }
  if (def.column) return { kind: 'column', column: snake(field), field, type: def.type, def };
  return { kind: 'json', field, type: def.type, def };
}

/** Whether a row's columns hold a status's values (a null value: the column is null). */
export function statusHolds(values: Record<string, unknown>, row: Record<string, unknown>): boolean {
  return Object.entries(values).every(([column, v]) =>
    v === null ? row[column] === null || row[column] === undefined : String(row[column]) === String(v),
  );
}

/** The status code of a row of a table without a status column: the first whose columns all hold. */
export function statusOfRow(
  statuses: Record<string, Record<string, unknown>>,
  row: Record<string, unknown>,
): string | null {
  for (const [code, values] of Object.entries(statuses)) if (statusHolds(values, row)) return code;
  return null;
}

/** The same as SQL: a case over the mapped columns, in declared order (never null-valued tests, so `not` holds). */
function statusExpr(statuses: Record<string, Record<string, string | number | null>>): RawBuilder<unknown> {
  const branches = Object.entries(statuses).map(([code, values]) => {
    const tests = Object.entries(values).map(([column, v]) => {
      if (!TABLE.test(column)) throw new Error(`invalid column name ${column}`);
      return v === null ? sql`${sql.ref(column)} is null` : sql`${sql.ref(column)} = ${v}`;
    });
    return sql`when ${sql.join(tests, sql` and `)} then ${code}`;
  });
  return sql`(case ${sql.join(branches, sql` `)} end)`;
}

const layouts = new WeakMap<EntityDef, Exclude<Storage, { kind: 'system' }>[]>();

/** The entity's own fields (not the system ones) in declared order, with where each lives. */
export function fieldLayout(entity: EntityDef): Exclude<Storage, { kind: 'system' }>[] {
  let out = layouts.get(entity);
  if (!out) {
    out = [];
    for (const name of Object.keys(entity.fields)) {
      const s = storageOf(entity, name);
      if (s && s.kind !== 'system') out.push(s);
    }
    layouts.set(entity, out);
  }
  return out;
}

/** Values a field keeps as JSON text even in its own column. */
export function isStructured(def: FieldDef): boolean {
  return def.type === 'files' || def.type === 'json' || Boolean(def.multiple);
}

function columnType(def: FieldDef): 'text' | 'bigint' | 'double precision' | 'integer' {
  if (isStructured(def)) return 'text';
  switch (def.type) {
    case 'integer':
      return 'bigint';
    case 'number':
      return 'double precision';
    case 'boolean':
      return 'integer';
    default:
      return 'text';
  }
}

/**
 * The SQL expression reading a field, for filters and sorts. Names come only from the schema
 * (checked against NAME), never from a request.
 */
export function fieldExpr(dialect: Dialect, s: Storage): RawBuilder<unknown> {
  if (s.kind === 'system' && s.expr) return s.expr;
  if (s.kind !== 'json') return sql.ref(s.column);
  if (!NAME.test(s.field)) throw new Error(`invalid field name ${s.field}`);
  const numeric = s.type === 'integer' || s.type === 'number';
  if (dialect === 'sqlite') return sql`json_extract(${sql.ref('data')}, ${sql.lit(`$.${s.field}`)})`;
  const text = sql`(${sql.ref('data')}::jsonb ->> ${sql.lit(s.field)})`;
  return numeric ? sql`(${text})::numeric` : text;
}

export async function existingColumns(db: Db, dialect: Dialect, table: string): Promise<Set<string> | null> {
  const rows =
    dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows
      : (
          await sql<{
            name: string;
          }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(
            db,
          )
        ).rows;
  return rows.length ? new Set(rows.map((r) => r.name)) : null;
}

/**
 * Makes (or completes) the table of every entity: creates missing tables and adds the column of a
 * field newly marked `column: true`, filling it from the JSON data the field was kept in so far.
 * Idempotent; runs at every start.
 */
export async function syncEntityTables(database: Database, entities: Iterable<EntityDef>): Promise<void> {
  const { db, dialect } = database;
  const tables: string[] = [];
  for (const entity of entities) {
    if (entity.virtual) continue;
    const table = tableName(entity);
    tables.push(table);
    // A fixed table is made by the platform's migrations: only its writes are watched (below).
    if (entity.storage) continue;
    const columnFields = Object.keys(entity.fields)
      .map((f) => storageOf(entity, f))
      .filter((s): s is Extract<Storage, { kind: 'column' }> => s?.kind === 'column');
    let have = await existingColumns(db, dialect, table);
    if (!have) {
      await withId(db.schema.createTable(table).ifNotExists(), dialect)
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('status', 'varchar(32)')
        .addColumn('owner_id', 'integer')
        .addColumn('area_code', 'varchar(16)')
        .addColumn('created_at', TIME, (c) => c.notNull())
        .addColumn('updated_at', TIME, (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('updated_by', 'integer')
        .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
      for (const col of ['status', 'owner_id', 'area_code', 'created_at']) {
        await db.schema.createIndex(`${table}_${col}`).ifNotExists().on(table).column(col).execute();
      }
      have = (await existingColumns(db, dialect, table)) ?? new Set();
    }
    for (const s of columnFields) {
      if (have.has(s.column)) continue;
      await db.schema.alterTable(table).addColumn(s.column, columnType(s.def)).execute();
      await db.schema.createIndex(`${table}_${s.column}`).ifNotExists().on(table).column(s.column).execute();
      // The field was kept in the JSON data until now: move its values over.
      const from = fieldExpr(dialect, { kind: 'json', field: s.field, type: s.type, def: s.def });
      const type = columnType(s.def);
      const cast =
        dialect !== 'postgres' || type === 'text'
          ? from
          : s.def.type === 'boolean'
            ? sql`(${from})::boolean::integer`
            : sql`(${from})::${sql.raw(type)}`;
      await sql`update ${sql.table(table)} set ${sql.ref(s.column)} = ${cast} where ${sql.ref(s.column)} is null`.execute(
        db,
      );
    }
  }
  if (dialect === 'postgres') await notifyWrites(db, tables);
}

/**
 * PostgreSQL: every write to an entity table notifies the other server processes when it commits
 * (db/writeWatch.ts), through a statement trigger made here once per table. Two processes starting
 * together would trip over each other's DDL ("tuple concurrently updated"): an advisory lock takes
 * them one at a time, and only what is missing is made.
 */
async function notifyWrites(db: Db, tables: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('portal_notify_write'))`.execute(trx);
    const fn =
      await sql`select 1 from pg_proc where proname = 'portal_notify_write' and pronamespace = current_schema()::regnamespace`.execute(
        trx,
      );
    if (!fn.rows.length) await sql.raw(PG_WRITE_FUNCTION).execute(trx);
    const have = await sql<{
      table: string;
    }>`select c.relname as "table" from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = current_schema()::regnamespace and t.tgname = c.relname || '_notify_write'`.execute(trx);
    const made = new Set(have.rows.map((r) => r.table));
    for (const table of tables) {
      if (made.has(table)) continue;
      await sql`create trigger ${sql.raw(`${table}_notify_write`)} after insert or update or delete or truncate on ${sql.table(table)} for each statement execute function portal_notify_write()`.execute(
        trx,
      );
    }
  });
}
