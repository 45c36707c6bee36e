import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { resourceWorld } from '../testing/resourceWorld.js';
import { readWorkbook } from '../testing/xlsxChecks.js';

// The masking rule on the demo schemas through HTTP: whoever manages a record (its update rule) or is
// named by it reads its phones and ID numbers whole; every other reader gets them masked from the server.
type H = Record<string, string>;
let t: TestApp;
let province: H, city1123: H;
let ownId = 0;
let otherId = 0;
beforeAll(async () => {
  ({ t, province, city1123 } = await resourceWorld(await createTestApp()));
  // An expert the city admin entered (its own area's) and one the province entered for another city.
  const save = async (h: H, v: Record<string, unknown>) => {
    const r = await t.post('/api/resource/expert/save', { subAct: 'a', enabled: true, subject: '3', ...v }, h);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.id as number;
  };
  ownId = await save(city1123, {
    name: '孙专家',
    unit: '师范大学',
    area: '1123',
    mobile: '13900007001',
    account: 'maskexp1',
  });
  otherId = await save(province, {
    name: '周专家',
    unit: '教科所',
    area: '1101',
    mobile: '13900007002',
    account: 'maskexp2',
  });
});
afterAll(async () => {
  await t?.close();
});

const MASKED_PHONE = /^1\d\*{5}\d{4}$/;
const WHOLE_PHONE = /^1[3-9]\d{9}$/;

async function read(entity: string, h: H) {
  const answer = await t.post(`/api/resource/${entity}/list`, { subAct: 'a', page: 1, pageSize: 100 }, h);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const list = answer.body.data.list;
  const res = await t.inject({
    method: 'POST',
    url: `/api/resource/${entity}/export`,
    headers: { ...h, 'content-type': 'application/json' },
    payload: { subAct: 'a' },
  });
  const [sheet] = await readWorkbook(res.rawPayload);
  const look = async (id: number) => (await t.post(`/api/resource/${entity}/get`, { subAct: 'a', id }, h)).body.data;
  const exported = (id: number, label: string) =>
    sheet.rows.find((r) => r[sheet.header.indexOf('ID')] === String(id))?.[sheet.header.indexOf(label)];
  return { list: list as Record<string, any>[], look, exported };
}

describe('one masking rule for phones and ID numbers', () => {
  it('专家管理: a city admin reads its own area’s experts whole and other areas’ masked; the province all whole', async () => {
    const asCity = await read('expert', city1123);
    const own = asCity.list.find((r) => r.id === ownId)!;
    const other = asCity.list.find((r) => r.id === otherId)!;
    expect(own.mobile).toBe('13900007001');
    expect(other.mobile).toBe('13*****7002');
    expect((await asCity.look(otherId)).mobile).toBe('13*****7002');
    expect((await asCity.look(ownId)).mobile).toBe('13900007001');
    expect(asCity.exported(otherId, '手机号码')).toBe('13*****7002');
    expect(asCity.exported(ownId, '手机号码')).toBe('13900007001');

    const asProvince = await read('expert', province);
    expect(asProvince.list.find((r) => r.id === otherId)!.mobile).toBe('13900007002');
    expect((await asProvince.look(otherId)).mobile).toBe('13900007002');
    expect(asProvince.exported(otherId, '手机号码')).toBe('13900007002');
  });

  it('角色用户管理: the province, which manages leaders’ accounts, reads their mobiles whole; a city admin, which only reads them, masked', async () => {
    const asProvince = await read('user', province);
    const asCity = await read('user', city1123);
    const row = asCity.list.find((r) => r.mobile);
    expect(row, 'a user with a mobile the city reads').toBeTruthy();
    expect(row!.mobile).toMatch(MASKED_PHONE);
    expect((await asCity.look(row!.id)).mobile).toMatch(MASKED_PHONE);
    const whole = asProvince.list.find((r) => r.id === row!.id)!;
    expect(whole.mobile).toMatch(WHOLE_PHONE);
    expect((await asProvince.look(row!.id)).mobile).toBe(whole.mobile);
    expect(JSON.stringify(asCity.list)).not.toContain(whole.mobile);
  });
});
