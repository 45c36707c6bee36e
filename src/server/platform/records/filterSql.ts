import { sql, type Insertable, type RawBuilder } from 'kysely';
import type { EntityRow } from '../db/rows.js';
import type { ChildListStorage, EntityDef } from '../../../shared/schema/types.js';
import type { Dialect } from '../db/database.js';
import { fieldLayout, planOf, storageOf, tableName } from './entityPlan.js';
import { isStructured, TIME_FIELDS, type Storage } from './fieldStorage.js';
import { ftsTableName } from './entityIndexes.js';
import { parseLocal } from './time.js';
import type { Filter, NewStoredRecord } from './storedRecord.js';

/** More search matches than this: read the page in sort order and test each row against the matches. */
export const BROAD_SEARCH = 1000;

/** Where a field is stored; a field the entity does not have is a programming error. */
export function fieldStorage(entity: EntityDef, field: string): Storage {
  const s = storageOf(entity, field);
  if (!s) throw new Error(`unknown field ${field} of ${entity.name}`);
  return s;
}

/** The table row a record is written as: system columns, own columns and the rest as JSON in `data`. */
export function recordRow(entity: EntityDef, record: NewStoredRecord): Record<string, unknown> {
  if (entity.storage) return fixedRow(entity, record);
  // The columns every entity table has, typed; the fields' own columns are added below.
  const row: Insertable<EntityRow> & Record<string, unknown> = {
    status: record.status ?? null,
    owner_id: record.ownerId ?? null,
    area_code: record.areaCode ?? null,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    created_by: record.createdBy ?? null,
    updated_by: record.updatedBy ?? null,
  };
  const data: Record<string, unknown> = {};
  for (const s of fieldLayout(entity)) {
    const { field: name, def } = s;
    const v = record[name] === undefined ? null : record[name];
    if (s.kind === 'json') {
      if (v !== null) data[name] = v;
      continue;
    }
    row[s.column] =
      v === null ? null : isStructured(def) ? JSON.stringify(v) : def.type === 'boolean' ? (v ? 1 : 0) : v;
  }
  row.data = JSON.stringify(data);
  return row;
}

/** A record as the row of its fixed table: only the system columns it has, and every field's column. */
function fixedRow(entity: EntityDef, record: NewStoredRecord): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(planOf(entity).system))
    if (field !== 'id' && field !== 'version') row[column] = record[field] ?? null;
  // No status column: the status's columns (a transition's target) are written instead.
  const statuses = entity.storage?.statuses;
  const status = record.status as string | null;
  if (statuses && status && Object.hasOwn(statuses, status)) Object.assign(row, statuses[status]);
  for (const s of fieldLayout(entity)) {
    if (s.kind !== 'column') continue;
    const v = record[s.field] ?? null;
    row[s.column] =
      v === null ? null : isStructured(s.def) ? JSON.stringify(v) : s.def.type === 'boolean' ? (v ? 1 : 0) : v;
  }
  return row;
}

/** The value a condition compares with, in the type the stored expression has on this database. */
function sqlValue(dialect: Dialect, s: Storage, v: unknown): unknown {
  if (s.kind === 'system') {
    if (TIME_FIELDS.has(s.field)) return typeof v === 'string' ? (parseLocal(v) ?? -1) : Number(v);
    return s.column === 'id' || s.column === 'version' || s.column === 'owner_id' || s.column.endsWith('_by')
      ? Number(v)
      : String(v);
  }
  if (s.type === 'integer' || s.type === 'number') return Number(v);
  if (s.type === 'boolean') {
    const b = v === true || v === 1 || v === '1' || v === 'true';
    return s.kind === 'json' && dialect === 'postgres' ? String(b) : b ? 1 : 0;
  }
  return String(v);
}

/**
 * A list's conditions as SQL on `dialect`. `searchFields`: the entity's fields with a trigram search
 * table on this database; `broad`: the page query of a search with more matches than BROAD_SEARCH.
 */
