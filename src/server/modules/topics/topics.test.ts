import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { applicationBody, newTopic, publishNotice, testIdCard } from './topics.fixture.js';

type H = Record<string, string>;

describe('notices and applications (HTTP, real database)', () => {
  let t: TestApp;
  let admin: H, province: H, city1123: H, city1101: H, leader1: H, leader2: H, expert1: H;
  beforeAll(async () => {
    t = await createTestApp();
    [admin, province, city1123, city1101, leader1, leader2, expert1] = await Promise.all(
      ['admin', 'province', 'city1123', 'city1101', 'leader1', 'leader2', 'expert1'].map((u) => t.loginAs(u)),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const ids = async (h: H, entity = 'notice') => {
    const res = await t.post(`/api/resource/${entity}/list`, { subAct: 'a', page: 1, pageSize: 100 }, h);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data.list as { id: number }[]).map((r) => r.id);
  };

  it('shows applicants only published notices of their area; admins by their scope', async () => {
    const all = await publishNotice(t, province, { title: '全省申报通知' });
    const only1101 = await publishNotice(t, province, { title: '石家庄申报通知', targetAreas: ['1101'] });
    const draft = await publishNotice(t, province, { title: '草稿通知', publish: false });
    const city = await publishNotice(t, city1123, { title: '定州市开题通知', stage: 2 });
    expect(city.targetAreas).toEqual(['1123']);
    expect(city.scopeLevel).toBe('city');

    const l1 = await ids(leader1);
    expect(l1).toEqual(expect.arrayContaining([all.id, city.id]));
    expect(l1).not.toContain(only1101.id);
    expect(l1).not.toContain(draft.id);
    const l2 = await ids(leader2);
    expect(l2).toEqual(expect.arrayContaining([all.id, only1101.id]));
    expect(l2).not.toContain(city.id);
    expect(await ids(expert1)).not.toContain(draft.id);
    const c1101 = await ids(city1101);
    expect(c1101).toEqual(expect.arrayContaining([all.id, only1101.id]));
    expect(c1101).not.toContain(city.id);
    expect(c1101).not.toContain(draft.id);
    expect(await ids(admin)).toEqual(expect.arrayContaining([all.id, only1101.id, draft.id, city.id]));
    // Applicants neither write notices nor see a draft by id.
    expect(
      (await t.post('/api/resource/notice/save', { subAct: 'a', title: 'x', stage: 1, year: '2026' }, leader1)).status,
    ).toBe(403);
    expect((await t.post('/api/resource/notice/get', { subAct: 'a', id: draft.id }, leader1)).status).toBe(404);
  });

  it('refuses an end before the start and a notice of another city for a city admin', async () => {
    const bad = await t.post(
      '/api/resource/notice/save',
      {
        subAct: 'a',
        title: '时间错误',
        stage: 1,
        year: '2026',
        startTime: '2026-05-02 00:00:00',
        endTime: '2026-05-01 00:00:00',
        body: '<p>x</p>',
      },
      province,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.data[0]).toMatchObject({ field: 'endTime', message: '截止时间须晚于开始时间' });
  });

  it('lets a city admin manage only the notices of its own level and city (the buttons follow)', async () => {
    const provincial = await publishNotice(t, province, { title: '省级发布的通知' });
    const mine = await publishNotice(t, city1101, { title: '石家庄市发布的通知', stage: 2 });
    const perm = async (h: H, id: number) =>
      (await t.post('/api/resource/notice/get', { subAct: 'a', id }, h)).body.data._perm.transitions;
    expect(await perm(city1101, provincial.id)).toEqual([]);
    expect(await perm(province, provincial.id)).toEqual(['withdraw', 'close']);
    expect(await perm(city1101, mine.id)).toEqual(['withdraw', 'close']);
    for (const action of ['withdraw', 'close']) {
      const res = await t.post(
        '/api/resource/notice/transition',
        { subAct: 'a', id: provincial.id, version: provincial.version, action },
        city1101,
      );
      expect(res.status).toBe(403);
      expect(res.body.result).toBe('只能管理本级发布的通知');
    }
    const still = (await t.post('/api/resource/notice/get', { subAct: 'a', id: provincial.id }, province)).body.data;
    expect(still.status).toBe('1');
    const own = await t.post(
      '/api/resource/notice/transition',
      { subAct: 'a', id: mine.id, version: mine.version, action: 'withdraw' },
      city1101,
    );
    expect(own.status).toBe(200);
  });

  it('applies on an open stage-1 notice only, copying its title and year', async () => {
    const closed = await publishNotice(t, province, { title: '已截止的申报通知', startHours: -48, endHours: -1 });
    const refused = await t.post('/api/resource/topic/save', applicationBody(closed.id, '迟到的课题'), leader1);
    expect(refused.status).toBe(400);
    expect(refused.body.data[0]).toMatchObject({ field: 'noticeId', message: '该申报通知未发布或已截止，不能申报' });
    const stage2 = await publishNotice(t, province, { stage: 2 });
    expect(
      (await t.post('/api/resource/topic/save', applicationBody(stage2.id, '错阶段'), leader1)).body.data[0].message,
    ).toBe('申报通知不存在');

    const open = await publishNotice(t, province, { title: '2026年度课题申报通知' });
    const topic = await newTopic(t, leader1, open.id, '核心素养导向的单元教学研究');
    expect(topic).toMatchObject({ status: '0', noticeTitle: '2026年度课题申报通知', year: '2026', areaCode: '1123' });
  });

  it('keeps one application per leader per notice and one topic name per round (一题多报)', async () => {
    const n = await publishNotice(t, province);
    await newTopic(t, leader1, n.id, '双减背景下作业设计研究');
    const again = await t.post('/api/resource/topic/save', applicationBody(n.id, '另一个课题'), leader1);
    expect(again.status).toBe(400);
    expect(again.body.data).toEqual([
      expect.objectContaining({ field: 'noticeId', message: '您已申报过该通知的课题，每个通知只能申报一项' }),
    ]);
    const sameName = await t.post('/api/resource/topic/save', applicationBody(n.id, '双减背景下作业设计研究'), leader2);
    expect(sameName.status).toBe(400);
    expect(sameName.body.data).toEqual([
      expect.objectContaining({ field: 'name', message: '本批次已有同名课题申报，同一课题不能重复申报（一题多报）' }),
    ]);
  });

  it('checks the one-per-notice rule when a topic is made or moved, not on later saves (on: change)', async () => {
    const n = await publishNotice(t, province);
    const first = await newTopic(t, leader1, n.id, '保存规则课题甲');
    // A second topic of the same leader on the notice, as data made before the rule (e.g. an import) holds.
    const other = await publishNotice(t, province);
    const second = await newTopic(t, leader1, other.id, '保存规则课题乙');
    const topic = t.ctx.schemas.entities.get('topic')!;
    const { KyselyRecordStore } = await import('../../platform/records/RecordStore.js');
    const store = KyselyRecordStore.of(t.ctx.database);
    const stored = (await store.get(topic, second.id))!;
    expect(await store.update(topic, { ...stored, noticeId: n.id }, stored.version)).toBe(true);

    const got = (await t.post('/api/resource/topic/get', { subAct: 'a', id: first.id }, leader1)).body.data;
    const resaved = await t.post(
      '/api/resource/topic/save',
      { ...applicationBody(n.id, '保存规则课题甲'), id: first.id, version: got.version, researchTarget: '改了目标' },
      leader1,
    );
    expect(resaved.status, JSON.stringify(resaved.body)).toBe(200);
    // Moving a topic onto a notice where the leader already has one is still refused.
    const third = await newTopic(t, leader1, (await publishNotice(t, province)).id, '保存规则课题丙');
    const moved = await t.post(
      '/api/resource/topic/save',
      { ...applicationBody(n.id, '保存规则课题丙'), id: third.id, version: third.version },
      leader1,
    );
    expect(moved.status).toBe(400);
    expect(moved.body.data).toEqual([
      expect.objectContaining({ field: 'noticeId', message: '您已申报过该通知的课题，每个通知只能申报一项' }),
    ]);
  });

  it('lets a person lead one and join two running topics (numbers from settings.json)', async () => {
    const person = testIdCard();
    const member = testIdCard();
    const submit = async (h: H, rec: { id: number; version: number }) =>
      t.post('/api/resource/topic/transition', { subAct: 'a', id: rec.id, version: rec.version, action: 'submit' }, h);
    const withMember = (name: string) => [{ name, unit: '某校', title: '教师', duty: '调研', idCard: member }];

    const a = await newTopic(t, leader1, (await publishNotice(t, province)).id, '课题甲', {
      leaderIdCard: person,
      members: withMember('王五'),
    });
    expect((await submit(leader1, a)).status).toBe(200);
    // A draft with the same leader saves (drafts block no one) but cannot be submitted.
    const b = await newTopic(t, leader1, (await publishNotice(t, province)).id, '课题乙', {
      leaderIdCard: person.toLowerCase(),
    });
    const refused = await submit(leader1, b);
    expect(refused.status).toBe(400);
    expect(refused.body.data[0]).toMatchObject({ field: 'leaderIdCard' });
    expect(refused.body.data[0].message).toMatch(
      /^该负责人（身份证号1301\*+\d{3}[\dX]）已主持1项在研课题，最多可主持1项$/,
    );

    const c = await newTopic(t, leader2, (await publishNotice(t, province)).id, '课题丙', {
      members: withMember('王五'),
    });
    expect((await submit(leader2, c)).status).toBe(200);
    const d = await newTopic(t, leader2, (await publishNotice(t, province)).id, '课题丁', {
      members: withMember('王五'),
    });
    const third = await submit(leader2, d);
    expect(third.status).toBe(400);
    expect(third.body.data[0]).toMatchObject({ field: 'members' });
    expect(third.body.data[0].message).toContain('已参与2项在研课题，最多可参与2项');
    // The same person twice in one table is refused when saving.
    const twice = await t.post(
      '/api/resource/topic/save',
      applicationBody((await publishNotice(t, province)).id, '课题戊', {
        members: [...withMember('王五'), ...withMember('王五')],
      }),
      leader2,
    );
    expect(twice.status).toBe(400);
    expect(twice.body.data[0].message).toContain('重复填写');
  });

  it('refuses a submit of a draft missing required fields, naming them', async () => {
    const n = await publishNotice(t, province);
    const draft = await t.post(
      '/api/resource/topic/save',
      { subAct: 'a', noticeId: n.id, name: '只写了名称的草稿' },
      leader1,
    );
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const res = await t.post(
      '/api/resource/topic/transition',
      { subAct: 'a', id: draft.body.data.id, version: draft.body.data.version, action: 'submit' },
      leader1,
    );
    expect(res.status).toBe(400);
    expect(res.body.data.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['leader', 'leaderIdCard', 'members', 'phases', 'applicationDoc']),
    );
    // The draft is found again by its notice (what the application page's resume asks).
    const found = await t.post(
      '/api/resource/topic/list',
      {
        subAct: 'a',
        page: 1,
        pageSize: 1,
        filters: [
          { field: 'ownerId', op: 'eq', value: 0 },
          { field: 'status', op: 'eq', value: '0' },
          { field: 'noticeId', op: 'eq', value: n.id },
        ],
      },
      leader1,
    );
    expect(found.body.data.total).toBe(0);
    const mine = await t.post('/api/resource/topic/get', { subAct: 'a', id: draft.body.data.id }, leader1);
    const resumed = await t.post(
      '/api/resource/topic/list',
      {
        subAct: 'a',
        page: 1,
        pageSize: 1,
        filters: [
          { field: 'ownerId', op: 'eq', value: mine.body.data.ownerId },
          { field: 'status', op: 'eq', value: '0' },
          { field: 'noticeId', op: 'eq', value: n.id },
        ],
      },
      leader1,
    );
    expect(resumed.body.data.list.map((r: { id: number }) => r.id)).toEqual([draft.body.data.id]);
  });

  it('lists topics by scope: leaders their own, a city admin their city, the province all; numbers on province approval', async () => {
    const a = await newTopic(t, leader1, (await publishNotice(t, province)).id, '范围课题一');
    const b = await newTopic(t, leader2, (await publishNotice(t, province)).id, '范围课题二');
    const l1 = await ids(leader1, 'topic');
    expect(l1).toContain(a.id);
    expect(l1).not.toContain(b.id);
    expect(await ids(city1101, 'topic')).toEqual(expect.arrayContaining([b.id]));
    expect(await ids(city1101, 'topic')).not.toContain(a.id);
    expect(await ids(province, 'topic')).toEqual(expect.arrayContaining([a.id, b.id]));
    // An expert's 我的课题列表 (SPEC §6: role 5 sees topics as "my topics") holds only topics they lead.
    const asExpert = await t.post('/api/resource/topic/list', { subAct: 'a' }, expert1);
    expect(asExpert.status).toBe(200);
    const expertIds = asExpert.body.data.list.map((r: { id: number }) => r.id);
    expect(expertIds).not.toContain(a.id);
    expect(expertIds).not.toContain(b.id);
    expect((await t.post('/api/resource/topic/get', { subAct: 'a', id: a.id }, expert1)).status).toBe(404);

    const fire = async (h: H, rec: { id: number; version: number }, action: string) => {
      const res = await t.post(
        '/api/resource/topic/transition',
        { subAct: 'a', id: rec.id, version: rec.version, action },
        h,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    let r = await fire(leader1, a, 'submit');
    r = await fire(city1123, r, 'cityApprove');
    r = await fire(province, r, 'provinceApprove');
    expect(r.status).toBe('53');
    expect(r.topicNo).toMatch(/^KT2026\d{4}$/);
  });
});
