import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { EntityDef } from '../../../shared/schema/types.js';
import type { Database, Dialect } from '../db/database.js';
import { storageOf, tableName } from './entityPlan.js';
import { fieldExpr } from './fieldStorage.js';
import { indexPlan, type IndexSources } from './indexPlan.js';
import type { Db } from '../db/tables.js';

/** Deterministic index names, so a restart finds what an earlier start made. */
// Lower case: PostgreSQL folds unquoted names. Field names are camelCase, so snake_case keeps them apart.
const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const lookupIndexName = (table: string, field: string) => `ix_${table}_${snake(field)}`;
/** A lookup in a page's own sort (not the default): the field's matches in that order. */
export const sortedLookupIndexName = (table: string, field: string, sort: string) =>
  `ix_${table}_${snake(field)}_by_${snake(sort)}`;
/** Two fields read together (the area and the status) in a sort. */
export const pairedIndexName = (table: string, first: string, field: string, sort: string) =>
  fitName(`ixp_${table}_${snake(first)}__${snake(field)}_by_${snake(sort)}`);
/** PostgreSQL cuts names at 63 bytes, so two long ones could meet: a longer name ends in a hash of itself. */
const fitName = (name: string) =>
  name.length <= 63 ? name : `${name.slice(0, 54)}_${crypto.createHash('sha1').update(name).digest('hex').slice(0, 8)}`;
export const sortIndexName = (table: string, field: string) => `ixs_${table}_${snake(field)}`;
export const trigramIndexName = (table: string, field: string) => `ixt_${table}_${snake(field)}`;
export const ftsTableName = (table: string) => `fts_${table}`;

/** Per database: the fields of each table that have an SQLite search table, as the last sync left them. */
const searchTables = new WeakMap<Database, Map<string, Set<string>>>();
const NO_SEARCH: ReadonlySet<string> = new Set();
export function searchFieldsOf(database: Database, table: string): ReadonlySet<string> {
  return searchTables.get(database)?.get(table) ?? NO_SEARCH;
}

/** Whether PostgreSQL's pg_trgm could be used, per database (a process may open several: tests, tools). */
const pgTrigram = new WeakMap<Db, boolean>();

/** SQLite: the search table's columns, one per searched field, the record id as rowid. */
async function ftsColumns(db: Db, table: string): Promise<string[] | null> {
  const rows = (await sql<{ name: string }>`select name from pragma_table_info(${ftsTableName(table)})`.execute(db))
    .rows;
  return rows.length ? rows.map((r) => r.name) : null;
}

/**
 * SQLite keeps "contains" searches in an FTS5 table with the trigram tokenizer (Chinese needs no
 * word splitter: every three characters are a term). Triggers keep it in step with every insert,
 * update and delete of the record table, whoever writes. Rebuilt when the searched fields change.
 */
async function syncSqliteSearch(db: Db, entity: EntityDef, fields: string[]): Promise<void> {
  const table = tableName(entity);
  const fts = ftsTableName(table);
  const have = await ftsColumns(db, table);
  if (have && have.join(',') === fields.join(',')) return;
  for (const t of ['ai', 'au', 'ad']) await sql`drop trigger if exists ${sql.raw(`${fts}_${t}`)}`.execute(db);
  await sql`drop table if exists ${sql.table(fts)}`.execute(db);
  if (!fields.length) return;
  const cols = sql.join(fields.map((f) => sql.ref(f)));
  const exprOf = (row: 'new' | null) =>
    sql.join(
      fields.map((f) => {
        const s = storageOf(entity, f)!;
        if (s.kind === 'json')
          return row ? sql`json_extract(${sql.raw(row)}.data, ${sql.lit(`$.${f}`)})` : fieldExpr('sqlite', s);
        return row ? sql`${sql.raw(row)}.${sql.ref(s.column)}` : sql.ref(s.column);
      }),
    );
  await sql`create virtual table ${sql.table(fts)} using fts5(${cols}, tokenize = 'trigram')`.execute(db);
  await sql`insert into ${sql.table(fts)} (rowid, ${cols}) select id, ${exprOf(null)} from ${sql.table(table)}`.execute(
    db,
  );
  await sql`create trigger ${sql.raw(`${fts}_ai`)} after insert on ${sql.table(table)} begin
    insert into ${sql.table(fts)} (rowid, ${cols}) values (new.id, ${exprOf('new')}); end`.execute(db);
  await sql`create trigger ${sql.raw(`${fts}_au`)} after update on ${sql.table(table)} begin
    delete from ${sql.table(fts)} where rowid = old.id;
    insert into ${sql.table(fts)} (rowid, ${cols}) values (new.id, ${exprOf('new')}); end`.execute(db);
  await sql`create trigger ${sql.raw(`${fts}_ad`)} after delete on ${sql.table(table)} begin
    delete from ${sql.table(fts)} where rowid = old.id; end`.execute(db);
}

