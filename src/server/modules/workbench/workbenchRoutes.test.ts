import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { countOf, countSources } from '../system/counts.js';
import { findSession } from '../../platform/auth/sessions.js';
import { notify } from '../../platform/notifications/notify.js';
import { createTestApp, type TestApp } from '../../testApp.js';

let t: TestApp;
type H = Record<string, string>;
let province: H, city1123: H, city1101: H, leader1: H, leader2: H, expert1: H;
const PAGE = 'workbench/home.dashboard';

async function userId(username: string): Promise<number> {
  const row = await t.ctx.database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Topics straight through the engine's store, in the statuses the counts look at. */
async function topic(owner: string, area: string, status: string, stage: number, name: string) {
  const entity = t.ctx.schemas.entities.get('topic')!;
  const id = await userId(owner);
  const now = Date.now();
  return KyselyRecordStore.of(t.ctx.database).insert(entity, {
    status,
    ownerId: id,
    areaCode: area,
    createdAt: now,
    updatedAt: now,
    createdBy: id,
    updatedBy: id,
    name,
    leader: owner,
    stage,
  });
}

async function data(h: H) {
  const res = await t.post('/api/workbench/data', { subAct: 'a', pageId: PAGE }, h);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.blocks as any[];
}
const page = () =>
  t.ctx.schemas.pages.get(PAGE) as {
    blocks: { title: string; roles?: string[]; type: string; source?: string; items?: { count: string }[] }[];
  };
const blockOf = (blocks: any[], title: string, role: string) => {
  const i = page().blocks.findIndex((b) => b.title === title && (!b.roles || b.roles.includes(role)));
  expect(i, title).toBeGreaterThanOrEqual(0);
  return blocks[i];
};

beforeAll(async () => {
  t = await createTestApp();
  [province, city1123, city1101, leader1, leader2, expert1] = await Promise.all([
    t.loginAs('province'),
    t.loginAs('city1123'),
    t.loginAs('city1101'),
    t.loginAs('leader1'),
    t.loginAs('leader2'),
    t.loginAs('expert1'),
  ]);
  await topic('leader1', '1123', '902', 1, '甲：市级退回的申报');
  await topic('leader1', '1123', '6', 2, '乙：待传开题报告');
  await topic('leader1', '1123', '9', 3, '丙：待传中期报告');
  await topic('leader1', '1123', '1', 1, '丁：待市级评审');
  await topic('leader1', '1123', '24', 1, '戊：已撤销');
  await topic('leader2', '1101', '902', 1, '己：另一位负责人的退回');
  await topic('leader2', '1101', '4', 1, '庚：省级审核中');
  await topic('leader2', '1101', '2', 1, '辛：另一市的市级审核');
});
afterAll(async () => {
  await t?.close();
});

describe('workbench data', () => {
  it("gives a leader their own returned topics, open uploads and topics with stage and status, other roles' blocks null", async () => {
    const blocks = await data(leader1);
    const todo = blockOf(blocks, '待办', '4');
    const items = page().blocks[
      page().blocks.findIndex((b) => b.title === '待办' && b.roles?.includes('4'))
    ].items!.map((i) => i.count);
    expect(todo.items[items.indexOf('todoReturned')]).toBe(1);
    expect(todo.items[items.indexOf('todoUpload')]).toBe(2);
    const mine = blockOf(blocks, '我的课题', '4');
    expect(mine.count).toBe(4);
    expect(mine.rows.map((r: any) => r.name).sort()).toEqual([
      '丁：待市级评审',
      '丙：待传中期报告',
      '乙：待传开题报告',
      '甲：市级退回的申报',
    ]);
    const c = mine.rows.find((r: any) => r.name.startsWith('丙'));
    expect(c).toMatchObject({ stage: 3, status: '9', _statusLabel: '中期报告待上传' });
    // Only the fields the block shows leave the server.
    expect(Object.keys(c).sort()).toEqual(['_statusLabel', 'id', 'name', 'stage', 'status']);
    page().blocks.forEach((b, i) => {
      if (b.roles && !b.roles.includes('4')) expect(blocks[i], b.title).toBeNull();
    });
    const other = blockOf(await data(leader2), '我的课题', '4');
    expect(other.rows.map((r: any) => r.name).sort()).toEqual([
      '己：另一位负责人的退回',
      '庚：省级审核中',
      '辛：另一市的市级审核',
    ]);
  });

  it('gives a city admin the topics at city level in their city only, a province admin those at province level', async () => {
    expect(blockOf(await data(city1123), '待审核课题', '3').rows.map((r: any) => r.name)).toEqual(['丁：待市级评审']);
    const c1101 = blockOf(await data(city1101), '待审核课题', '3');
    expect(c1101).toMatchObject({ count: 1 });
    expect(c1101.rows[0]).toMatchObject({ name: '辛：另一市的市级审核', areaCode: '1101' });
    expect(blockOf(await data(province), '待审核课题', '2').rows.map((r: any) => r.name)).toEqual(['庚：省级审核中']);
  });

  it('answers the same figures as the counts call, with 0 and no rows for entities not built yet', async () => {
    const user = (await findSession(t.ctx.database, city1123.authorization))!;
    const sources = countSources(t.ctx);
    const counts = async (key: string) => countOf(t.ctx, user, sources[key]);
    expect([await counts('todoCityReview'), await counts('todoProvinceReview'), await counts('todoReturned')]).toEqual([
      1, 0, 0,
    ]);
    // The badge of the same source says the same.
    const badges = (await t.post('/api/tTopicMeetings/selectMeetingNoBack', { subAct: 'a' }, city1123)).body.data;
    expect(badges.topicSumNum).toBe(await counts('topicSumNum'));
    const blocks = await data(city1123);
    const i = page().blocks.findIndex((b) => b.title === '待办' && b.roles?.includes('3'));
    const want: number[] = [];
    for (const it of page().blocks[i].items!) want.push(await counts(it.count));
    expect(blocks[i].items).toEqual(want);
    for (const [b, d] of page().blocks.map((b, j) => [b, blocks[j]] as const)) {
      if (
        d &&
        b.type === 'list' &&
        b.source &&
        !t.ctx.schemas.entities.has((t.ctx.schemas.documents.get('settings') as any).counts[b.source].entity)
      ) {
        expect(d, b.title).toEqual({ count: 0, rows: [] });
      }
    }
    const review = blockOf(await data(expert1), '待评审课题', '5');
    if (t.ctx.schemas.entities.has('review'))
      expect(review.count).toBe(review.rows.length < 5 ? review.rows.length : review.count);
    else expect(review).toEqual({ count: 0, rows: [] });
  });

  it("lists a user's unread in-app notices, newest first, with their links; read ones leave the block", async () => {
    const id = await userId('leader1');
    await notify(t.ctx, {
      userIds: [id],
      kind: 'topicReturned',
      title: '课题被退回',
      link: '/projectManagement/projectList',
    });
    await notify(t.ctx, {
      userIds: [id],
      kind: 'meetingInvite',
      title: '会议邀请',
      link: '/meetingManagement/meetingDetail?id=1',
    });
    await notify(t.ctx, { userIds: [await userId('leader2')], kind: 'meetingInvite', title: '别人的通知' });
    let unread = blockOf(await data(leader1), '未读通知', '4');
    expect(unread.count).toBe(2);
    expect(unread.rows.map((r: any) => [r.title, r._link])).toEqual([
      ['会议邀请', '/meetingManagement/meetingDetail?id=1'],
      ['课题被退回', '/projectManagement/projectList'],
    ]);
    const list = await t.post('/api/notification/list', { subAct: 'a' }, leader1);
    const first = list.body.data.list.find((n: any) => n.title === '课题被退回');
    expect((await t.post('/api/notification/markRead', { subAct: 'a', id: first.id }, leader1)).status).toBe(200);
    unread = blockOf(await data(leader1), '未读通知', '4');
    expect(unread.rows.map((r: any) => r.title)).toEqual(['会议邀请']);
    const todo = page().blocks.findIndex((b) => b.title === '待办' && b.roles?.includes('4'));
    const items = page().blocks[todo].items!.map((i) => i.count);
    expect((await data(leader1))[todo].items[items.indexOf('unreadNotifications')]).toBe(1);
    expect((await t.post('/api/notification/unreadCount', { subAct: 'a' }, leader1)).body.data.unread).toBe(1);
  });

  it('refuses visitors, unknown pages and pages of another kind, with a clear message', async () => {
    expect((await t.post('/api/workbench/data', { subAct: 'a', pageId: PAGE })).body.flag).toBe(false);
    const unknown = await t.post('/api/workbench/data', { subAct: 'a', pageId: 'nope/x.dashboard' }, leader1);
    expect(unknown.status).toBe(404);
    expect(unknown.body.result).toBe('页面不存在');
    expect(
      (await t.post('/api/workbench/data', { subAct: 'a', pageId: 'information/announcement.list' }, leader1)).status,
    ).toBe(404);
    expect((await t.post('/api/workbench/data', { subAct: 'a', pageId: 7 }, leader1)).body.flag).toBe(false);
    const schema = await t.post('/api/schema/page', { subAct: 'a', id: PAGE }, leader1);
    expect(schema.body.data.page.kind).toBe('dashboard');
    expect((await t.post('/api/schema/page', { subAct: 'a', id: PAGE })).body.flag).toBe(false);
  });
});
