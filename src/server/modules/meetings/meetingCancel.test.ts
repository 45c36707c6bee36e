import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { startMailReceiver } from '../../platform/testing/mailReceiver.js';

type H = Record<string, string>;

describe('a cancelled meeting: every attendee learns its name, time and reason', () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startMailReceiver>>;
  const ids: Record<string, string> = {};
  const as: Record<string, H> = {};

  const newest = async (who: string) => (await t.post('/api/notification/list', {}, as[who])).body.data.list[0];
  const published = async (title: string, attendees: string[]) => {
    const saved = await t.post(
      '/api/resource/meeting/save',
      {
        title,
        kind: '3',
        startTime: '2099-06-18 09:00:00',
        endTime: '2099-06-18 11:00:00',
        place: '省教科院二楼报告厅',
        hostUnit: '省教育科学研究院',
        attendeeIds: attendees.map((u) => ids[u]),
      },
      as.province,
    );
    expect(saved.body.flag).toBe(true);
    const { id, version } = saved.body.data;
    const pub = await t.post('/api/resource/meeting/transition', { id, version, action: 'publish' }, as.province);
    expect(pub.body.flag).toBe(true);
    return pub.body.data;
  };
  const cancel = (m: { id: number; version: number }, comment?: string) =>
    t.post(
      '/api/resource/meeting/transition',
      { id: m.id, version: m.version, action: 'cancel', ...(comment === undefined ? {} : { comment }) },
      as.province,
    );

  beforeAll(async () => {
    receiver = await startMailReceiver();
    t = await createTestApp({ channels: receiver.channels });
    for (const u of await t.ctx.database.db.selectFrom('users').select(['id', 'username']).execute())
      ids[u.username] = String(u.id);
    for (const u of ['province', 'leader1', 'leader2', 'expert1']) as[u] = await t.loginAs(u);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('the 消息提醒设置 page offers the cancellation by e-mail, off until the person turns it on', async () => {
    const mine = (await t.post('/api/resource/notificationPreference/get', { id: 1 }, as.leader1)).body.data;
    expect(mine).toMatchObject({ emailMeetingCancelled: false, smsMeetingCancelled: false });
    const saved = await t.post(
      '/api/resource/notificationPreference/save',
      { id: 1, version: mine.version, emailMeetingCancelled: true },
      as.leader1,
    );
    expect(saved.body.data).toMatchObject({ emailMeetingCancelled: true });
  });

  it('the reason reaches every attendee in the bell, and by e-mail those who turned it on', async () => {
    const meeting = await published('成果鉴定专家会', ['leader1', 'leader2', 'expert1']);
    const done = await cancel(meeting, '鉴定专家临时出差，会议改期另行通知');
    expect(done.body.data.status).toBe('3');
    for (const who of ['leader1', 'leader2', 'expert1']) {
      expect(await newest(who)).toMatchObject({
        kind: 'meetingCancelled',
        title: '会议已取消：成果鉴定专家会',
        body: '原定于 2099-06-18 09:00:00 召开的会议已取消。取消原因：鉴定专家临时出差，会议改期另行通知',
        link: `/meetingManagement/meetingDetail?id=${meeting.id}`,
      });
    }
    // Only leader1 turned the e-mail on; the others keep the default (off).
    await expect.poll(() => receiver.mails.length, { timeout: 10_000 }).toBe(1);
    const [mail] = receiver.mails;
    expect(mail.to).toEqual(['leader1@example.org']);
    expect(mail.subject).toBe('会议已取消：成果鉴定专家会');
    expect(mail.text).toContain('2099-06-18 09:00:00');
    expect(mail.text).toContain('取消原因：鉴定专家临时出差，会议改期另行通知');
    expect(mail.text).toContain(`https://ky.example.cn/portal/meetingManagement/meetingDetail?id=${meeting.id}`);
  });

  it('without a reason the notice says no reason; the invited of other meetings hear nothing', async () => {
    const before = (await t.post('/api/notification/unreadCount', {}, as.leader2)).body.data.unread;
    const meeting = await published('开题论证会', ['expert1']);
    expect((await cancel(meeting, '   ')).body.data.status).toBe('3');
    expect(await newest('expert1')).toMatchObject({
      kind: 'meetingCancelled',
      body: '原定于 2099-06-18 09:00:00 召开的会议已取消。',
    });
    expect((await t.post('/api/notification/unreadCount', {}, as.leader2)).body.data.unread).toBe(before);
  });
});
