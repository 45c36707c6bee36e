import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../../shared/schema/types.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { syncEntityTables } from './entityTables.js';
import { KyselyRecordStore, type StoredRecord } from './RecordStore.js';

const probe: EntityDef = {
  name: 'storeProbe',
  label: '存储探针',
  fields: {
    title: { type: 'string', label: '标题', column: true },
    score: { type: 'number', label: '分数' },
    rank: { type: 'integer', label: '名次', column: true },
    note: { type: 'string', label: '备注' },
    tags: { type: 'string', label: '标签', dict: 'xkfl', multiple: true },
    done: { type: 'boolean', label: '完成' },
  },
  access: { read: [], create: [], update: [], delete: [] },
};

let t: TestApp;
let store: KyselyRecordStore;
const base = (over: Record<string, unknown>) => ({
  status: 'a',
  ownerId: 1,
  areaCode: '1101',
  createdAt: 1,
  updatedAt: 1,
  createdBy: 1,
  updatedBy: 1,
  title: null,
  score: null,
  rank: null,
  note: null,
  tags: null,
  done: null,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  await syncEntityTables(t.ctx.database, [probe]);
  store = KyselyRecordStore.of(t.ctx.database);
  const rows = [
    { title: '甲', score: 9.5, rank: 3, note: 'beta', tags: ['1', '2'], done: true },
    { title: '乙', score: 10, rank: 1, note: 'Alpha 50%', tags: ['2'], done: false },
    { title: '丙', score: 2, rank: 2, note: null, tags: null, done: null },
  ];
  for (const r of rows) await store.insert(probe, base(r));
});
afterAll(async () => {
  await t?.close();
});

const titles = async (where: any, sort: { field: string; order: 'asc' | 'desc' }[] = [{ field: 'id', order: 'asc' }]) =>
  (await store.list(probe, { where, sort, offset: 0, limit: 10 })).rows.map((r) => r.title);

describe('KyselyRecordStore', () => {
  it('round-trips columns and JSON data with their types', async () => {
    const { rows, total } = await store.list(probe, {
      where: { t: 'const', value: true },
      sort: [{ field: 'id', order: 'asc' }],
      offset: 0,
      limit: 10,
    });
    expect(total).toBe(3);
    expect(rows[0]).toMatchObject({
      title: '甲',
      score: 9.5,
      rank: 3,
      note: 'beta',
      tags: ['1', '2'],
      done: true,
      version: 1,
      status: 'a',
      areaCode: '1101',
    });
    expect(rows[2]).toMatchObject({ note: null, tags: null, done: null });
  });

  it('filters and sorts JSON fields the same way on both databases', async () => {
    expect(await titles({ t: 'cmp', field: 'score', op: '>', value: 9 })).toEqual(['甲', '乙']);
    expect(await titles({ t: 'const', value: true }, [{ field: 'score', order: 'desc' }])).toEqual(['乙', '甲', '丙']);
    expect(await titles({ t: 'const', value: true }, [{ field: 'note', order: 'asc' }])).toEqual(['乙', '甲', '丙']);
    expect(await titles({ t: 'like', field: 'note', value: 'alpha' })).toEqual(['乙']);
    expect(await titles({ t: 'like', field: 'note', value: '50%' })).toEqual(['乙']);
    expect(await titles({ t: 'like', field: 'note', value: '%' })).toEqual(['乙']);
    expect(await titles({ t: 'contains', field: 'tags', value: '2' })).toEqual(['甲', '乙']);
    expect(await titles({ t: 'contains', field: 'tags', value: '1' })).toEqual(['甲']);
    expect(await titles({ t: 'cmp', field: 'done', op: '=', value: true })).toEqual(['甲']);
    expect(await titles({ t: 'cmp', field: 'note', op: '<>', value: 'beta' })).toEqual(['乙', '丙']);
    expect(await titles({ t: 'null', field: 'note', isNull: true })).toEqual(['丙']);
    expect(await titles({ t: 'in', field: 'rank', values: [1, 2] })).toEqual(['乙', '丙']);
    expect(await titles({ t: 'not', item: { t: 'cmp', field: 'note', op: '=', value: 'beta' } })).toEqual(['乙', '丙']);
    expect(await titles({ t: 'const', value: true }, [{ field: 'rank', order: 'asc' }])).toEqual(['乙', '丙', '甲']);
  });

  it('updates only the version it was given (optimistic locking), and logs', async () => {
    const rec = (
      await store.list(probe, {
        where: { t: 'const', value: true },
        sort: [{ field: 'id', order: 'asc' }],
        offset: 0,
        limit: 1,
      })
    ).rows[0] as StoredRecord;
    expect(await store.update(probe, { ...rec, note: 'first' }, 1)).toBe(true);
    expect(await store.update(probe, { ...rec, note: 'second' }, 1)).toBe(false);
    expect(await store.get(probe, rec.id)).toMatchObject({ note: 'first', version: 2 });
    await store.log({
      entity: probe.name,
      recordId: rec.id,
      action: 'x',
      actionLabel: '测试',
      fromStatus: 'a',
      toStatus: 'b',
      comment: null,
      userId: 1,
      userName: 'u',
      roleCode: '2',
      createdAt: 5,
    });
    expect(await store.logs(probe, rec.id)).toEqual([
      expect.objectContaining({ action: 'x', actionLabel: '测试', fromStatus: 'a', toStatus: 'b', createdAt: 5 }),
    ]);
  });
});
