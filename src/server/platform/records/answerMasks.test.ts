import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDef } from '../../../shared/schema/types.js';
import type { SessionUser } from '../auth/sessions.js';
import { withId } from '../db/columns.js';
import { ResourceService } from '../resources/ResourceService.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { readWorkbook } from '../testing/xlsxChecks.js';
import { entityTables } from '../db/tables.js';

// Read-only masked fields (kept by another part of the portal) beside an editable masked one, each
// saying who reads it whole (unmaskFor): the person named by holderId, the managers (update rule),
// a role that oversees the records, or nobody.
const probe: EntityDef = {
  name: 'maskProbe',
  label: '掩码探针',
  storage: {
    table: 'mask_probe',
    columns: {
      title: 'title',
      holderId: 'holder_id',
      mobile: 'mobile',
      idCardNo: 'id_card_no',
      phone: 'phone',
      officePhone: 'office_phone',
    },
    system: { version: 'version' },
  },
  sort: { field: 'id', order: 'asc' },
  fields: {
    title: { type: 'string', label: '标题' },
    holderId: { type: 'integer', label: '本人' },
    mobile: { type: 'string', label: '手机号', readOnly: true, mask: 'phone', unmaskFor: { holder: 'holderId' } },
    idCardNo: { type: 'string', label: '身份证号', readOnly: true, mask: 'idCard' },
    phone: { type: 'string', label: '联系电话', mask: 'phone', unmaskFor: { managers: true } },
    officePhone: { type: 'string', label: '办公电话', readOnly: true, mask: 'phone', unmaskFor: { roles: ['2'] } },
  },
  access: {
    read: [{ roles: ['1', '2', '4'], scope: 'all' }],
    create: [{ roles: ['1'], scope: 'all' }],
    update: [{ roles: ['1'], scope: 'all' }],
    delete: [],
  },
};
const admin = { userId: 1, roleCode: '1', roles: ['1'], areaCode: null, realName: '管理员' } as unknown as SessionUser;
const province = { userId: 2, roleCode: '2', roles: ['2'], areaCode: null, realName: '省级' } as unknown as SessionUser;
const holder = {
  userId: 77,
  roleCode: '4',
  roles: ['4'],
  areaCode: '1123',
  realName: '本人',
} as unknown as SessionUser;
const other = { userId: 78, roleCode: '4', roles: ['4'], areaCode: '1123', realName: '他人' } as unknown as SessionUser;

let t: TestApp;
let service: ResourceService;
const stored = () =>
  entityTables(t.ctx.database.db)
    .selectFrom('mask_probe')
    .select(['mobile', 'id_card_no', 'phone', 'office_phone'])
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  const { dialect } = t.ctx.database;
  const db = entityTables(t.ctx.database.db);
  await withId(db.schema.createTable('mask_probe'), dialect)
    .addColumn('title', 'varchar(64)')
    .addColumn('holder_id', 'integer')
    .addColumn('mobile', 'varchar(32)')
    .addColumn('id_card_no', 'varchar(32)')
    .addColumn('phone', 'varchar(32)')
    .addColumn('office_phone', 'varchar(32)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db
    .insertInto('mask_probe')
    .values({
      title: '一',
      holder_id: 77,
      mobile: '13812345678',
      id_card_no: '110101199001011234',
      phone: '13900001111',
      office_phone: '031187654321',
    })
    .execute();
  t.ctx.schemas.entities.set(probe.name, probe);
  service = new ResourceService(t.ctx);
});
afterAll(async () => {
  await t?.close();
});

describe('masked fields', () => {
  const WHOLE = {
    mobile: '13812345678',
    idCardNo: '110101199001011234',
    phone: '13900001111',
    officePhone: '031187654321',
  };
  const MASKED = {
    mobile: '13*****5678',
    idCardNo: '1101**********1234',
    phone: '13*****1111',
    officePhone: '03******4321',
  };
  const pick = (rec: Record<string, unknown>) => ({
    mobile: rec.mobile,
    idCardNo: rec.idCardNo,
    phone: rec.phone,
    officePhone: rec.officePhone,
  });
  /** What the reader gets of the masked fields from a list, the look page and the export. */
  const seen = async (reader: SessionUser) => {
    const { list } = await service.list('maskProbe', {}, reader);
    const got = await service.get('maskProbe', { id: list[0].id }, reader);
    const [sheet] = await readWorkbook((await service.exportList('maskProbe', {}, reader)).bytes);
    const col = (label: string) => sheet.rows[0][sheet.header.indexOf(label)];
    const exported = {
      mobile: col('手机号'),
      idCardNo: col('身份证号'),
      phone: col('联系电话'),
      officePhone: col('办公电话'),
    };
    return { list: pick(list[0]), look: pick(got), exported };
  };
  const same = (fields: Record<string, string>) => ({ list: fields, look: fields, exported: fields });

  it('are whole to whom unmaskFor names (holder, managers, an overseeing role) and masked to everyone else, in lists, look pages and exports', async () => {
    // The manager (update rule) reads the editable phone whole, nothing else.
    expect(await seen(admin)).toEqual(same({ ...MASKED, phone: WHOLE.phone }));
    // The overseeing role reads its field whole.
    expect(await seen(province)).toEqual(same({ ...MASKED, officePhone: WHOLE.officePhone }));
    // The person the mobile names reads it whole.
    expect(await seen(holder)).toEqual(same({ ...MASKED, mobile: WHOLE.mobile }));
    // Another reader of the same role reads every number masked: the whole value never reaches them.
    expect(await seen(other)).toEqual(same(MASKED));
    expect(JSON.stringify(await service.list('maskProbe', {}, other))).not.toMatch(/13812345678|13900001111/);
  });

  it('a save answers with the same masks, and the masks are never stored', async () => {
    const { list } = await service.list('maskProbe', {}, admin);
    const got = await service.get('maskProbe', { id: list[0].id }, admin);
    // The look page's answer sent back as it came: the read-only fields are not taken, the masks not written.
    const saved = await service.save('maskProbe', { ...got, title: '二', phone: '13900002222' }, admin);
    expect(saved).toMatchObject({ ...MASKED, title: '二', phone: '13900002222', version: 2 });
    expect(await stored()).toEqual({
      mobile: '13812345678',
      id_card_no: '110101199001011234',
      phone: '13900002222',
      office_phone: '031187654321',
    });
  });
});
