import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef, WorkflowDef } from '../../../shared/schema/types.js';
import type { SessionUser } from '../auth/sessions.js';
import { withId } from '../db/columns.js';
import { ResourceService } from '../resources/ResourceService.js';
import { checkStorage } from '../schemas/checkStorage.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { KyselyRecordStore } from './RecordStore.js';
import { entityTables } from '../db/tables.js';

// A fixed table with a status column driven by a workflow, whose form's area is the row scope's area column.
const probe: EntityDef = {
  name: 'flowProbe',
  label: '流程探针',
  workflow: 'flowProbe',
  storage: {
    table: 'flow_probe',
    columns: { title: 'title', area: 'area_code', ready: 'ready' },
    system: { status: 'state', areaCode: 'area_code', version: 'version', createdAt: 'created_at' },
  },
  sort: { field: 'createdAt', order: 'desc' },
  fields: {
    title: { type: 'string', label: '标题', required: true },
    area: { type: 'string', label: '地区' },
    ready: { type: 'boolean', label: '可重办', readOnly: true },
  },
  access: {
    read: [
      { roles: ['1'], scope: 'all' },
      { roles: ['3'], scope: 'city' },
    ],
    create: [{ roles: ['1'], scope: 'all' }],
    update: [{ roles: ['1'], scope: 'all' }],
    delete: [],
  },
};
const flow: WorkflowDef = {
  name: 'flowProbe',
  field: 'status',
  initial: '0',
  statuses: [
    { code: '0', label: '待办' },
    { code: '1', label: '已办' },
  ],
  transitions: [
    { action: 'done', label: '办结', from: ['0'], to: '1', roles: ['3'] },
    // Tests a value the storage leaves empty and a module fills on reading.
    { action: 'reopen', label: '重办', from: ['1'], to: '0', roles: ['1'], when: { var: 'record.ready' } },
  ],
};

const person = (userId: number, roleCode: string, areaCode: string | null) =>
  ({ userId, roleCode, roles: [roleCode], areaCode, realName: `用户${userId}` }) as unknown as SessionUser;
const admin = person(1, '1', null);
const city1101 = person(2, '3', '1101');
const city1123 = person(3, '3', '1123');

let t: TestApp;
let service: ResourceService;
const visible = async (user: SessionUser) => (await service.list('flowProbe', {}, user)).list.map((r) => r.title);

