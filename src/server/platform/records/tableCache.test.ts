import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { WRITE_CHANNEL } from '../db/writeWatch.js';
import type { EntityDef } from '../../../shared/schema/types.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { tableName } from './entityPlan.js';
import { syncEntityTables } from './entityTables.js';
import { KyselyRecordStore } from './RecordStore.js';
import { entityTables } from '../db/tables.js';

const probe: EntityDef = {
  name: 'countProbe',
  label: '计数探针',
  fields: { title: { type: 'string', label: '标题' } },
  access: { read: [], create: [], update: [], delete: [] },
};
const rec = (title: string) => ({
  status: 'a',
  ownerId: 1,
  areaCode: '1101',
  createdAt: 1,
  updatedAt: 1,
  createdBy: 1,
  updatedBy: 1,
  title,
});
const all = {
  where: { t: 'cmp' as const, field: 'status', op: '=' as const, value: 'a' },
  sort: [],
  offset: 0,
  limit: 1,
};

let t: TestApp;
let store: KyselyRecordStore;
beforeAll(async () => {
  t = await createTestApp();
  await syncEntityTables(t.ctx.database, [probe]);
  store = KyselyRecordStore.of(t.ctx.database);
});
afterAll(async () => {
  await t?.close();
});

/**
 * PostgreSQL: waits until this process has heard of every write committed so far, so that no
 * earlier write moves a table's version later. Notifications arrive in commit order, so hearing a
 * marker sent now means every one before it has arrived.
 */
async function earlierWritesHeard(): Promise<void> {
  const { database } = t.ctx;
  if (database.dialect !== 'postgres') return;
  const marker = `heard_${process.hrtime.bigint()}`;
  const before = database.versions.version(marker);
  await sql`select pg_notify(${WRITE_CHANNEL}, current_schema() || '.' || ${marker})`.execute(database.db);
  for (let i = 0; i < 200 && database.versions.version(marker) === before; i++) {
    await new Promise((r) => setTimeout(r, 25));
  }
  expect(database.versions.version(marker)).not.toBe(before);
}

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
    await expect(
      store.transaction(async (tx) => {
        await tx.insert(probe, rec('三'));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await total()).toBe(1);
    await new KyselyRecordStore(t.ctx.database.db, t.ctx.database.dialect).insert(probe, rec('四'));
    expect(await total()).toBe(2);
    await store.delete(probe, id);
    expect(await total()).toBe(2);
  });

  it('keeps rows read with `cache` until the table is written, and never inside a transaction', async () => {
    const kept = { ...all, limit: 50, sort: [{ field: 'id', order: 'asc' as const }], cache: true };
    const names = async (
      s: KyselyRecordStore | Parameters<Parameters<KyselyRecordStore['transaction']>[0]>[0] = store,
    ) => (await s.list(probe, kept)).rows.map((r) => r.title);
    await earlierWritesHeard();
    const before = await names();
    // Read again: answered from memory, no query sent.
    const queries = vi.spyOn(t.ctx.database.db, 'executeQuery');
    expect(await names()).toEqual(before);
    expect(queries).not.toHaveBeenCalled();
    queries.mockRestore();
    await entityTables(t.ctx.database.db)
      .updateTable(tableName(probe))
      .set({ data: JSON.stringify({ title: '旁路' }) })
      .where('status', '=', 'a')
      .execute();
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

describe('another server process writing to the same database', () => {
  let other: Database;
  beforeAll(async () => {
    other = await openDatabase(t.ctx.config);
  });
  afterAll(async () => {
    await other?.close();
  });

  /** What this process's store answers, asked until `want` or 5 s (PostgreSQL tells by a notification, after the commit). */
  const settle = async (read: () => Promise<unknown>, want: unknown) => {
    let got = await read();
    for (let i = 0; i < 100 && JSON.stringify(got) !== JSON.stringify(want); i++) {
      await new Promise((r) => setTimeout(r, 50));
      got = await read();
    }
    return got;
  };

  it("moves this process's kept totals and rows, which are never served stale for long", async () => {
    const elsewhere = KyselyRecordStore.of(other);
    const where = { t: 'cmp' as const, field: 'status', op: '=' as const, value: 'x' };
    const total = async () => (await store.list(probe, { where, sort: [], offset: 0, limit: 1 })).total;
    const kept = { where, sort: [{ field: 'id', order: 'asc' as const }], offset: 0, limit: 50, cache: true };
    const titles = async () => (await store.list(probe, kept)).rows.map((r) => r.title);
    expect(await total()).toBe(0);
    expect(await titles()).toEqual([]);

    const id = await elsewhere.insert(probe, { ...rec('别处'), status: 'x' });
    expect(await settle(total, 1)).toBe(1);
    expect(await settle(titles, ['别处'])).toEqual(['别处']);
    if (t.ctx.database.dialect === 'sqlite') {
      // SQLite sees another connection's commit before the next read: no wait at all.
      await elsewhere.insert(probe, { ...rec('又一'), status: 'x' });
      expect(await total()).toBe(2);
      await elsewhere.delete(probe, id);
      expect(await total()).toBe(1);
    } else {
      await elsewhere.delete(probe, id);
      expect(await settle(total, 0)).toBe(0);
    }
  });
});
