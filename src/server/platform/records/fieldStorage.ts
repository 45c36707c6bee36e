import { sql, type RawBuilder } from 'kysely';
import type { EntityDef, FieldDef } from '../../../shared/schema/types.js';
import type { Dialect } from '../db/database.js';
import { fieldDef } from '../schemas/entityModel.js';

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

/** The table an entity is kept in (entityPlan keeps it per entity: read it there). */
export function tableNameOf(entity: EntityDef): string {
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

/** Where a field is stored, worked out from the schema (entityPlan keeps the answer per entity); undefined for a name the entity does not have. */
export function findStorage(entity: EntityDef, field: string): Storage | undefined {
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

/** Values a field keeps as JSON text even in its own column. */
export function isStructured(def: FieldDef): boolean {
  return def.type === 'files' || def.type === 'json' || Boolean(def.multiple);
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