beforeAll(async () => {
  t = await createTestApp();
  const { db, dialect } = t.ctx.database;
  await withId(db.schema.createTable('flow_probe'), dialect)
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('area_code', 'varchar(16)')
    .addColumn('state', 'varchar(8)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('ready', 'integer')
    .execute();
  t.ctx.schemas.entities.set(probe.name, probe);
  t.ctx.schemas.workflows.set(flow.name, flow);
  t.ctx.engine.on(probe.name, {
    onRead: async (_ctx, recs) => {
      pagesRead.push(recs.length);
      // What one reader's call fills is its own: the next call reads the stored value again.
      if (scribble) for (const rec of recs) rec.title = '涂改';
      for (const rec of recs) if (rec.title === '二') rec.ready = true;
    },
  });
  service = new ResourceService(t.ctx);
});
/** How many records each call of the read hook was handed. */
const pagesRead: number[] = [];
let scribble = false;
afterAll(async () => {
  await t?.close();
});

describe('a fixed table with a workflow and a column two fields share', () => {
  it('the schema check allows a workflow with a status column, and a field on a system column once', () => {
    expect(checkStorage(probe)).toEqual([]);
    const { status: _status, ...noStatus } = probe.storage!.system!;
    expect(checkStorage({ ...probe, storage: { ...probe.storage!, system: noStatus } }).map((p) => p.path)).toEqual([
      '/workflow',
    ]);
    const twice: EntityDef = {
      ...probe,
      fields: { ...probe.fields, region: { type: 'string', label: '区域' } },
      storage: { ...probe.storage!, columns: { ...probe.storage!.columns, region: 'area_code' } },
    };
    expect(checkStorage(twice).map((p) => p.path)).toEqual(['/storage/columns/region']);
    const onVersion: EntityDef = {
      ...probe,
      storage: { ...probe.storage!, columns: { title: 'version', area: 'x', ready: 'ready' } },
    };
    expect(checkStorage(onVersion).map((p) => p.path)).toEqual(['/storage/columns/version']);
  });

  it('writes the field into the shared column and answers the system field with it', async () => {
    const saved = await service.save('flowProbe', { title: '一', area: '1101' }, admin);
    expect(saved).toMatchObject({ title: '一', area: '1101', status: '0', version: 1 });
    const row = await entityTables(t.ctx.database.db)
      .selectFrom('flow_probe')
      .select(['area_code', 'state'])
      .where('id', '=', Number(saved.id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ area_code: '1101', state: '0' });
    // The store's caller goes on with the record as it reads back.
    const record = { ...(await KyselyRecordStore.of(t.ctx.database).get(probe, Number(saved.id)))!, area: '1123' };
    expect(record.areaCode).toBe('1101');
    expect(await KyselyRecordStore.of(t.ctx.database).update(probe, record, 1)).toBe(true);
    expect(record.areaCode).toBe('1123');
    await service.save('flowProbe', { id: saved.id, version: 2, area: '1101' }, admin);
  });

  it('scopes by the shared column and fires the workflow, logging the transition once', async () => {
    const { id } = await service.save('flowProbe', { title: '二', area: '1123' }, admin);
    expect(await visible(city1123)).toEqual(['二']);
    expect(await visible(city1101)).toEqual(['一']);
    await expect(service.transition('flowProbe', { id, action: 'done', version: 1 }, city1101)).rejects.toMatchObject({
      statusCode: 404,
    });
    const done = await service.transition('flowProbe', { id, action: 'done', version: 1 }, city1123);
    expect(done).toMatchObject({ status: '1', version: 2, area: '1123' });
    await expect(service.transition('flowProbe', { id, action: 'done', version: 2 }, city1123)).rejects.toMatchObject({
      statusCode: 403,
    });
    // The rule reads what onRead filled in; the record read first for the other is refused by the same rule.
    const first = (await service.list('flowProbe', { filters: [{ field: 'title', value: '一' }] }, admin)).list[0];
    await service.transition('flowProbe', { id: first.id, action: 'done', version: first.version }, city1101);
    await expect(
      service.transition('flowProbe', { id: first.id, action: 'reopen', version: Number(first.version) + 1 }, admin),
    ).rejects.toMatchObject({ statusCode: 403 });
    const reopened = await service.transition('flowProbe', { id, action: 'reopen', version: 2 }, admin);
    expect(reopened).toMatchObject({ status: '0', ready: true, version: 3 });
    await service.transition('flowProbe', { id, action: 'done', version: 3 }, city1123);
    const logs = await service.logs('flowProbe', { id }, admin);
    expect(logs.map((l) => [l.action, l.fromStatus, l.toStatus])).toEqual([
      ['create', null, '0'],
      ['done', '0', '1'],
      ['reopen', '1', '0'],
      ['done', '0', '1'],
    ]);
    // Moved to another area by an edit, the record leaves the first city's scope for the second's.
    await service.save('flowProbe', { id, version: 4, area: '1101' }, admin);
    expect(await visible(city1123)).toEqual([]);
    expect((await visible(city1101)).sort()).toEqual(['一', '二']);
  });

  it("hands a list's whole page to the read hook in one call", async () => {
    pagesRead.length = 0;
    const { list } = await service.list('flowProbe', {}, admin);
    expect(list.length).toBe(2);
    expect(pagesRead).toEqual([2]);
  });

  it('keeps a page for the next reader without what the last one filled in, and follows a save at once', async () => {
    scribble = true;
    const first = (await service.list('flowProbe', {}, admin)).list;
    scribble = false;
    expect(first.map((r) => r.title)).toEqual(['涂改', '涂改']);
    const again = (await service.list('flowProbe', {}, admin)).list;
    expect(again.map((r) => r.title).sort()).toEqual(['一', '二']);
    const one = again.find((r) => r.title === '一')!;
    await service.save('flowProbe', { id: one.id, version: one.version, title: '一改' }, admin);
    const after = (await service.list('flowProbe', {}, admin)).list;
    expect(after.map((r) => r.title).sort()).toEqual(['一改', '二']);
  });
});
