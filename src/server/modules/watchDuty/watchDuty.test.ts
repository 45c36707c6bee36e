import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { formatDate } from '../../platform/records/time.js';
import { signingSecret } from '../../platform/reference/settingsStore.js';
import { verifyWatchToken } from '../system/watchToken.js';

const DAY = 24 * 3600_000;

describe('watch duty: shifts from settings, the roster, and the two SPEC §7 calls', () => {
  let t: TestApp;
  const as: Record<string, Record<string, string>> = {};
  const ids: Record<string, number> = {};
  const today = formatDate(Date.now());
  const list = (who: string, filters: unknown[] = []) =>
    t.post('/api/resource/keepWatchPerson/list', { filters, pageSize: 100 }, as[who]);

  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
    for (const u of await t.ctx.database.db.selectFrom('users').select(['id', 'username']).execute())
      ids[u.username] = Number(u.id);
    for (const u of ['admin', 'province', 'city1123', 'leader1', 'expert1']) as[u] = await t.loginAs(u);
  });
  afterAll(async () => {
    await t.close();
  });

  it('selectShiftKeyAndValue answers the shifts of the settings, to signed-in users only', async () => {
    const r = await t.post('/api/tKeepWatchShift/selectShiftKeyAndValue', {}, as.leader1);
    expect(r.body.flag).toBe(true);
    expect(r.body.data.map((s: any) => [s.key, s.value])).toEqual([
      ['morning', '早班'],
      ['afternoon', '午班'],
      ['night', '夜班'],
    ]);
    expect((await t.post('/api/tKeepWatchShift/selectShiftKeyAndValue', {})).body.code).toBe(501);
  });

  it('the demo roster covers every shift of the next two weeks', async () => {
    const to = formatDate(Date.now() + 13 * DAY);
    const r = (await list('admin', [{ field: 'dutyDate', op: 'range', value: [today, to] }])).body.data;
    expect(r.total).toBe(14 * 3);
    const days = new Set(r.list.map((d: any) => d.dutyDate));
    expect(days.size).toBe(14);
    expect(r.list[0]).toMatchObject({ dutyDate: today, shiftName: expect.any(String), personName: expect.any(String) });
    expect(r.list.every((d: any) => /^1[3-9]\d{9}$/.test(String(d.phone)) || d.phone === null)).toBe(true);
  });

  it("lists a day's shifts in their order (早班, 午班, 夜班), not by code or by the newest record", async () => {
    const to = formatDate(Date.now() + 2 * DAY);
    const rows = (await list('admin', [{ field: 'dutyDate', op: 'range', value: [today, to] }])).body.data.list;
    expect(rows.slice(0, 6).map((d: any) => `${d.dutyDate} ${d.shiftName}`)).toEqual(
      [today, formatDate(Date.now() + DAY)].flatMap((d) => [`${d} 早班`, `${d} 午班`, `${d} 夜班`]),
    );
  });

  it('getToken answers a signed token and who is on duty today; phones whole to whom manages the roster only', async () => {
    const r = await t.post('/api/tKeepWatchPerson/getToken', {}, as.province);
    expect(r.body.flag).toBe(true);
    expect(r.body.data.date).toBe(today);
    expect(r.body.data.onDuty.map((d: any) => d.shift)).toEqual(['morning', 'afternoon', 'night']);
    const secret = await signingSecret(t.ctx.database.db, t.ctx.config.secret);
    expect(verifyWatchToken(r.body.data.token, secret)).toMatchObject({ sub: ids.province, purpose: 'keepWatch' });
    const rows = (await list('admin', [{ field: 'dutyDate', value: today }])).body.data.list;
    const morning = rows.find((d: any) => d.shift === 'morning');
    expect(r.body.data.onDuty[0]).toMatchObject({
      personName: morning.personName,
      phone: morning.phone,
      shiftName: '早班',
    });
    const leader = (await t.post('/api/tKeepWatchPerson/getToken', {}, as.leader1)).body.data;
    expect(leader.onDuty).toHaveLength(3);
    expect(morning.phone).toMatch(/^\d{6,}$/);
    expect(leader.onDuty[0].phone).toMatch(/^\d{2}\*+\d{4}$/);
    // A city admin reads the roster's people but does not manage it: masked as well.
    const city = (await t.post('/api/tKeepWatchPerson/getToken', {}, as.city1123)).body.data;
    expect(city.onDuty[0].phone).toBe(leader.onDuty[0].phone);
    expect(JSON.stringify(city.onDuty)).not.toContain(morning.phone);
    expect((await t.post('/api/tKeepWatchPerson/getToken', {})).body.code).toBe(501);
  });

  it('administrators keep the roster: copies filled in, one person per day and shift, bad shifts and people refused', async () => {
    const day = formatDate(Date.now() + 30 * DAY);
    const saved = await t.post(
      '/api/resource/keepWatchPerson/save',
      { dutyDate: day, shift: 'night', userId: ids.city1123, note: '节前值班' },
      as.admin,
    );
    expect(saved.body.flag).toBe(true);
    expect(saved.body.data).toMatchObject({ shiftName: '夜班', personName: expect.any(String), dutyDate: day });
    const twice = await t.post(
      '/api/resource/keepWatchPerson/save',
      { dutyDate: day, shift: 'night', userId: ids.province },
      as.province,
    );
    expect(twice.body.flag).toBe(false);
    expect(JSON.stringify(twice.body)).toContain('已安排值班人员');
    expect(JSON.stringify(twice.body)).not.toMatch(/stack|Error:/);
    const unknownShift = await t.post(
      '/api/resource/keepWatchPerson/save',
      { dutyDate: day, shift: 'midnight', userId: ids.province },
      as.admin,
    );
    expect(JSON.stringify(unknownShift.body)).toContain('请选择系统设置中的班次');
    const nobody = await t.post(
      '/api/resource/keepWatchPerson/save',
      { dutyDate: day, shift: 'morning', userId: 999999 },
      as.admin,
    );
    expect(JSON.stringify(nobody.body)).toContain('所选值班人员不存在');
    // The province admin moves the shift to another person: the copies follow.
    const moved = await t.post(
      '/api/resource/keepWatchPerson/save',
      {
        id: saved.body.data.id,
        version: saved.body.data.version,
        dutyDate: day,
        shift: 'night',
        userId: ids.province,
        phone: '0311-86668888',
      },
      as.province,
    );
    expect(moved.body.data).toMatchObject({ phone: '0311-86668888', shiftName: '夜班' });
    expect(moved.body.data.personName).not.toBe(saved.body.data.personName);
  });

  it('only system and province administrators read or write the roster', async () => {
    for (const who of ['leader1', 'expert1', 'city1123']) {
      const r = await list(who);
      expect(r.body.flag === false || r.body.data.total === 0).toBe(true);
      const s = await t.post(
        '/api/resource/keepWatchPerson/save',
        { dutyDate: today, shift: 'morning', userId: ids[who] },
        as[who],
      );
      expect(s.status).toBe(403);
    }
    expect((await list('province')).body.data.total).toBeGreaterThanOrEqual(42);
  });
});