/** PostgreSQL: pg_trgm, installed once into public so every schema's search_path-qualified index can name it. */
async function ensurePgTrigram(db: Db): Promise<boolean> {
  const known = pgTrigram.get(db);
  if (known !== undefined) return known;
  let available = true;
  try {
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
  } catch (err) {
    // Not permitted (a managed database without the extension): "contains" stays a plain scan.
    const have = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
    available = Number(have.rows[0]?.n) > 0;
    if (!available)
      console.warn(
        `pg_trgm is not available (${(err as Error).message}); "contains" searches run without a trigram index`,
      );
  }
  pgTrigram.set(db, available);
  return available;
}

async function createIndex(db: Db, name: string, table: string, body: ReturnType<typeof sql>): Promise<void> {
  await sql`create index if not exists ${sql.raw(name)} on ${sql.table(table)} ${body}`.execute(db);
}

/** The ORDER BY a list uses for a field: the same expression and null placement as its sort index. */
export function orderTerms(
  dialect: Dialect,
  expr: ReturnType<typeof fieldExpr>,
  order: 'asc' | 'desc',
  notNull: boolean,
) {
  // Empty values last in both directions. SQLite puts NULL first ascending, PostgreSQL last.
  if (order === 'desc') return dialect === 'postgres' && !notNull ? sql`${expr} desc nulls last` : sql`${expr} desc`;
  return dialect === 'sqlite' && !notNull ? sql`${expr} asc nulls last` : sql`${expr} asc`;
}

/** System columns syncEntityTables indexes when it makes a table. */
export const BASE_INDEXED = new Set(['status', 'owner_id', 'area_code', 'created_at']);

export const NOT_NULL_COLUMNS = new Set(['id', 'version', 'created_at', 'updated_at']);

/**
 * Makes the indexes every entity's lists need (see indexPlan), idempotently, at start-up: an
 * expression index per looked-up field (the same expression filters use, so the planner matches
 * it), on PostgreSQL also one in descending sort order with the id as tie-break, and a trigram
 * search index per searched field. Indexes of fields no schema needs any more are left alone.
 */
export async function syncEntityIndexes(
  database: Database,
  entities: Iterable<EntityDef>,
  sources: IndexSources,
): Promise<void> {
  const { db, dialect } = database;
  const trigram = dialect === 'postgres' ? await ensurePgTrigram(db) : true;
  for (const entity of entities) {
    // A fixed table's indexes are its migration's.
    if (entity.virtual || entity.storage) continue;
    const table = tableName(entity);
    const plan = indexPlan(entity, sources);
    const keyOf = (field: string) => {
      const s = storageOf(entity, field)!;
      const expr = fieldExpr(dialect, s);
      return {
        key: s.kind === 'json' ? sql`(${expr})` : expr,
        notNull: s.kind !== 'json' && NOT_NULL_COLUMNS.has(s.column),
      };
    };
    // In the default sort's descending order, empty values last, the id breaking ties: on SQLite
    // the rowid rides along in every index and a backward scan gives exactly that order.
    const sortKey = (field: string) => {
      const { key, notNull } = keyOf(field);
      return dialect === 'sqlite' ? key : sql`${key} desc${notNull ? sql`` : sql` nulls last`}, id desc`;
    };
    const [defaultSort] = plan.sort;
    for (const field of plan.lookup) {
      if (field === defaultSort) continue;
      // A filter's matches come out of its index already in the default order: page 1 of a
      // filtered list reads ten index entries, and the count reads only the matching ones.
      await createIndex(
        db,
        lookupIndexName(table, field),
        table,
        defaultSort ? sql`(${keyOf(field).key}, ${sortKey(defaultSort)})` : sql`(${keyOf(field).key})`,
      );
    }
    for (const { field, sort } of plan.sorted) {
      // The same in the sort of a list page that is not the default (topics: last updated first).
      await createIndex(
        db,
        sortedLookupIndexName(table, field, sort),
        table,
        sql`(${keyOf(field).key}, ${sortKey(sort)})`,
      );
    }
    for (const { first, field, sort } of plan.paired) {
      // City staff's lists (their area, a status) read ten entries of it, and count only theirs.
      await createIndex(
        db,
        pairedIndexName(table, first, field, sort),
        table,
        sql`(${keyOf(first).key}, ${keyOf(field).key}, ${sortKey(sort)})`,
      );
    }
    for (const field of plan.sort) {
      const s = storageOf(entity, field)!;
      // syncEntityTables already indexes these columns, which SQLite also scans in sort order.
      if (dialect === 'sqlite' && (s.kind === 'column' || (s.kind === 'system' && BASE_INDEXED.has(s.column))))
        continue;
      await createIndex(db, sortIndexName(table, field), table, sql`(${sortKey(field)})`);
    }
    if (dialect === 'sqlite') {
      await syncSqliteSearch(db, entity, plan.search);
      if (!searchTables.has(database)) searchTables.set(database, new Map());
      searchTables.get(database)!.set(table, new Set(plan.search));
    } else if (trigram) {
      for (const field of plan.search) {
        const expr = fieldExpr(dialect, storageOf(entity, field)!);
        await createIndex(
          db,
          trigramIndexName(table, field),
          table,
          sql`using gin (lower(${expr}) public.gin_trgm_ops)`,
        );
      }
    }
  }
}
