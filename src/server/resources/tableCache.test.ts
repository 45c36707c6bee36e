import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../shared/schema/types.js';
import { createTestApp, type TestApp } from '../testing/testApp.js';
import { syncEntityTables, tableName } from './entityTables.js';
import { KyselyRecordStore } from './RecordStore.js';

const probe: EntityDef = {
  name: 'countProbe', label: '计数探针',
  fields: { title: { type: 'string', label: '标题' } },
  access: { read: [], create: [], update: [], delete: [] },
};
const rec = (title: string) => ({ status: 'a', ownerId: 1, areaCode: '1101', createdAt: 1, updatedAt: 1, createdBy: 1, updatedBy: 1, title });
const all = { where: { t: 'cmp' as const, field: 'status', op: '=' as const, value: 'a' }, sort: [], offset: 0, limit: 1 };

let t: TestApp;
let store: KyselyRecordStore;
beforeAll(async () => {
  t = await createTestApp();
  await syncEntityTables(t.ctx.database, [probe]);
  store = KyselyRecordStore.of(t.ctx.database);
});
afterAll(async () => { await t?.close(); });

describe('cached list totals', () => {
  it('stay exact across inserts, updates, deletes, transactions and stores on a bare handle', async () => {
    const total = async () => (await store.list(probe, all)).total;
    expect(await total()).toBe(0);
    const id = await store.insert(probe, rec('一'));
    expect(await total()).toBe(1);
    const r = (await store.get(probe, id))!;
    await store.update(probe, { ...r, status: 'b' }, r.version);
    expect(await total()).toBe(0);
    await store.transaction(async (tx) => {
      await tx.insert(probe, rec('二'));
      expect((await tx.list(probe, all)).total).toBe(1);
    });
    expect(await total()).toBe(1);
    await expect(store.transaction(async (tx) => { await tx.insert(probe, rec('三')); throw new Error('roll back'); })).rejects.toThrow('roll back');
    expect(await total()).toBe(1);
    await new KyselyRecordStore(t.ctx.database.db, t.ctx.database.dialect).insert(probe, rec('四'));
    expect(await total()).toBe(2);
    await store.delete(probe, id);
    expect(await total()).toBe(2);
  });

  it('keeps rows read with `cache` until the table is written, and never inside a transaction', async () => {
    const kept = { ...all, limit: 50, sort: [{ field: 'id', order: 'asc' as const }], cache: true };
    const names = async (s: KyselyRecordStore | Parameters<Parameters<KyselyRecordStore['transaction']>[0]>[0] = store) => (await s.list(probe, kept)).rows.map((r) => r.title);
    const before = await names();
    // A write the store does not see (raw SQL) is not seen either while the kept rows hold.
    await t.ctx.database.db.updateTable(tableName(probe)).set({ data: JSON.stringify({ title: '旁路' }) }).where('status', '=', 'a').execute();
    expect(await names()).toEqual(before);
    const id = await store.insert(probe, rec('五'));
    const after = await names();
    expect(after).toContain('五');
    expect(after).toContain('旁路');
    await store.transaction(async (tx) => {
      await tx.update(probe, { ...(await tx.get(probe, id))!, title: '六' }, 1);
      expect(await names(tx)).toContain('六');
    });
    expect(await names()).toContain('六');
  });
});
