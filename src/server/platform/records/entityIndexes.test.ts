import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { EntityDef } from '../../../shared/schema/types.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { tableName } from './entityPlan.js';
import { syncEntityTables } from './entityTables.js';
import {
  ftsTableName,
  lookupIndexName,
  pairedIndexName,
  sortedLookupIndexName,
  sortIndexName,
  syncEntityIndexes,
  trigramIndexName,
} from './entityIndexes.js';
import { flow, noPages, v1, v2, v3, withPage } from './entityIndexes.fixture.js';
import { indexPlan } from './indexPlan.js';
import { KyselyRecordStore, type ListOptions } from './RecordStore.js';

const table = tableName(v1);

let t: TestApp;
let store: KyselyRecordStore;

async function indexNames(): Promise<string[]> {
  const { db, dialect } = t.ctx.database;
  const rows =
    dialect === 'sqlite'
      ? (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type in ('index', 'table') and (tbl_name = ${table} or name = ${ftsTableName(table)})`.execute(
            db,
          )
        ).rows
      : (
          await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(
            db,
          )
        ).rows;
  return rows.map((r) => r.name);
}

/** The plan of a list, with sequential scans discouraged on PostgreSQL (a small test table would otherwise be scanned whole). */
async function plan(entity: EntityDef, opts: ListOptions, total = 0): Promise<{ count: string; page: string }> {
  if (t.ctx.database.dialect === 'sqlite') return store.explainList(entity, opts, total);
  return t.ctx.database.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return new KyselyRecordStore(trx, 'postgres', true).explainList(entity, opts, total);
  });
}

beforeAll(async () => {
  t = await createTestApp();
  await syncEntityTables(t.ctx.database, [v1]);
  await syncEntityIndexes(t.ctx.database, [v1], noPages);
  store = KyselyRecordStore.of(t.ctx.database);
  const rec = (i: number) => ({
    status: i % 2 ? 'a' : 'b',
    ownerId: 1,
    areaCode: i % 3 ? '1101' : '1123',
    createdAt: 1_700_000_000_000 + i,
    updatedAt: 1,
    createdBy: 1,
    updatedBy: 1,
    name: `河北省第${i}号教育科研课题`,
    year: String(2020 + (i % 6)),
    subject: String(i % 9),
    body: '<p>正文</p>'.repeat(50),
  });
  await store.transaction(async (tx) => {
    for (let i = 1; i <= 300; i++) await tx.insert(v1, rec(i));
  });
});
afterAll(async () => {
  await t?.close();
});

describe('entity indexes', () => {
  it('derives indexed fields from the schema, list pages and rules', () => {
    expect(indexPlan(v1, noPages)).toEqual({
      lookup: ['subject'],
      search: [],
      sort: ['createdAt'],
      sorted: [],
      paired: [],
    });
    expect(indexPlan(v2, withPage)).toEqual({
      lookup: ['subject', 'year'],
      search: ['name'],
      sort: ['createdAt', 'year'],
      sorted: [{ field: 'subject', sort: 'year' }],
      paired: [],
    });
    expect(indexPlan({ ...v1, titleField: 'name' }, noPages).search).toEqual(['name']);
  });

  it('makes the indexes when a schema adds an indexed or searched field, idempotently, and searches existing rows', async () => {
    expect(await indexNames()).not.toContain(lookupIndexName(table, 'year'));
    await syncEntityIndexes(t.ctx.database, [v2], withPage);
    await syncEntityIndexes(t.ctx.database, [v2], withPage);
    const names = await indexNames();
    expect(names).toContain(lookupIndexName(table, 'year'));
    expect(names).toContain(lookupIndexName(table, 'subject'));
    expect(names).toContain(sortIndexName(table, 'year'));
    expect(names).toContain(sortedLookupIndexName(table, 'subject', 'year'));
    if (t.ctx.database.dialect === 'sqlite') expect(names).toContain(ftsTableName(table));
    else {
      expect(names).toContain(sortIndexName(table, 'createdAt'));
      expect(names).toContain(trigramIndexName(table, 'name'));
    }
    const found = await store.list(v2, {
      where: { t: 'like', field: 'name', value: '第12号' },
      sort: [{ field: 'id', order: 'asc' }],
      offset: 0,
      limit: 10,
    });
    expect(found.rows.map((r) => r.name)).toEqual(['河北省第12号教育科研课题']);
    expect(found.total).toBe(1);
  });

  it('keeps the search index in step with inserts, updates and deletes', async () => {
    const id = await store.insert(v2, {
      status: 'a',
      ownerId: 1,
      areaCode: '1101',
      createdAt: 1,
      updatedAt: 1,
      createdBy: 1,
      updatedBy: 1,
      name: '独一无二的名字',
      year: '2026',
      subject: '1',
      body: null,
    });
    const search = async (v: string) =>
      (
        await store.list(v2, { where: { t: 'like', field: 'name', value: v }, sort: [], offset: 0, limit: 10 })
      ).rows.map((r) => r.id);
    expect(await search('一无二')).toEqual([id]);
    const rec = (await store.get(v2, id))!;
    expect(await store.update(v2, { ...rec, name: '改过的名字' }, rec.version)).toBe(true);
    expect(await search('一无二')).toEqual([]);
    expect(await search('改过的')).toEqual([id]);
    expect(await search('改过')).toEqual([id]); // two characters: plain LIKE
    await store.delete(v2, id);
    expect(await search('改过的')).toEqual([]);
  });

  it('lists through the indexes: filters, the default sort, the count and the contains search', async () => {
    const pg = t.ctx.database.dialect === 'postgres';
    const byYear = await plan(v2, {
      where: { t: 'cmp', field: 'year', op: '=', value: '2021' },
      sort: [{ field: 'createdAt', order: 'desc' }],
      offset: 0,
      limit: 10,
    });
    expect(byYear.page).toMatch(new RegExp(lookupIndexName(table, 'year')));
    expect(byYear.page).not.toMatch(/TEMP B-TREE|Sort Key/);
    // Either index of year serves the count (its lookup index, or its sort index).
    expect(byYear.count).toMatch(new RegExp(`INDEX ixs?_${table}_year|using ixs?_${table}_year`));
    // Page 1 in the default sort comes from the created_at index in order: no sort of all rows.
    const newest = await plan(v2, {
      where: { t: 'const', value: true },
      sort: [{ field: 'createdAt', order: 'desc' }],
      offset: 0,
      limit: 10,
    });
    expect(newest.page).toMatch(
      pg ? new RegExp(sortIndexName(table, 'createdAt')) : new RegExp(`INDEX ${table}_created_at`),
    );
    expect(newest.page).not.toMatch(/TEMP B-TREE|Sort Key/);
    const byYearSorted = await plan(v2, {
      where: { t: 'const', value: true },
      sort: [{ field: 'year', order: 'desc' }],
      offset: 0,
      limit: 10,
    });
    expect(byYearSorted.page).toMatch(new RegExp(sortIndexName(table, 'year')));
    expect(byYearSorted.page).not.toMatch(/TEMP B-TREE|Sort Key/);
    // A page in its own order (not the default) filtered by a field: that field's index in that order.
    const subjectByYear = await plan(v2, {
      where: { t: 'cmp', field: 'subject', op: '=', value: '3' },
      sort: [{ field: 'year', order: 'desc' }],
      offset: 0,
      limit: 10,
    });
    expect(subjectByYear.page).toMatch(new RegExp(sortedLookupIndexName(table, 'subject', 'year')));
    expect(subjectByYear.page).not.toMatch(/TEMP B-TREE|Sort Key/);
    const contains = await plan(v2, {
      where: { t: 'like', field: 'name', value: '科研课' },
      sort: [{ field: 'createdAt', order: 'desc' }],
      offset: 0,
      limit: 10,
    });
    expect(contains.count).toMatch(
      pg ? new RegExp(trigramIndexName(table, 'name')) : new RegExp(`${ftsTableName(table)} VIRTUAL TABLE`),
    );
    // A search matching thousands: the page walks the sort index and tests each row, never
    // gathering every match of the search table first (the count still uses it).
    const broad = await plan(
      v2,
      {
        where: { t: 'like', field: 'name', value: '科研课' },
        sort: [{ field: 'createdAt', order: 'desc' }],
        offset: 0,
        limit: 10,
      },
      50_000,
    );
    if (!pg) {
      expect(broad.page).toMatch(/USING INDEX \S*created_at/);
      expect(broad.page).not.toMatch(new RegExp(`TEMP B-TREE|${ftsTableName(table)}`));
    } else {
      expect(broad.page).toMatch(new RegExp(`${trigramIndexName(table, 'name')}|${sortIndexName(table, 'createdAt')}`));
    }
  });

  it('indexes the area with the status for city staff, in each sort their lists use, and lists through it', async () => {
    const sources = { ...withPage, workflows: new Map([[flow.name, flow]]) };
    // Names PostgreSQL would cut at 63 bytes stay apart.
    const long = (sort: string) =>
      pairedIndexName(`rec_${'a_long_entity_name_'.repeat(3)}`, 'areaCode', 'status', sort);
    expect(long('createdAt').length).toBeLessThanOrEqual(63);
    expect(long('createdAt')).not.toBe(long('updatedAt'));
    expect(indexPlan(v3, sources).paired).toEqual([
      { first: 'areaCode', field: 'status', sort: 'createdAt' },
      { first: 'areaCode', field: 'status', sort: 'year' },
    ]);
    expect(await indexNames()).not.toContain(pairedIndexName(table, 'areaCode', 'status', 'createdAt'));
    await syncEntityIndexes(t.ctx.database, [v3], sources);
    const names = await indexNames();
    expect(names).toContain(pairedIndexName(table, 'areaCode', 'status', 'createdAt'));
    expect(names).toContain(pairedIndexName(table, 'areaCode', 'status', 'year'));
    // Newer rows of another city, so reading the newest first and testing each row is not worth it,
    // and the table's statistics, as PostgreSQL's autovacuum keeps them.
    const { db } = t.ctx.database;
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000)
      insert into ${sql.table(table)} (version, status, owner_id, area_code, created_at, updated_at, created_by, updated_by, data)
      select 1, 'a', 1, '9999', 1800000000000 + i, 1, 1, 1, '{}' from n`.execute(db);
    await sql`analyze ${sql.table(table)}`.execute(db);
    const where = {
      t: 'and' as const,
      items: [
        { t: 'cmp' as const, field: 'areaCode', op: '=' as const, value: '1123' },
        { t: 'cmp' as const, field: 'status', op: '=' as const, value: 'a' },
      ],
    };
    const inArea = await plan(v3, { where, sort: [{ field: 'createdAt', order: 'desc' }], offset: 0, limit: 10 });
    expect(inArea.page).toMatch(new RegExp(pairedIndexName(table, 'areaCode', 'status', 'createdAt')));
    expect(inArea.page).not.toMatch(/TEMP B-TREE|Sort Key/);
    // PostgreSQL counts a hundred rows of one area as cheaply through the area's own index.
    expect(inArea.count).toMatch(
      t.ctx.database.dialect === 'sqlite'
        ? new RegExp(pairedIndexName(table, 'areaCode', 'status', '(createdAt|year)'))
        : /Index (Only )?Scan/,
    );
    const { rows, total } = await store.list(v3, {
      where,
      sort: [{ field: 'createdAt', order: 'desc' }],
      offset: 0,
      limit: 3,
    });
    expect(total).toBe(50);
    expect(rows.map((r) => [r.areaCode, r.status])).toEqual([
      ['1123', 'a'],
      ['1123', 'a'],
      ['1123', 'a'],
    ]);
    expect(rows.map((r) => r.createdAt)).toEqual([...rows.map((r) => r.createdAt)].sort((a, b) => b - a));
  });

  it('reads only the asked fields of a list, leaving big ones in the database', async () => {
    const { rows } = await store.list(v2, {
      where: { t: 'const', value: true },
      sort: [{ field: 'id', order: 'asc' }],
      offset: 0,
      limit: 2,
      fields: ['name'],
    });
    expect(rows[0]).toMatchObject({
      name: '河北省第1号教育科研课题',
      body: null,
      year: null,
      status: 'a',
      areaCode: '1101',
    });
  });

  it('keeps one plan for a list page on PostgreSQL instead of planning every call', async () => {
    if (t.ctx.database.dialect !== 'postgres') return;
    // One connection throughout (a transaction), as prepared statements live per connection.
    const statement = await t.ctx.database.db.transaction().execute(async (trx) => {
      const inTx = new KyselyRecordStore(trx, 'postgres', true);
      const opts: ListOptions = {
        where: { t: 'cmp', field: 'subject', op: '=', value: '4' },
        sort: [{ field: 'createdAt', order: 'desc' }],
        offset: 10,
        limit: 10,
        fields: ['name'],
      };
      for (let i = 0; i < 8; i++) await inTx.list(v2, opts);
      return (
        await sql<{
          statement: string;
          generic_plans: number;
        }>`select statement, generic_plans from pg_prepared_statements where statement like ${`%from "${table}"%order by%`} order by generic_plans + custom_plans desc limit 1`.execute(
          trx,
        )
      ).rows[0];
    });
    // The page bounds are in the text: with LIMIT a parameter the generic plan looked costly and every call was planned anew.
    expect(statement.statement).toMatch(/limit 10 offset 10$/);
    expect(Number(statement.generic_plans)).toBeGreaterThan(0);
  });

  it('pages a search matching thousands in sort order, from one kept plan on PostgreSQL', async () => {
    const { db, dialect } = t.ctx.database;
    await store.transaction(async (tx) => {
      for (let i = 1; i <= 1200; i++) {
        await tx.insert(v2, {
          status: 'a',
          ownerId: 1,
          areaCode: '8888',
          createdAt: 1_900_000_000_000 + i,
          updatedAt: 1,
          createdBy: 1,
          updatedBy: 1,
          name: `广域第${i}号课题`,
          year: '2026',
          subject: '1',
          body: null,
        });
      }
    });
    const opts: ListOptions = {
      where: { t: 'like', field: 'name', value: '广域第11' },
      sort: [{ field: 'createdAt', order: 'desc' }],
      offset: 0,
      limit: 3,
      fields: ['name'],
    };
    const { rows, total } = await store.list(v2, opts);
    expect(total).toBe(111);
    expect(rows.map((r) => r.name)).toEqual(['广域第1199号课题', '广域第1198号课题', '广域第1197号课题']);
    const broad = { ...opts, where: { t: 'like' as const, field: 'name', value: '广域' } };
    expect((await store.list(v2, broad)).rows.map((r) => r.name)).toEqual([
      '广域第1200号课题',
      '广域第1199号课题',
      '广域第1198号课题',
    ]);
    if (dialect !== 'postgres') return;
    const plans = await db.transaction().execute(async (trx) => {
      const inTx = new KyselyRecordStore(trx, 'postgres', true);
      for (let i = 0; i < 8; i++) await inTx.list(v2, broad);
      return (
        await sql<{
          generic_plans: number;
        }>`select generic_plans from pg_prepared_statements where statement like ${`%from "${table}"%strpos%order by%`}`.execute(
          trx,
        )
      ).rows;
    });
    expect(plans).toHaveLength(1);
    expect(Number(plans[0].generic_plans)).toBeGreaterThan(0);
  });
});