export function filterSql(
  dialect: Dialect,
  searchFields: (entity: EntityDef) => ReadonlySet<string>,
  entity: EntityDef,
  c: Filter,
  broad = false,
): RawBuilder<unknown> {
  const rec = (item: Filter) => filterSql(dialect, searchFields, entity, item, broad);
  switch (c.t) {
    case 'const':
      return c.value ? sql`1 = 1` : sql`1 = 0`;
    case 'and':
      return c.items.length
        ? sql`(${sql.join(
            c.items.map((i) => rec(i)),
            sql` and `,
          )})`
        : sql`1 = 1`;
    case 'or':
      return c.items.length
        ? sql`(${sql.join(
            c.items.map((i) => rec(i)),
            sql` or `,
          )})`
        : sql`1 = 0`;
    case 'not':
      return sql`(not ${rec(c.item)})`;
    case 'null': {
      const e = planOf(entity).expr(dialect, c.field);
      return c.isNull ? sql`(${e} is null)` : sql`(${e} is not null)`;
    }
    case 'cmp': {
      const s = fieldStorage(entity, c.field);
      const e = planOf(entity).expr(dialect, c.field);
      const v = sqlValue(dialect, s, c.value);
      if (c.op === '<>') return sql`(${e} is null or ${e} <> ${v})`;
      return sql`(${e} is not null and ${e} ${sql.raw(c.op)} ${v})`;
    }
    case 'in': {
      if (!c.values.length) return sql`1 = 0`;
      const s = fieldStorage(entity, c.field);
      const e = planOf(entity).expr(dialect, c.field);
      return sql`(${e} is not null and ${e} in (${sql.join(c.values.map((v) => sqlValue(dialect, s, v)))}))`;
    }
    case 'like': {
      const e = planOf(entity).expr(dialect, c.field);
      const value = c.value.toLowerCase();
      // Three characters or more: the trigram search table (SQLite; PostgreSQL's trigram index
      // serves the plain LIKE below), as a phrase, which is a substring match of the trigrams.
      // Many matches (`broad`, the page query of a search with more than BROAD_SEARCH): the plain
      // LIKE below, tested on each row as SQLite walks the sort index, stops at the page's end;
      // the search table would gather every match first (80,000 of a million topics: 0.4 s).
      if (dialect === 'sqlite' && !broad && [...value].length >= 3 && searchFields(entity).has(c.field)) {
        const fts = ftsTableName(tableName(entity));
        const phrase = `{${c.field}} : "${value.replace(/"/g, '""')}"`;
        return sql`(${sql.ref('id')} in (select rowid from ${sql.table(fts)} where ${sql.table(fts)} match ${phrase}))`;
      }
      // PostgreSQL: strpos, which it cannot estimate with the value or without, so it keeps one
      // plan (walk the sort index) instead of planning every call for the value.
      if (dialect === 'postgres' && broad) return sql`(${e} is not null and strpos(lower(${e}), ${value}) > 0)`;
      const pattern = `%${value.replace(/[!%_]/g, (ch) => `!${ch}`)}%`;
      // lower() on both: SQLite's like ignores ASCII case, PostgreSQL's does not.
      return sql`(${e} is not null and lower(${e}) like ${pattern} escape '!')`;
    }
    case 'contains': {
      // A list of scalars kept in a child table: the record has a row holding the value.
      const child = entity.storage?.lists?.[c.field];
      if (child?.value) return childHolds(entity, child, c.value);
      // A list kept as JSON text contains the value when its JSON text contains "value".
      const e = planOf(entity).expr(dialect, c.field);
      const pattern = `%${JSON.stringify(String(c.value)).replace(/[!%_]/g, (ch) => `!${ch}`)}%`;
      return sql`(${e} is not null and ${e} like ${pattern} escape '!')`;
    }
  }
}

/** A child table's row of the record (linked by id or a column of the parent) holds the value. */
function childHolds(entity: EntityDef, child: ChildListStorage, value: unknown): RawBuilder<unknown> {
  const table = tableName(entity);
  const parent = child.link.field === 'id' ? 'id' : fieldStorage(entity, child.link.field);
  const parentColumn = typeof parent === 'string' ? parent : parent.kind === 'json' ? null : parent.column;
  if (!parentColumn) throw new Error(`${entity.name}: a list's link field needs a column`);
  return sql`exists (select 1 from ${sql.table(child.table)} where ${sql.ref(`${child.table}.${child.link.column}`)} = ${sql.ref(`${table}.${parentColumn}`)} and ${sql.ref(`${child.table}.${child.value!}`)} = ${String(value)})`;
}
