import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../../shared/schema/types.js';
import type { SessionUser } from '../auth/sessions.js';
import { withId } from '../db/columns.js';
import { ResourceService } from '../resources/ResourceService.js';
import { createTestApp, type TestApp } from '../testing/testApp.js';

// Read-only masked fields (kept by another part of the portal) beside an editable masked one.
const probe: EntityDef = {
  name: 'maskProbe',
  label: '掩码探针',
  storage: {
    table: 'mask_probe',
    columns: { title: 'title', mobile: 'mobile', idCardNo: 'id_card_no', phone: 'phone' },
    system: { version: 'version' },
  },
  sort: { field: 'id', order: 'asc' },
  fields: {
    title: { type: 'string', label: '标题' },
    mobile: { type: 'string', label: '手机号', readOnly: true, mask: 'phone' },
    idCardNo: { type: 'string', label: '身份证号', readOnly: true, mask: 'idCard' },
    phone: { type: 'string', label: '联系电话', mask: 'phone' },
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
const stored = () =>
  t.ctx.database.db.selectFrom('mask_probe').select(['mobile', 'id_card_no', 'phone']).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  const { db, dialect } = t.ctx.database;
  await withId(db.schema.createTable('mask_probe'), dialect)
    .addColumn('title', 'varchar(64)')
    .addColumn('mobile', 'varchar(32)')
    .addColumn('id_card_no', 'varchar(32)')
    .addColumn('phone', 'varchar(32)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db
    .insertInto('mask_probe')
    .values({ title: '一', mobile: '13812345678', id_card_no: '110101199001011234', phone: '13900001111' })
    .execute();
  t.ctx.schemas.entities.set(probe.name, probe);
  service = new ResourceService(t.ctx);
});
afterAll(async () => {
  await t?.close();
});

describe('read-only masked fields', () => {
  it('are answered masked by lists, look pages and saves, and the masks are never stored', async () => {
    const masked = { mobile: '13*****5678', idCardNo: '1101**********1234' };
    const { list } = await service.list('maskProbe', {}, admin);
    expect(list).toEqual([expect.objectContaining({ ...masked, phone: '13900001111' })]);
    const got = await service.get('maskProbe', { id: list[0].id }, admin);
    expect(got).toMatchObject(masked);
    // The look page's answer sent back as it came: the read-only fields are not taken, the masks not written.
    const saved = await service.save('maskProbe', { ...got, title: '二', phone: '13900002222' }, admin);
    expect(saved).toMatchObject({ ...masked, title: '二', phone: '13900002222', version: 2 });
    expect(await stored()).toEqual({ mobile: '13812345678', id_card_no: '110101199001011234', phone: '13900002222' });
  });
});
