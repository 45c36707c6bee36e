import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { readWorkbook, styledHeader } from '../../platform/testing/xlsxChecks.js';

type H = Record<string, string>;

describe('meetings: invitations, confirmation, sign-in, export, scopes', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const as: Record<string, H> = {};
  let meeting: any;

  const attendeeRows = async (who: string, meetingId: number) =>
    (
      await t.post(
        '/api/resource/meetingAttendee/list',
        { filters: [{ field: 'meetingId', value: meetingId }] },
        as[who],
      )
    ).body.data;
  const rowOf = async (who: string, username: string) =>
    (await attendeeRows('province', meeting.id)).list.find((r: any) => String(r.userId) === ids[username]);
  const fire = (who: string, entity: string, row: any, action: string, comment?: string) =>
    t.post(
      `/api/resource/${entity}/transition`,
      { id: row.id, version: row.version, action, ...(comment ? { comment } : {}) },
      as[who],
    );

  beforeAll(async () => {
    t = await createTestApp();
    const users = await t.ctx.database.db.selectFrom('users').select(['id', 'username']).execute();
    for (const u of users) ids[u.username] = String(u.id);
    for (const u of ['admin', 'province', 'city1123', 'city1101', 'leader1', 'leader2', 'expert1', 'expert2'])
      as[u] = await t.loginAs(u);
    // A unit name that a spreadsheet would run as a formula.
    await t.ctx.database.db
      .updateTable('users')
      .set({ org_name: '=HYPERLINK("http://evil.example","点我")' })
      .where('username', '=', 'expert1')
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a province admin creates a draft meeting that invitees do not see yet', async () => {
    const saved = await t.post(
      '/api/resource/meeting/save',
      {
        title: '开题论证会',
        kind: '1',
        startTime: '2099-05-01 09:00:00',
        endTime: '2099-05-01 11:30:00',
        place: '省教科院三楼会议室',
        hostUnit: '省教育科学研究院',
        agenda: '<p>一、课题汇报</p>',
        attendeeIds: [ids.expert1, ids.leader1],
      },
      as.province,
    );
    expect(saved.body.flag).toBe(true);
    meeting = saved.body.data;
    expect(meeting.status).toBe('draft');
    expect((await t.post('/api/resource/meeting/list', {}, as.leader1)).body.data.total).toBe(0);
    expect((await t.post('/api/resource/meeting/get', { id: meeting.id }, as.leader1)).status).toBe(404);
  });

  it('publishing invites the attendees: records, notices, their list and the meetNum badge', async () => {
    const published = await fire('province', 'meeting', meeting, 'publish');
    expect(published.body.flag).toBe(true);
    meeting = published.body.data;
    expect((await attendeeRows('province', meeting.id)).total).toBe(2);
    for (const who of ['leader1', 'expert1']) {
      const notices = (await t.post('/api/notification/list', {}, as[who])).body.data.list;
      expect(notices[0]).toMatchObject({
        kind: 'meetingInvite',
        title: '会议邀请：开题论证会',
        link: `/meetingManagement/meetingDetail?id=${meeting.id}`,
      });
      expect((await t.post('/api/resource/meeting/list', {}, as[who])).body.data.list.map((m: any) => m.title)).toEqual(
        ['开题论证会'],
      );
      expect((await t.post('/api/tTopicMeetings/selectMeetingNoBack', {}, as[who])).body.data.meetNum).toBe(1);
      // An attendee reads their own confirmation row only.
      expect((await attendeeRows(who, meeting.id)).list.map((r: any) => String(r.userId))).toEqual([ids[who]]);
    }
    for (const who of ['leader2', 'expert2', 'city1101', 'city1123']) {
      expect((await t.post('/api/resource/meeting/list', {}, as[who])).body.data.total).toBe(0);
      expect((await t.post('/api/resource/meeting/get', { id: meeting.id }, as[who])).status).toBe(404);
    }
    expect((await t.post('/api/tTopicMeetings/selectMeetingNoBack', {}, as.leader2)).body.data.meetNum).toBe(0);
    expect((await t.post('/api/resource/meeting/list', {}, as.admin)).body.data.total).toBe(1);
    expect((await t.post('/api/notification/unreadCount', {}, as.leader2)).body.data.unread).toBe(0);
  });

  it('attendees confirm or decline (with a reason) only for themselves; others are refused', async () => {
    const leaderRow = await rowOf('province', 'leader1');
    const expertRow = await rowOf('province', 'expert1');
    // Not an attendee: the row is not theirs to read, so not theirs to confirm.
    expect((await fire('leader2', 'meetingAttendee', leaderRow, 'confirm')).status).toBe(404);
    expect((await fire('expert1', 'meetingAttendee', leaderRow, 'confirm')).status).toBe(404);
    // An administrator reads the row but may not answer for the invitee.
    expect((await fire('province', 'meetingAttendee', leaderRow, 'confirm')).status).toBe(403);
    expect((await fire('leader1', 'meetingAttendee', leaderRow, 'confirm')).body.data.status).toBe('1');

    const noReason = await fire('expert1', 'meetingAttendee', expertRow, 'decline');
    expect(noReason.body.result).toBe('参数不合法');
    const declined = await fire('expert1', 'meetingAttendee', expertRow, 'decline', '当天另有评审任务');
    expect(declined.body.data).toMatchObject({ status: '2', reason: '当天另有评审任务' });
    expect((await t.post('/api/tTopicMeetings/selectMeetingNoBack', {}, as.expert1)).body.data.meetNum).toBe(0);

    // The host records sign-in; an attendee cannot sign themselves in.
    const row = await rowOf('province', 'leader1');
    expect((await fire('leader1', 'meetingAttendee', row, 'signIn')).status).toBe(403);
    const signed = await fire('province', 'meetingAttendee', row, 'signIn');
    expect(signed.body.data).toMatchObject({ status: '1' });
    expect(signed.body.data.signedAt).toMatch(/^\d{4}-\d{2}-\d{2} /);
  });

  it('exports the attendee list as a real xlsx: right rows, phones masked for non-admins, no live formula', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/meeting/exportAttendees?id=${meeting.id}`,
      headers: as.province,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as any);
    const sheet = book.worksheets[0];
    const rows: string[][] = [];
    sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows[0]).toEqual(['序号', '姓名', '单位', '参会身份', '联系电话', '确认情况', '不参会原因', '签到情况']);
    const byName = new Map(rows.slice(1).map((r) => [r[1], r]));
    expect(rows).toHaveLength(3);
    expect(byName.get('张老师')).toMatchObject({
      2: '第一实验中学',
      3: '课题负责人',
      4: '13800000005',
      5: '已确认参会',
    });
    expect(byName.get('张老师')![7]).toMatch(/^已签到 /);
    expect(byName.get('王专家')).toMatchObject({ 3: '评审专家', 5: '不参会', 6: '当天另有评审任务', 7: '未签到' });
    expect(byName.get('王专家')![2]).toBe(`'=HYPERLINK("http://evil.example","点我")`);
    sheet.eachRow((r) => r.eachCell((c) => expect(c.type).not.toBe(ExcelJS.ValueType.Formula)));
    const [look] = await readWorkbook(res.rawPayload);
    expect(styledHeader(look) && look.frozenRows).toBe(1);

    const asLeader = await t.inject({
      method: 'GET',
      url: `/api/meeting/exportAttendees?id=${meeting.id}`,
      headers: as.leader1,
    });
    const leaderBook = new ExcelJS.Workbook();
    await leaderBook.xlsx.load(asLeader.rawPayload as any);
    expect(String(leaderBook.worksheets[0].getRow(2).getCell(5).value)).toMatch(/^13\*+\d{4}$/);
    // An attendee exports what concerns them: their own row, not the others' reasons for not attending.
    const exportedBy = async (who: string) => {
      const res = await t.inject({
        method: 'GET',
        url: `/api/meeting/exportAttendees?id=${meeting.id}`,
        headers: as[who],
      });
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as any);
      const out: string[][] = [];
      book.worksheets[0].eachRow((r) => out.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
      return out;
    };
    const leaderRows = await exportedBy('leader1');
    expect(leaderRows.map((r) => r[1])).toEqual(['姓名', '张老师']);
    expect(leaderRows.flat()).not.toContain('当天另有评审任务');
    const expertRows = await exportedBy('expert1');
    expect(expertRows.map((r) => r[1])).toEqual(['姓名', '王专家']);
    expect(expertRows[1][6]).toBe('当天另有评审任务');
    expect(
      (await t.inject({ method: 'GET', url: `/api/meeting/exportAttendees?id=${meeting.id}`, headers: as.leader2 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: 'GET', url: '/api/meeting/exportAttendees?id=abc', headers: as.province })).statusCode,
    ).toBe(400);
  });

  it('person search answers only whom the caller may see', async () => {
    expect((await t.post('/api/person/search', { kind: 'all' }, as.leader1)).status).toBe(403);
    expect((await t.post('/api/person/search', { kind: 'all' }, as.expert1)).status).toBe(403);
    const province = (await t.post('/api/person/search', { kind: 'all' }, as.province)).body.data.map(
      (p: any) => p.name,
    );
    expect(province).toEqual(expect.arrayContaining(['张老师', '李老师', '王专家', '赵专家']));
    const city = (await t.post('/api/person/search', { kind: 'all' }, as.city1123)).body.data.map((p: any) => p.name);
    expect(city).toEqual(expect.arrayContaining(['张老师', '王专家', '赵专家']));
    expect(city).not.toContain('李老师');
    const experts = (await t.post('/api/person/search', { kind: 'expert', keyword: '王' }, as.province)).body.data;
    expect(experts.map((p: any) => p.name)).toEqual(['王专家']);
    expect(experts[0]).not.toHaveProperty('mobile');
    const named = (await t.post('/api/person/names', { ids: [ids.leader2, ids.expert2] }, as.city1123)).body.data;
    expect(named.map((p: any) => p.name)).toEqual(['（其他地区人员）', '赵专家']);
  });

  it('cancelling a published meeting tells the attendees and clears the badge', async () => {
    const cancelled = await fire('province', 'meeting', meeting, 'cancel', '时间调整');
    expect(cancelled.body.data.status).toBe('3');
    const notices = (await t.post('/api/notification/list', {}, as.leader1)).body.data.list;
    expect(notices[0]).toMatchObject({
      kind: 'meetingCancelled',
      title: '会议已取消：开题论证会',
      body: '原定于 2099-05-01 09:00:00 召开的会议已取消。取消原因：时间调整',
    });
    expect((await t.post('/api/tTopicMeetings/selectMeetingNoBack', {}, as.leader1)).body.data.meetNum).toBe(0);
    // A cancelled meeting takes no more answers.
    const row = (await attendeeRows('leader1', meeting.id)).list[0];
    expect((await fire('leader1', 'meetingAttendee', row, 'decline', '不去了')).status).toBe(403);
  });
});

