import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../platform/testing/testApp.js';
import { CSRF_HEADER } from '../../platform/auth/authPlugin.js';
import { appLogin, ssoLogin } from '../../platform/testing/ssoTestHelpers.js';
import { signingSecret } from '../../platform/reference/settingsStore.js';
import { verifyWatchToken } from './watchToken.js';
import { saveDictionary } from '../../platform/reference/dictionaryStore.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';

const DICTIONARY_TYPES = ['sjzt', 'ycxg', 'hyly', 'hyzt', 'areacode', 'yhsq', 'zjwd', 'hdqx', 'cgzjpsjd', 'ktpfjd', 'ktcxjb', 'psjb', 'psjd', 'ktpsjb', 'psgz', 'zpjffs', 'ssxx'];

describe('app API of the platform', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => { await t.close(); });

  describe('sys/login', () => {
    it('answers the user info of SPEC §3 with masked ID number and mobile, a token and a CSRF token', async () => {
      const { user } = await appLogin(t, 'city1123');
      expect(user.tgt).toBeUndefined();
      expect(user).toMatchObject({
        username: 'city1123', realName: '定州市管理员', roleCode: '3', roleName: '市级管理员', engName: 'CITY',
        roleList: [{ roleCode: '3', roleName: '市级管理员', engName: 'CITY' }],
        headImg: '', isAdmin: true, idCardNo: '1101**********0033', mobile: '13*****0003',
        areaCode: '1123', areaName: '定州市', orgName: '定州市教育局',
      });
      expect(user.token.length).toBeGreaterThanOrEqual(32);
      expect(user.csrfToken.length).toBeGreaterThanOrEqual(16);
      const kygh = await t.ctx.database.db.selectFrom('sub_systems').select('id').where('default_flag', '=', 1).executeTakeFirstOrThrow();
      expect(user.subSystemId).toBe(kygh.id);
      expect(user.subSystemName).toBe('教育科学规划课题管理');
    });

    it('sys/myProfile answers the signed-in user their own unmasked ID number and mobile, and no one else\'s', async () => {
      const city = await appLogin(t, 'city1123');
      const own = await t.post('/api/sys/myProfile', {}, city.headers);
      expect(own.status).toBe(200);
      expect(own.res.headers['cache-control']).toBe('no-store');
      const row = await t.ctx.database.db.selectFrom('users').select(['id_card_no', 'mobile']).where('username', '=', 'city1123').executeTakeFirstOrThrow();
      expect(own.body.data).toMatchObject({ realName: '定州市管理员', orgName: '定州市教育局', idCardNo: row.id_card_no, mobile: row.mobile });
      expect(own.body.data.idCardNo).not.toContain('*');
      // Whatever the body names, the answer is the caller's own record.
      const leader = await appLogin(t, 'leader1');
      const other = await t.post('/api/sys/myProfile', { userId: city.user.userId }, leader.headers);
      expect(other.body.data?.idCardNo).not.toBe(row.id_card_no);
      const leaderRow = await t.ctx.database.db.selectFrom('users').select(['id_card_no']).where('username', '=', 'leader1').executeTakeFirstOrThrow();
      if (other.body.flag) expect(other.body.data.idCardNo).toBe(leaderRow.id_card_no);
      expect((await t.post('/api/sys/myProfile', {})).status).toBe(401);
    });

    it('binds the token to the chosen role (engName); the first role by default; a role not held is refused', async () => {
      const first = await appLogin(t, 'multi');
      expect(first.user).toMatchObject({ roleCode: '4', engName: 'FZR', isAdmin: false });
      expect(first.user.roleList.map((r: any) => r.engName)).toEqual(['FZR', 'ZJ']);
      const expert = await t.post('/api/sys/login', { tgt: first.tgt, engName: 'ZJ' });
      expect(expert.body.data).toMatchObject({ roleCode: '5', roleName: '评审专家', engName: 'ZJ' });
      const menu = await t.post('/api/home/queryMenuList', {}, { authorization: expert.body.data.token, [CSRF_HEADER]: expert.body.data.csrfToken });
      expect(menu.body.data.map((n: any) => n.code)).toContain('reviewManagement');

      const refused = await t.post('/api/sys/login', { tgt: first.tgt, engName: 'SUPER' });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ flag: false, result: '您没有该角色的权限' });
      const unknown = await t.post('/api/sys/login', { tgt: first.tgt, engName: 'ROOT' });
      expect(unknown.body).toMatchObject({ flag: false, result: '参数不合法' });
    });

    it('switching role with the old token ends the old token', async () => {
      const a = await appLogin(t, 'multi', 'FZR');
      const b = await t.post('/api/sys/login', { tgt: a.tgt, engName: 'ZJ' }, a.headers);
      expect(b.body.data.roleCode).toBe('5');
      expect((await t.post('/api/home/queryMenuList', {}, a.headers)).body.code).toBe(501);
    });

    it('an unknown ticket answers 501 用户未登录; nologin is refused unless ALLOW_NOLOGIN', async () => {
      for (const tgt of ['TGT-unknown', 'admin-nologin', 'nologin']) {
        const r = await t.post('/api/sys/login', { tgt });
        expect(r.status).toBe(401);
        expect(r.body).toEqual({ flag: false, data: null, result: '用户未登录', code: 501 });
      }
      // Without a ticket and without a session there is nobody to sign in.
      expect((await t.post('/api/sys/login', {})).body).toMatchObject({ result: '用户未登录', code: 501 });
    });
  });

  it('sys/logout ends this app session only; later calls answer 501 用户未登录', async () => {
    const a = await appLogin(t, 'leader1');
    const out = await t.post('/api/sys/logout', { subAct: 'a' }, a.headers);
    expect(out.body).toMatchObject({ flag: true, result: '退出成功' });
    const later = await t.post('/api/home/queryMenuList', {}, a.headers);
    expect(later.status).toBe(401);
    expect(later.body).toMatchObject({ flag: false, code: 501, result: '用户未登录' });
    // The SSO ticket is still good: the user can enter the app again without a password.
    expect((await t.post('/api/sys/login', { tgt: a.tgt })).body.flag).toBe(true);
  });

  it('refuses a state-changing call without the CSRF token', async () => {
    const a = await appLogin(t, 'leader2');
    for (const url of ['/api/home/queryMenuList', '/api/sys/saveDefaultNavigation', '/api/sys/logout']) {
      const r = await t.post(url, { remindAgain: 1 }, { authorization: a.user.token });
      expect(r.status).toBe(403);
      expect(r.body.flag).toBe(false);
      const wrong = await t.post(url, { remindAgain: 1 }, { authorization: a.user.token, [CSRF_HEADER]: 'nope' });
      expect(wrong.status).toBe(403);
    }
    expect((await t.post('/api/home/queryMenuList', {}, a.headers)).body.flag).toBe(true);
  });

  describe('sub-systems', () => {
    it('lists the sub-systems with this user\'s flags; anonymous callers get the defaults', async () => {
      const anon = await t.post('/api/basicInfoMaintain/listBasicInfoMaintain', { subAct: 'a' });
      expect(anon.body.flag).toBe(true);
      expect(anon.body.data.length).toBeGreaterThanOrEqual(2);
      expect(anon.body.data.filter((s: any) => s.defaultFlag === 1)).toHaveLength(1);
      for (const s of anon.body.data) expect(Object.keys(s)).toEqual(expect.arrayContaining(['id', 'systemName', 'organize', 'defaultFlag', 'remindAgain']));
    });

    it('saveDefaultNavigation switches, sets the default and remembers the tour flag per user and sub-system', async () => {
      const a = await appLogin(t, 'expert1');
      const list = (await t.post('/api/basicInfoMaintain/listBasicInfoMaintain', {}, a.headers)).body.data;
      const other = list.find((s: any) => s.defaultFlag !== 1);
      expect(list.find((s: any) => s.id === a.user.subSystemId).current).toBe(1);

      const tour = await t.post('/api/sys/saveDefaultNavigation', { subAct: 'a', remindAgain: 1 }, a.headers);
      expect(tour.body).toEqual({ flag: true, data: null, result: '操作成功！' });
      let now = (await t.post('/api/basicInfoMaintain/listBasicInfoMaintain', {}, a.headers)).body.data;
      expect(now.find((s: any) => s.id === a.user.subSystemId).remindAgain).toBe(1);
      expect(now.find((s: any) => s.id === other.id).remindAgain).toBe(0);

      const sw = await t.post('/api/sys/saveDefaultNavigation', { subAct: 'a', defaultSystem: String(other.id), setDefault: 1 }, a.headers);
      expect(sw.body.result).toBe('操作成功！');
      now = (await t.post('/api/basicInfoMaintain/listBasicInfoMaintain', {}, a.headers)).body.data;
      expect(now.find((s: any) => s.id === other.id)).toMatchObject({ defaultFlag: 1, current: 1, remindAgain: 0 });
      // The next sign-in lands in the chosen sub-system.
      expect((await t.post('/api/sys/login', { tgt: a.tgt })).body.data.subSystemId).toBe(other.id);
      // Another user is untouched.
      const b = await appLogin(t, 'expert2');
      expect(b.user.subSystemId).toBe(a.user.subSystemId);
    });

    it('switching without setDefault changes the current one only', async () => {
      const a = await appLogin(t, 'leader2');
      const list = (await t.post('/api/basicInfoMaintain/listBasicInfoMaintain', {}, a.headers)).body.data;
      const other = list.find((s: any) => s.defaultFlag !== 1);
      await t.post('/api/sys/saveDefaultNavigation', { defaultSystem: other.id }, a.headers);
      const now = (await t.post('/api/basicInfoMaintain/listBasicInfoMaintain', {}, a.headers)).body.data;
      expect(now.find((s: any) => s.id === other.id)).toMatchObject({ defaultFlag: 0, current: 1 });
    });

    it('refuses an unknown sub-system, an empty request and bad flags with 参数不合法', async () => {
      const a = await appLogin(t, 'province');
      for (const body of [{ defaultSystem: 99999 }, {}, { remindAgain: 2 }, { defaultSystem: 'abc' }, { remindAgain: 1, extra: true }]) {
        const r = await t.post('/api/sys/saveDefaultNavigation', body, a.headers);
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({ flag: false, result: '参数不合法' });
      }
      expect((await t.post('/api/sys/saveDefaultNavigation', { remindAgain: 1 })).body.code).toBe(501);
    });
  });

  it('querySysName answers the system name, review type, logo and footer credits without login', async () => {
    const r = await t.post('/api/basicInfoMaintain/querySysName');
    expect(r.body.flag).toBe(true);
    expect(r.body.data).toMatchObject({ systemName: expect.any(String), reviewType: expect.any(String), logImage: expect.any(String) });
    expect(r.body.data.footer).toMatchObject({ version: 'V1.1.1110' });
    for (const k of ['organiser', 'host', 'support', 'policeFiling', 'siteRegistration', 'supportPhone']) expect(r.body.data.footer[k]).toBeTruthy();
  });

  describe('menus', () => {
    const menuOf = async (username: string, engName?: string) => {
      const a = await appLogin(t, username, engName);
      return (await t.post('/api/home/queryMenuList', {}, a.headers)).body.data as any[];
    };
    const names = (section: any) => section.children.map((c: any) => c.name);

    it('gives applicants the applicant wording and admins the admin wording (SPEC §6)', async () => {
      for (const [u, e] of [['leader1'], ['expert1'], ['multi', 'ZJ']] as [string, string?][]) {
        const topic = (await menuOf(u, e)).find((n) => n.path === '/projectManagement');
        expect(names(topic)).toEqual(['课题申报通知', '我的课题列表', '课题变更申请']);
        expect(topic.children.map((c: any) => c.code)).toEqual(['ktgl', 'ktlb', 'bglb']);
      }
      for (const u of ['admin', 'province', 'city1101']) {
        const topic = (await menuOf(u)).find((n) => n.path === '/projectManagement');
        expect(names(topic).slice(0, 3)).toEqual(['发布申报通知', '课题审核管理', '课题变更管理']);
      }
    });

    it('fills badge numbers from the counts and uses the paths of SPEC §2', async () => {
      const menu = await menuOf('admin');
      const info = menu.find((n) => n.path === '/informationManagement');
      expect(info.children.map((c: any) => c.path)).toEqual([
        '/informationManagement/announcement', '/informationManagement/activityDynamics', '/informationManagement/activityReports',
        '/informationManagement/relatedDownloads', '/informationManagement/rules', '/informationManagement/resultPublication',
      ]);
      const projectList = menu.find((n) => n.path === '/projectManagement').children.find((c: any) => c.code === 'ktlb');
      expect(typeof projectList.num).toBe('number');
      expect(menu.find((n) => n.path === '/meetingManagement').num).toBe(0);
      expect(menu.map((n) => n.path)).toEqual(expect.arrayContaining(['/reviewManagement', '/meetingManagement', '/expertQuetion', '/systemManagement', '/resultsManagement']));
    });

    it('gives a city admin the results section (notices, results, result review) and of system management only sign-ups', async () => {
      const menu = await menuOf('city1123');
      expect(menu.find((n) => n.path === '/resultsManagement').children.map((c: any) => c.path)).toEqual([
        '/resultsManagement/notificateList', '/resultsManagement/resultList', '/resultsManagement/setting', '/resultsManagement/reviewList',
      ]);
      // Of system management a city admin gets only the approval of their area's sign-ups.
      expect(menu.find((n) => n.path === '/systemManagement').children.map((c: any) => c.path)).toEqual(['/systemManagement/roleUserManagement']);
    });

    it('gives experts the review list and Q&A, leaders results and Q&A, and neither the admin sections', async () => {
      const expert = await menuOf('expert2');
      expect(expert.find((n) => n.path === '/reviewManagement').children.map((c: any) => c.path)).toEqual(['/reviewManagement/list']);
      expect(expert.find((n) => n.path === '/expertQuetion')).toBeTruthy();
      // Invited experts and leaders see their meetings (with the meetNum badge of upcoming ones).
      expect(expert.find((n) => n.path === '/meetingManagement')).toMatchObject({ name: '我的会议', num: 0 });
      const leader = await menuOf('leader2');
      expect(leader.map((n) => n.path)).toEqual(['/homePage', '/projectManagement', '/resultsManagement', '/meetingManagement', '/expertQuetion', '/personalSettings']);
      for (const m of [expert, leader]) expect(m.find((n) => n.path === '/informationManagement' || n.path === '/systemManagement')).toBeUndefined();
    });
  });

  describe('counts', () => {
    it('counts the records each role may read, 0 for modules not built yet', async () => {
      const counts = async (username: string) => {
        const a = await appLogin(t, username);
        return (await t.post('/api/tTopicMeetings/selectMeetingNoBack', {}, a.headers)).body.data;
      };
      const before = await counts('admin');
      expect(Object.keys(before).sort()).toEqual(['achieveNum', 'meetNum', 'reviewNum', 'topicChangeNum', 'topicNum', 'topicSumNum']);
      for (const v of Object.values(before)) expect(v).toBe(0);

      const { db } = t.ctx.database;
      const topic = t.ctx.schemas.entities.get('topic')!;
      const store = KyselyRecordStore.of(t.ctx.database);
      const owner = async (u: string) => Number((await db.selectFrom('users').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id);
      const add = async (username: string, areaCode: string, status: string) => {
        const ownerId = await owner(username);
        await store.insert(topic, { name: `课题${status}`, leader: username, stage: 1, status, ownerId, areaCode, createdAt: Date.now(), updatedAt: Date.now(), createdBy: ownerId, updatedBy: ownerId });
      };
      await add('leader1', '1123', '0');
      await add('leader1', '1123', '18');
      await add('leader1', '1123', '4');
      await add('leader2', '1101', '2');

      // topicNum is each role's 待办 (what awaits them), the badge says so; topicSumNum is every readable topic.
      expect(await counts('admin')).toMatchObject({ topicSumNum: 4, topicNum: 1, meetNum: 0, achieveNum: 0, reviewNum: 0, topicChangeNum: 0 });
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
      const adminList = adminMenu.find((n: any) => n.path === '/projectManagement').children.find((c: any) => c.code === 'ktlb');
      const home = (await t.post('/api/tTopicMeetings/selectMeetingNoBack', {}, admin.headers)).body.data;
      expect(adminList).toMatchObject({ num: home.topicNum, numLabel: '待办' });
    });

    it('needs a session', async () => {
      expect((await t.post('/api/tTopicMeetings/selectMeetingNoBack', {})).body).toMatchObject({ code: 501, result: '用户未登录' });
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
          expect(Object.keys(o)).toEqual(['text', 'value']);
          expect(o.text).toMatch(/[\u4e00-\u9fa5]/);
        }
        const priv = await t.post(`/api/dic/getDicListByType?type=${type}`, {}, a.headers);
        expect(priv.body.data).toEqual(pub.body.data);
      }
      const area = (await t.post('/api/home/getDicListByType?type=areacode', {})).body.data;
      expect(area).toEqual(expect.arrayContaining([{ value: '1101', text: '石家庄市' }, { value: '1123', text: '定州市' }]));
      const sjzt = (await t.post('/api/home/getDicListByType?type=sjzt', {})).body.data;
      expect(sjzt.map((o: any) => o.value)).toEqual(expect.arrayContaining(['0', '1', '2', '902', '4', '904', '53', '6', '7', '907', '8', '9', '10', '11', '911', '13', '29', '30', '31', '931', '33', '14', '15', '16', '916', '79', '979', '18', '24', '28', '34']));
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
      await saveDictionary(t.ctx.database.db, { type: 'psjb', label: '评审级别', options: [{ value: '1', text: '市级评审' }, { value: '2', text: '省级评审' }, { value: '3', text: '国家级评审' }] });
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

describe('nologin bypass when ALLOW_NOLOGIN is on (never in production)', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ allowNologin: true }); });
  afterAll(async () => { await t.close(); });

  it('signs in by user name without a ticket', async () => {
    const r = await t.post('/api/sys/login', { tgt: 'leader1nologin', engName: 'FZR' });
    expect(r.body.data).toMatchObject({ username: 'leader1', roleCode: '4' });
    const r2 = await t.post('/api/sys/login', { tgt: 'nologin:multi', engName: 'ZJ' });
    expect(r2.body.data).toMatchObject({ username: 'multi', roleCode: '5' });
    expect((await t.post('/api/sys/login', { tgt: 'ghostnologin' })).body.code).toBe(501);
    // Ordinary tickets still work.
    const { body } = await ssoLogin(t, 'expert1');
    expect((await t.post('/api/sys/login', { tgt: body.data.tgt })).body.data.username).toBe('expert1');
  });
});
