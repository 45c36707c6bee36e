import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { appLogin } from '../../platform/testing/ssoTestHelpers.js';
import { signingSecret } from '../../platform/reference/settingsStore.js';
import { verifyWatchToken } from './watchToken.js';
import { saveDictionary } from '../../platform/reference/dictionaryStore.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';

const DICTIONARY_TYPES = [
  'sjzt',
  'ycxg',
  'hyly',
  'hyzt',
  'areacode',
  'yhsq',
  'zjwd',
  'hdqx',
  'cgzjpsjd',
  'ktpfjd',
  'ktcxjb',
  'psjb',
  'psjd',
  'ktpsjb',
  'psgz',
  'zpjffs',
  'ssxx',
];

describe('reference data of the platform: counts, dictionaries, watch duty', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('counts', () => {
    it('counts the records each role may read, 0 for modules not built yet', async () => {
      const counts = async (username: string) => {
        const a = await appLogin(t, username);
        return (await t.post('/api/tTopicMeetings/selectMeetingNoBack', {}, a.headers)).body.data;
      };
      const before = await counts('admin');
      expect(Object.keys(before).sort()).toEqual([
        'achieveNum',
        'meetNum',
        'reviewNum',
        'reviewTodoNum',
        'topicChangeNum',
        'topicNum',
        'topicSumNum',
      ]);
      for (const v of Object.values(before)) expect(v).toBe(0);

      const { db } = t.ctx.database;
      const topic = t.ctx.schemas.entities.get('topic')!;
      const store = KyselyRecordStore.of(t.ctx.database);
      const owner = async (u: string) =>
        Number((await db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id);
      const add = async (username: string, areaCode: string, status: string) => {
        const ownerId = await owner(username);
        await store.insert(topic, {
          name: `课题${status}`,
          leader: username,
          stage: 1,
          status,
          ownerId,
          areaCode,
          createdAt: Date.now(),
          updatedAt: Date.now(),
          createdBy: ownerId,
          updatedBy: ownerId,
        });
      };
      await add('leader1', '1123', '0');
      await add('leader1', '1123', '18');
      await add('leader1', '1123', '4');
      await add('leader2', '1101', '2');

      // topicNum is each role's 待办 (what awaits them), the badge says so; topicSumNum is every readable topic.
      expect(await counts('admin')).toMatchObject({
        topicSumNum: 4,
        topicNum: 1,
        meetNum: 0,
        achieveNum: 0,
        reviewNum: 0,
        topicChangeNum: 0,
      });
      expect(await counts('city1123')).toMatchObject({ topicSumNum: 3, topicNum: 0 });
      expect(await counts('city1101')).toMatchObject({ topicSumNum: 1, topicNum: 1 });
      expect(await counts('leader1')).toMatchObject({ topicSumNum: 3, topicNum: 1 });
      expect(await counts('leader2')).toMatchObject({ topicSumNum: 1, topicNum: 0 });

      const a = await appLogin(t, 'leader1');
      const menu = (await t.post('/api/home/queryMenuList', {}, a.headers)).body.data;
      const list = menu.find((n: any) => n.path === '/projectManagement').children.find((c: any) => c.code === 'ktlb');
      expect(list).toMatchObject({ num: 1, numLabel: '待办' });
      // The home page's 待审核课题 and the menu badge count the same topics.
      const admin = await appLogin(t, 'admin');
      const adminMenu = (await t.post('/api/home/queryMenuList', {}, admin.headers)).body.data;
      const adminList = adminMenu
        .find((n: any) => n.path === '/projectManagement')
        .children.find((c: any) => c.code === 'ktlb');
      const home = (await t.post('/api/tTopicMeetings/selectMeetingNoBack', {}, admin.headers)).body.data;
      expect(adminList).toMatchObject({ num: home.topicNum, numLabel: '待办' });
    });

    it('needs a session', async () => {
      expect((await t.post('/api/tTopicMeetings/selectMeetingNoBack', {})).body).toMatchObject({
        code: 501,
        result: '用户未登录',
      });
    });
  });

  describe('dictionaries', () => {
    it('answers all 17 types, logged in and anonymously, with Chinese seed values', async () => {
      const a = await appLogin(t, 'leader1');
      for (const type of DICTIONARY_TYPES) {
        const pub = await t.post(`/api/home/getDicListByType?type=${type}&subAct=a`, { lxjp: type });
        expect(pub.body.flag).toBe(true);
        expect(pub.body.data.length).toBeGreaterThan(0);
        for (const o of pub.body.data) {
          // A status's option carries the colour its tag is drawn with.
          expect(Object.keys(o)).toEqual(o.color ? ['text', 'value', 'color'] : ['text', 'value']);
          expect(o.text).toMatch(/[\u4e00-\u9fa5]/);
        }
        const priv = await t.post(`/api/dic/getDicListByType?type=${type}`, {}, a.headers);
        expect(priv.body.data).toEqual(pub.body.data);
      }
      const area = (await t.post('/api/home/getDicListByType?type=areacode', {})).body.data;
      expect(area).toEqual(
        expect.arrayContaining([
          { value: '1101', text: '石家庄市' },
          { value: '1123', text: '定州市' },
        ]),
      );
      const sjzt = (await t.post('/api/home/getDicListByType?type=sjzt', {})).body.data;
      expect(sjzt.map((o: any) => o.value)).toEqual(
        expect.arrayContaining([
          '0',
          '1',
          '2',
          '902',
          '4',
          '904',
          '53',
          '6',
          '7',
          '907',
          '8',
          '9',
          '10',
          '11',
          '911',
          '13',
          '29',
          '30',
          '31',
          '931',
          '33',
          '14',
          '15',
          '16',
          '916',
          '79',
          '979',
          '18',
          '24',
          '28',
          '34',
        ]),
      );
      expect(sjzt.find((o: any) => o.value === '0').text).toBe('草稿');
      expect(sjzt.find((o: any) => o.value === '24').text).toBe('已撤销');
    });

    it('the logged-in variant needs a session', async () => {
      expect((await t.post('/api/dic/getDicListByType?type=sjzt', {})).body).toMatchObject({ code: 501 });
    });

    it('refuses an unknown or malformed type with 参数不合法, never as SQL', async () => {
      for (const type of ['nope', "sjzt' or '1'='1", 'sjzt;drop table users', '', 'x'.repeat(40)]) {
        const r = await t.post(`/api/home/getDicListByType?type=${encodeURIComponent(type)}`, {});
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({ flag: false, result: '参数不合法' });
      }
      expect((await t.post('/api/home/getDicListByType', {})).body.result).toBe('参数不合法');
      expect((await t.post('/api/home/getDicListByType?type=sjzt&bad=1', {})).body.result).toBe('参数不合法');
      expect((await t.ctx.database.db.selectFrom('users').select('id').execute()).length).toBeGreaterThan(0);
    });

    it('versions every type and bumps the version on every change', async () => {
      const v1 = (await t.post('/api/dic/versions')).body.data;
      for (const type of DICTIONARY_TYPES) expect(v1[type]).toBeGreaterThanOrEqual(1);
      await saveDictionary(t.ctx.database.db, {
        type: 'psjb',
        label: '评审级别',
        options: [
          { value: '1', text: '市级评审' },
          { value: '2', text: '省级评审' },
          { value: '3', text: '国家级评审' },
        ],
      });
      const v2 = (await t.post('/api/dic/versions')).body.data;
      expect(v2.psjb).toBe(v1.psjb + 1);
      expect(v2.sjzt).toBe(v1.sjzt);
      expect((await t.post('/api/home/getDicListByType?type=psjb', {})).body.data).toHaveLength(3);
    });

    it('categoryDict answers category lists from the same store', async () => {
      const r = await t.post('/api/categoryDict/queryCategoryDictByType?type=xkfl', {});
      expect(r.body.flag).toBe(true);
      expect(r.body.data[0]).toEqual({ value: '1', text: '教育基本理论' });
      expect((await t.post('/api/categoryDict/queryCategoryDictByType?type=zzz', {})).body.result).toBe('参数不合法');
    });
  });

  describe('watch duty', () => {
    it('lists the shifts as key and value', async () => {
      const a = await appLogin(t, 'admin');
      const r = await t.post('/api/tKeepWatchShift/selectShiftKeyAndValue', {}, a.headers);
      expect(r.body.flag).toBe(true);
      expect(r.body.data[0]).toEqual({ key: 'morning', value: '早班', startTime: '08:00', endTime: '12:00' });
      expect((await t.post('/api/tKeepWatchShift/selectShiftKeyAndValue', {})).body.code).toBe(501);
    });

    it('answers a signed short-lived token', async () => {
      const a = await appLogin(t, 'admin');
      const r = await t.post('/api/tKeepWatchPerson/getToken', {}, a.headers);
      expect(r.body.flag).toBe(true);
      const secret = await signingSecret(t.ctx.database.db, t.ctx.config.secret);
      const claims = verifyWatchToken(r.body.data.token, secret);
      expect(claims).toMatchObject({ sub: a.user.userId, role: '1', purpose: 'keepWatch' });
      expect(r.body.data.expiresAt - Date.now()).toBeLessThanOrEqual(5 * 60_000);
      expect(verifyWatchToken(`${r.body.data.token}x`, secret)).toBeNull();
      expect(verifyWatchToken(r.body.data.token, secret, r.body.data.expiresAt + 1)).toBeNull();
      expect(verifyWatchToken(r.body.data.token, 'another-secret')).toBeNull();
      expect((await t.post('/api/tKeepWatchPerson/getToken', {})).body.code).toBe(501);
    });
  });
});
