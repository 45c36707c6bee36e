import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../../shared/schema/types.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { compilePlan, planOf } from './entityPlan.js';
import { syncEntityTables } from './entityTables.js';
import { KyselyRecordStore } from './RecordStore.js';

const probe: EntityDef = {
  name: 'planProbe',
  label: '计划探针',
  fields: {
    title: { type: 'string', label: '标题', column: true },
    note: { type: 'string', label: '备注' },
  },
  access: {
    read: [
      { roles: ['2'], scope: 'all' },
      { roles: ['3'], scope: 'city' },
    ],
    create: [],
    update: [],
    delete: [],
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await syncEntityTables(t.ctx.database, [probe]);
});
afterAll(async () => {
  await t?.close();
});

describe('the plan of an entity', () => {
  it('is compiled once per definition and says where every field lives', () => {
    const plan = planOf(probe);
    expect(planOf(probe)).toBe(plan);
    expect(plan.table).toBe('rec_plan_probe');
    expect(plan.storage.get('title')).toMatchObject({ kind: 'column', column: 'title' });
    expect(plan.storage.get('note')).toMatchObject({ kind: 'json' });
    expect(plan.storage.get('areaCode')).toMatchObject({ kind: 'system', column: 'area_code' });
    expect(plan.storage.has('nothing')).toBe(false);
    expect(plan.layout.map((s) => s.field)).toEqual(['title', 'note']);
    expect(plan.versionColumn).toBe('version');
    expect(() => plan.expr('sqlite', 'nothing')).toThrow('unknown field nothing of planProbe');
    // One expression per field and database, the same object every call.
    expect(plan.expr('sqlite', 'note')).toBe(plan.expr('sqlite', 'note'));
    expect(plan.rules('read', '3').map((r) => r.scope)).toEqual(['city']);
    expect(plan.rules('read', '4')).toEqual([]);
  });

  it('is compiled again for a published definition, which the store then reads and writes', async () => {
    const store = KyselyRecordStore.of(t.ctx.database);
    const published: EntityDef = {
      ...probe,
      fields: { ...probe.fields, level: { type: 'integer', label: '级别', column: true } },
    };
    const before = planOf(probe);
    await syncEntityTables(t.ctx.database, [published]);
    const after = planOf(published);
    expect(after).not.toBe(before);
    expect(after.storage.get('level')).toMatchObject({ kind: 'column', column: 'level' });
    // The old definition keeps its own plan: a call still holding it reads as it did.
    expect(before.storage.has('level')).toBe(false);
    const id = await store.insert(published, {
      status: null,
      ownerId: 1,
      areaCode: '1101',
      createdAt: 1,
      updatedAt: 1,
      createdBy: 1,
      updatedBy: 1,
      title: '一',
      note: '备',
      level: 3,
    });
    const { rows } = await store.list(published, {
      where: { t: 'cmp', field: 'level', op: '>=', value: 2 },
      sort: [{ field: 'level', order: 'desc' }],
      offset: 0,
      limit: 10,
    });
    expect(rows.map((r) => [r.id, r.level, r.note])).toEqual([[id, 3, '备']]);
    expect(after.lists.size).toBeGreaterThan(0);
  });

  it('refuses a table name no SQL may carry when it is compiled', () => {
    expect(() => compilePlan({ ...probe, name: 'bad name' })).toThrow('invalid entity name bad name');
  });
});
