import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../../shared/schema/types.js';
import { checkStorage } from '../schemas/checkStorage.js';
import { withId } from '../db/columns.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { KyselyRecordStore } from './RecordStore.js';
import { entityTables } from '../db/tables.js';

// A parent kept by a natural key, its rows in a child table read and written as one list field.
const parent: EntityDef = {
  name: 'listProbe',
  label: '列表探针',
  storage: {
    table: 'list_probe',
    columns: { code: 'code', label: 'label' },
    system: { version: 'version' },
    lists: {
      rows: {
        table: 'list_probe_rows',
        link: { column: 'parent_code', field: 'code' },
        columns: { v: 'v', t: 't' },
        order: 'pos',
        count: 'rowCount',
      },
    },
  },
  sort: { field: 'code', order: 'asc' },
  fields: {
    code: { type: 'string', label: '编码' },
    label: { type: 'string', label: '名称' },
    rows: { type: 'json', label: '行' },
    rowCount: { type: 'integer', label: '行数', readOnly: true },
  },
  access: { read: [], create: [], update: [], delete: [] },
};

// One record made of properties of two key/value rows.
const pairs: EntityDef = {
  name: 'pairProbe',
  label: '键值探针',
  storage: {
    table: 'pair_probe',
    keyValue: { key: 'k', value: 'v' },
    columns: { title: 'main.title', on: 'flags.on' },
  },
  sort: { field: 'id', order: 'asc' },
  fields: { title: { type: 'string', label: '标题' }, on: { type: 'boolean', label: '开' } },
  access: { read: [], create: [], update: [], delete: [] },
};

let t: TestApp;
let store: KyselyRecordStore;
const system = {
  status: null,
  ownerId: null,
  areaCode: null,
  createdAt: 0,
  updatedAt: 0,
  createdBy: null,
  updatedBy: null,
};

beforeAll(async () => {
  t = await createTestApp();
  const { dialect } = t.ctx.database;
  const db = entityTables(t.ctx.database.db);
  await withId(db.schema.createTable('list_probe'), dialect)
    .addColumn('code', 'varchar(16)', (c) => c.notNull())
    .addColumn('label', 'varchar(64)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('list_probe_rows')
    .addColumn('parent_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('v', 'varchar(16)')
    .addColumn('t', 'varchar(16)')
    .addColumn('pos', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('pair_probe')
    .addColumn('k', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('v', 'text')
    .execute();
  await db
    .insertInto('pair_probe')
    .values({ k: 'main', v: JSON.stringify({ title: '旧', keep: 1 }) })
    .execute();
  store = KyselyRecordStore.of(t.ctx.database);
});
afterAll(async () => {
  await t?.close();
});

describe('fixed storage shapes', () => {
  it('reads and replaces a list field kept in a child table, in order, with its count', async () => {
    const a = await store.insert(parent, {
      ...system,
      code: 'a',
      label: '甲',
      rows: [
        { v: '1', t: '一' },
        { v: '2', t: '二' },
      ],
    });
    await store.insert(parent, { ...system, code: 'b', label: '乙', rows: [] });
    const { rows } = await store.list(parent, {
      where: { t: 'and', items: [] },
      sort: [{ field: 'code', order: 'asc' }],
      offset: 0,
      limit: 10,
      fields: ['label'],
    });
    expect(rows.map((r) => [r.code, r.rowCount, r.rows])).toEqual([
      [
        'a',
        2,
        [
          { v: '1', t: '一' },
          { v: '2', t: '二' },
        ],
      ],
      ['b', 0, []],
    ]);
    const got = (await store.get(parent, a))!;
    expect(
      await store.update(
        parent,
        {
          ...got,
          rows: [
            { v: '2', t: '贰' },
            { v: '3', t: '三' },
          ],
        },
        got.version,
      ),
    ).toBe(true);
    expect(await store.get(parent, a)).toMatchObject({
      version: 2,
      rowCount: 2,
      rows: [
        { v: '2', t: '贰' },
        { v: '3', t: '三' },
      ],
    });
    expect(await store.update(parent, { ...got, rows: [] }, got.version)).toBe(false);
    expect(await store.delete(parent, a)).toBe(true);
    expect(
      await entityTables(t.ctx.database.db)
        .selectFrom('list_probe_rows')
        .select('v')
        .where('parent_code', '=', 'a')
        .execute(),
    ).toEqual([]);
  });

  it('keeps one key/value record in properties of the rows it names, leaving the other properties', async () => {
    expect(await store.get(pairs, 2)).toBeUndefined();
    const rec = (await store.get(pairs, 1))!;
    expect(rec).toMatchObject({ id: 1, title: '旧', on: null });
    expect(await store.update(pairs, { ...rec, title: null, on: true }, 1)).toBe(true);
    const rows = await entityTables(t.ctx.database.db).selectFrom('pair_probe').selectAll().orderBy('k').execute();
    expect(rows.map((r) => [r.k, JSON.parse(String(r.v))])).toEqual([
      ['flags', { on: true }],
      ['main', { keep: 1 }],
    ]);
    expect((await store.list(pairs, { where: { t: 'and', items: [] }, sort: [], offset: 0, limit: 10 })).rows).toEqual([
      expect.objectContaining({ id: 1, title: null, on: true }),
    ]);
  });

  it('the schema check wants list fields of json with a read-only count, and key/value columns as row.property', () => {
    expect(checkStorage(parent)).toEqual([]);
    expect(checkStorage(pairs)).toEqual([]);
    const broken: EntityDef = {
      ...parent,
      fields: { ...parent.fields, rows: { type: 'string', label: '行' }, rowCount: { type: 'integer', label: '行数' } },
    };
    expect(checkStorage(broken).map((p) => p.path)).toEqual(['/storage/lists/rows', '/storage/lists/rows/count']);
    expect(
      checkStorage({ ...pairs, storage: { ...pairs.storage!, columns: { title: 'title', on: 'flags.on' } } }).map(
        (p) => p.path,
      ),
    ).toEqual(['/storage/columns/title']);
  });
});
