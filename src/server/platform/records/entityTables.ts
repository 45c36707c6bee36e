import { sql } from 'kysely';
import type { EntityDef, FieldDef } from '../../../shared/schema/types.js';
import type { Database, Dialect } from '../db/database.js';
import { withId, TIME } from '../db/columns.js';
import { PG_WRITE_FUNCTION } from '../db/writeWatch.js';
import type { Db } from '../db/tables.js';
import { compilePlan, type ColumnStorage } from './entityPlan.js';
import { fieldExpr, isStructured } from './fieldStorage.js';

/**
 * Every entity has its own table, made at start-up from its schema (fieldStorage.ts says where each
 * field lives in it), so a field an analyst adds needs no migration.
 */

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
    // The plan of the definition just loaded or published, compiled before anything reads it.
    const plan = compilePlan(entity);
    const table = plan.table;
    tables.push(table);
    // A fixed table is made by the platform's migrations: only its writes are watched (below).
    if (entity.storage) continue;
    const columnFields: readonly ColumnStorage[] = plan.columns;
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
