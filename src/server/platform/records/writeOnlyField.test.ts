import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../../shared/schema/types.js';
import type { SessionUser } from '../auth/sessions.js';
import { withId } from '../db/columns.js';
import { ResourceService } from '../resources/ResourceService.js';
import path from 'node:path';
import { checkSchemas } from '../schemas/checkSchemas.js';
import { checkStorage } from '../schemas/checkStorage.js';
import { loadSchemas } from '../schemas/loadSchemas.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { readWorkbook } from '../testing/xlsxChecks.js';
import { entityTables } from '../db/tables.js';

// An account-like record whose initial secret is only ever seen by the module's save hook.
const probe: EntityDef = {
  name: 'secretProbe',
  label: '口令探针',
  storage: { table: 'secret_probe', columns: { name: 'name' }, system: { version: 'version' } },
  sort: { field: 'id', order: 'asc' },
  fields: {
    name: { type: 'string', label: '名称' },
    secret: { type: 'string', label: '初始口令', minLength: 8, writeOnly: true },
  },
  access: {
    read: [{ roles: ['1'], scope: 'all' }],
    create: [{ roles: ['1'], scope: 'all' }],
    update: [{ roles: ['1'], scope: 'all' }],
    delete: [],
  },
};
const admin = { userId: 1, roleCode: '1', roles: ['1'], areaCode: null, realName: '管理员' } as unknown as SessionUser;

let t: TestApp;
let service: ResourceService;
const seen: unknown[] = [];
const after: unknown[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const { db, dialect } = t.ctx.database;
  await withId(db.schema.createTable('secret_probe'), dialect)
    .addColumn('name', 'varchar(64)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  t.ctx.schemas.entities.set(probe.name, probe);
  t.ctx.engine.on(probe.name, {
    inSave: async (_ctx, { next }) => {
      seen.push(next.secret);
    },
    afterCommit: async (_ctx, { record }) => {
      after.push('secret' in record);
    },
  });
  service = new ResourceService(t.ctx);
});
afterAll(async () => {
  await t?.close();
});

describe('a write-only field', () => {
  it('reaches the save hooks checked, and is never stored, answered or logged', async () => {
    await expect(service.save('secretProbe', { name: '甲', secret: 'short' }, admin)).rejects.toMatchObject({
      statusCode: 400,
    });
    const saved = await service.save('secretProbe', { name: '甲', secret: 'Secret@2026' }, admin);
    expect(saved).not.toHaveProperty('secret');
    expect(saved).toMatchObject({ name: '甲', version: 1 });
    await service.save('secretProbe', { id: saved.id, version: 1, name: '乙', secret: 'Other@2026' }, admin);
    expect(seen).toEqual(['Secret@2026', 'Other@2026']);
    expect(after).toEqual([false, false]);
    const got = await service.get('secretProbe', { id: saved.id }, admin);
    expect(got).not.toHaveProperty('secret');
    expect((await service.list('secretProbe', {}, admin)).list[0]).not.toHaveProperty('secret');
    const logs = await service.logs('secretProbe', { id: saved.id }, admin);
    expect(logs.map((l) => (l.changes ?? []).map((c) => c.field))).toEqual([['name'], ['name']]);
    expect(JSON.stringify(logs)).not.toContain('@2026');
    const rows = await entityTables(t.ctx.database.db).selectFrom('secret_probe').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('@2026');
    await expect(
      service.list('secretProbe', { filters: [{ field: 'secret', value: 'Other@2026' }] }, admin),
    ).rejects.toMatchObject({ statusCode: 400 });
    const csv = await service.exportList('secretProbe', { format: 'csv' }, admin);
    expect(csv.bytes.toString('utf8')).toContain('乙');
    expect(csv.bytes.toString('utf8')).not.toContain('初始口令');
    const [sheet] = await readWorkbook((await service.exportList('secretProbe', {}, admin)).bytes);
    expect(sheet.header).toContain('名称');
    expect(sheet.header).not.toContain('初始口令');
  });

  it('is neither required nor read-only, and has no column in a fixed storage', () => {
    const set = loadSchemas(path.resolve('schemas'));
    const notice = set.entities.get('notice')!;
    const [name] = Object.keys(notice.fields);
    notice.fields[name] = { ...notice.fields[name], writeOnly: true, required: true };
    expect(checkSchemas(set).map((p) => p.path)).toContain(`/fields/${name}/writeOnly`);
    expect(checkStorage(probe)).toEqual([]);
    const stored = { ...probe, storage: { ...probe.storage!, columns: { name: 'name', secret: 'secret' } } };
    expect(checkStorage(stored).map((p) => p.path)).toEqual(['/storage/columns/secret']);
  });
});
