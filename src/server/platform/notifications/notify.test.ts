import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { notify } from './notify.js';
import { useSenders, type OutgoingNotice } from './Sender.js';

describe('in-app notices', () => {
  let t: TestApp;
  const idOf = async (username: string) =>
    Number(
      (
        await t.ctx.database.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', username)
          .executeTakeFirstOrThrow()
      ).id,
    );
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('notify writes one notice per recipient; each user lists, counts and marks only their own', async () => {
    const leader = await idOf('leader1');
    const expert = await idOf('expert1');
    const sent: OutgoingNotice[] = [];
    useSenders(t.ctx, [
      {
        name: 'test',
        send: async (_c, _db, n) => {
          sent.push(...n);
        },
      },
    ]);
    expect(
      await notify(t.ctx, {
        userIds: [leader, expert, leader, -1],
        kind: 'meetingInvite',
        title: '会议邀请：开题论证会',
        link: '/meetingManagement/meetingDetail?id=1',
      }),
    ).toBe(2);
    await notify(t.ctx, {
      userIds: [leader],
      kind: 'questionAnswered',
      title: '您的提问已回复',
      link: 'javascript:alert(1)',
    });
    expect(sent.map((n) => n.userId).sort()).toEqual([leader, expert, leader].sort());

    const h = await t.loginAs('leader1');
    const e = await t.loginAs('expert1');
    expect((await t.post('/api/notification/unreadCount', {}, h)).body.data.unread).toBe(2);
    const list = (await t.post('/api/notification/list', {}, h)).body.data;
    expect(list.total).toBe(2);
    expect(list.list[0]).toMatchObject({ title: '您的提问已回复', link: '', read: false });
    expect(list.list[1]).toMatchObject({
      title: '会议邀请：开题论证会',
      link: '/meetingManagement/meetingDetail?id=1',
    });

    // expert1 cannot mark leader1's notice read.
    const expertList = (await t.post('/api/notification/list', {}, e)).body.data;
    expect(expertList.total).toBe(1);
    await t.post('/api/notification/markRead', { ids: [list.list[0].id] }, e);
    expect((await t.post('/api/notification/unreadCount', {}, h)).body.data.unread).toBe(2);

    const marked = await t.post('/api/notification/markRead', { id: list.list[0].id }, h);
    expect(marked.body).toMatchObject({ flag: true, data: { unread: 1 } });
    expect(
      (await t.post('/api/notification/list', { unread: true }, h)).body.data.list.map((n: any) => n.title),
    ).toEqual(['会议邀请：开题论证会']);
    await t.post('/api/notification/markAllRead', {}, h);
    expect((await t.post('/api/notification/unreadCount', {}, h)).body.data.unread).toBe(0);
    expect((await t.post('/api/notification/unreadCount', {}, e)).body.data.unread).toBe(1);
  });

  it('refuses bad input and anonymous callers', async () => {
    const h = await t.loginAs('leader1');
    expect((await t.post('/api/notification/markRead', { ids: ['x'] }, h)).body.result).toBe('参数不合法');
    expect((await t.post('/api/notification/markRead', {}, h)).body.result).toBe('参数不合法');
    expect((await t.post('/api/notification/list', { pageSize: 1000 }, h)).status).toBe(400);
    // A page past any real offset (found by `npm run fuzz`) is refused, not answered with 500.
    expect((await t.post('/api/notification/list', { page: 1.7976931348623157e308 }, h)).status).toBe(400);
    expect((await t.post('/api/notification/unreadCount', {})).body.code).toBe(501);
  });

  it('a notice written in a transaction that fails is not kept', async () => {
    const leader = await idOf('leader2');
    await expect(
      t.ctx.database.db.transaction().execute(async (trx) => {
        await notify(t.ctx, { userIds: [leader], kind: 'x', title: '不应保留' }, trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const h = await t.loginAs('leader2');
    expect((await t.post('/api/notification/unreadCount', {}, h)).body.data.unread).toBe(0);
  });
});
