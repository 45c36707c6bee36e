import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../../shared/schema/types.js';
import { checkStorage } from '../schemas/checkStorage.js';
import { withId } from '../db/columns.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { KyselyRecordStore } from './RecordStore.js';

// An entity kept in a table of its own making, with an update time and no version, owner or data.
const fixed: EntityDef = {
  name: 'fixedProbe',
  label: '固定表探针',
  storage: {
    table: 'fixed_probe',
    columns: { code: 'probe_code', label: 'probe_label', active: 'is_active' },
    system: { updatedAt: 'changed_at' },
  },
  sort: { field: 'code', order: 'asc' },
  fields: {
    code: { type: 'string', label: '编码' },
    label: { type: 'string', label: '名称' },
    active: { type: 'boolean', label: '启用' },
  },
  access: { read: [], create: [], update: [], delete: [] },
};

let t: TestApp;
let store: KyselyRecordStore;
const rec = (code: string, label: string, active: boolean) => ({
  status: 'ignored',
  ownerId: 7,
  areaCode: null,
  createdAt: 5,
  updatedAt: 10,
  createdBy: 7,
  updatedBy: 7,
  code,
  label,
  active,
});

beforeAll(async () => {
  t = await createTestApp();
  const { db, dialect } = t.ctx.database;
  await withId(db.schema.createTable('fixed_probe'), dialect)
    .addColumn('probe_code', 'varchar(16)', (c) => c.notNull())
    .addColumn('probe_label', 'varchar(64)')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('changed_at', 'bigint')
    .execute();
  store = KyselyRecordStore.of(t.ctx.database);
  for (const [code, label, active] of [
    ['c', '丙', true],
    ['a', '甲', false],
    ['b', '乙', true],
  ] as const)
    await store.insert(fixed, rec(code, label, active));
});
afterAll(async () => {
  await t?.close();
});

describe('an entity kept in a fixed table', () => {
  it('lists through its columns with the filters, sort and paging of every entity', async () => {
    const page = await store.list(fixed, {
      where: { t: 'cmp', field: 'active', op: '=', value: true },
      sort: [{ field: 'code', order: 'asc' }],
      offset: 1,
      limit: 1,
      fields: ['code', 'label'],
    });
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => [r.code, r.label])).toEqual([['c', '丙']]);
    const like = await store.list(fixed, {
      where: { t: 'like', field: 'label', value: '甲' },
      sort: [{ field: 'code', order: 'desc' }],
      offset: 0,
      limit: 10,
    });
    expect(like.rows).toEqual([
      expect.objectContaining({ code: 'a', active: false, version: 1, ownerId: null, status: null, updatedAt: 10 }),
    ]);
  });

  it('writes only the columns it has; without a version column the last save wins', async () => {
    const { rows } = await store.list(fixed, {
      where: { t: 'cmp', field: 'code', op: '=', value: 'b' },
      sort: [{ field: 'id', order: 'asc' }],
      offset: 0,
      limit: 1,
    });
    const b = rows[0];
    expect(await store.update(fixed, { ...b, label: '乙二', active: false, updatedAt: 20 }, 1)).toBe(true);
    expect(await store.get(fixed, b.id)).toMatchObject({ label: '乙二', active: false, updatedAt: 20, version: 1 });
    const raw = await sql<Record<string, unknown>>`select * from fixed_probe where id = ${b.id}`.execute(
      t.ctx.database.db,
    );
    expect(Object.keys(raw.rows[0]).sort()).toEqual(['changed_at', 'id', 'is_active', 'probe_code', 'probe_label']);
    expect(await store.delete(fixed, b.id)).toBe(true);
    expect(await store.get(fixed, b.id)).toBeUndefined();
  });

  it('cannot filter on a system column the table lacks', async () => {
    await expect(
      store.list(fixed, {
        where: { t: 'cmp', field: 'ownerId', op: '=', value: 7 },
        sort: [{ field: 'code', order: 'asc' }],
        offset: 0,
        limit: 1,
      }),
    ).rejects.toThrow('unknown field ownerId');
  });

  it('the schema check wants a column for every field and a default sort', () => {
    expect(checkStorage(fixed)).toEqual([]);
    const broken: EntityDef = {
      ...fixed,
      sort: undefined,
      fields: { ...fixed.fields, extra: { type: 'string', label: '另' } },
    };
    expect(checkStorage(broken).map((p) => p.path)).toEqual(['/fields/extra', '/sort']);
  });
});