describe('meetings of a city: every role sees exactly its part', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const as: Record<string, H> = {};
  let meeting: any;
  const titles = async (who: string) =>
    (await t.post('/api/resource/meeting/list', {}, as[who])).body.data.list.map((m: any) => m.title);
  const attendeeNames = async (who: string) =>
    (
      await t.post(
        '/api/resource/meetingAttendee/list',
        { filters: [{ field: 'meetingId', value: meeting.id }] },
        as[who],
      )
    ).body.data.list
      .map((r: any) => r.name)
      .sort();
  const exportStatus = async (who: string) =>
    (await t.inject({ method: 'GET', url: `/api/meeting/exportAttendees?id=${meeting.id}`, headers: as[who] }))
      .statusCode;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of await t.ctx.database.db.selectFrom('users').select(['id', 'username']).execute())
      ids[u.username] = String(u.id);
    for (const u of ['admin', 'province', 'city1123', 'city1101', 'leader1', 'leader2', 'expert1', 'expert2'])
      as[u] = await t.loginAs(u);
    const saved = await t.post(
      '/api/resource/meeting/save',
      {
        title: '定州市中期检查推进会',
        kind: '2',
        startTime: '2099-07-01 14:00:00',
        endTime: '2099-07-01 16:00:00',
        onlineLink: 'https://meeting.example.org/dz',
        hostUnit: '定州市教育局',
        attendeeIds: [ids.leader1, ids.expert1],
      },
      as.city1123,
    );
    expect(saved.body.flag).toBe(true);
    meeting = saved.body.data;
  });
  afterAll(async () => {
    await t.close();
  });

  it('a draft: its city, the province and the system administrator only', async () => {
    expect(meeting.areaCode).toBe('1123');
    for (const who of ['city1123', 'province', 'admin']) expect(await titles(who)).toEqual(['定州市中期检查推进会']);
    for (const who of ['city1101', 'leader1', 'expert1', 'leader2', 'expert2']) expect(await titles(who)).toEqual([]);
    // Another city may not touch it, by save, publish or delete.
    expect(
      (
        await t.post(
          '/api/resource/meeting/save',
          { id: meeting.id, version: meeting.version, title: '改名' },
          as.city1101,
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await t.post(
          '/api/resource/meeting/transition',
          { id: meeting.id, version: meeting.version, action: 'publish' },
          as.city1101,
        )
      ).status,
    ).toBe(404);
    expect((await t.post('/api/resource/meeting/delete', { ids: [meeting.id] }, as.city1101)).body.flag).not.toBe(true);
    expect((await t.post('/api/resource/meeting/save', { title: '专家办会' }, as.expert1)).status).toBe(403);
    expect((await t.post('/api/resource/meeting/save', { title: '负责人办会' }, as.leader1)).status).toBe(403);
  });

  it('published: attendees see it and their own row; the city reads all rows and exports; others nothing', async () => {
    const published = await t.post(
      '/api/resource/meeting/transition',
      { id: meeting.id, version: meeting.version, action: 'publish' },
      as.city1123,
    );
    expect(published.body.flag).toBe(true);
    meeting = published.body.data;
    for (const who of ['city1123', 'province', 'admin', 'leader1', 'expert1'])
      expect(await titles(who)).toEqual(['定州市中期检查推进会']);
    for (const who of ['city1101', 'leader2', 'expert2']) {
      expect(await titles(who)).toEqual([]);
      expect((await t.post('/api/resource/meeting/get', { id: meeting.id }, as[who])).status).toBe(404);
      expect(await attendeeNames(who)).toEqual([]);
      expect(await exportStatus(who)).toBe(404);
    }
    for (const who of ['city1123', 'province', 'admin']) {
      expect(await attendeeNames(who)).toEqual(['张老师', '王专家'].sort());
      expect(await exportStatus(who)).toBe(200);
    }
    expect(await attendeeNames('leader1')).toEqual(['张老师']);
    expect(await attendeeNames('expert1')).toEqual(['王专家']);
    // Meeting notices reach the invited only.
    for (const who of ['leader1', 'expert1'])
      expect((await t.post('/api/notification/unreadCount', {}, as[who])).body.data.unread).toBe(1);
    for (const who of ['leader2', 'expert2', 'city1101'])
      expect((await t.post('/api/notification/unreadCount', {}, as[who])).body.data.unread).toBe(0);
  });
});
