import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { CSRF_HEADER } from '../../platform/auth/authPlugin.js';
import { appLogin, ssoLogin } from '../../platform/testing/ssoTestHelpers.js';

describe('app API of the platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('sys/login', () => {
    it('answers the user info of SPEC §3 with masked ID number and mobile, a token and a CSRF token', async () => {
      const { user } = await appLogin(t, 'city1123');
      expect(user.tgt).toBeUndefined();
      expect(user).toMatchObject({
        username: 'city1123',
        realName: '定州市管理员',
        roleCode: '3',
        roleName: '市级管理员',
        engName: 'CITY',
        roleList: [{ roleCode: '3', roleName: '市级管理员', engName: 'CITY' }],
        headImg: '',
        isAdmin: true,
        idCardNo: '1101**********0033',
        mobile: '13*****0003',
        areaCode: '1123',
        areaName: '定州市',
        orgName: '定州市教育局',
      });
      expect(user.token.length).toBeGreaterThanOrEqual(32);
      expect(user.csrfToken.length).toBeGreaterThanOrEqual(16);
      const kygh = await t.ctx.database.db
        .selectFrom('sub_systems')
        .select('id')
        .where('default_flag', '=', 1)
        .executeTakeFirstOrThrow();
      expect(user.subSystemId).toBe(kygh.id);
      expect(user.subSystemName).toBe('教育科学规划课题管理');
    });

    it("sys/myProfile answers the signed-in user their own unmasked ID number and mobile, and no one else's", async () => {
      const city = await appLogin(t, 'city1123');
      const own = await t.post('/api/sys/myProfile', {}, city.headers);
      expect(own.status).toBe(200);
      expect(own.res.headers['cache-control']).toBe('no-store');
      const row = await t.ctx.database.db
        .selectFrom('users')
        .select(['id_card_no', 'mobile'])
        .where('username', '=', 'city1123')
        .executeTakeFirstOrThrow();
      expect(own.body.data).toMatchObject({
        realName: '定州市管理员',
        orgName: '定州市教育局',
        idCardNo: row.id_card_no,
        mobile: row.mobile,
      });
      expect(own.body.data.idCardNo).not.toContain('*');
      // Whatever the body names, the answer is the caller's own record.
      const leader = await appLogin(t, 'leader1');
      const other = await t.post('/api/sys/myProfile', { userId: city.user.userId }, leader.headers);
      expect(other.body.data?.idCardNo).not.toBe(row.id_card_no);
      const leaderRow = await t.ctx.database.db
        .selectFrom('users')
        .select(['id_card_no'])
        .where('username', '=', 'leader1')
        .executeTakeFirstOrThrow();
      if (other.body.flag) expect(other.body.data.idCardNo).toBe(leaderRow.id_card_no);
      expect((await t.post('/api/sys/myProfile', {})).status).toBe(401);
    });

    it('binds the token to the chosen role (engName); the first role by default; a role not held is refused', async () => {
      const first = await appLogin(t, 'multi');
      expect(first.user).toMatchObject({ roleCode: '4', engName: 'FZR', isAdmin: false });
      expect(first.user.roleList.map((r: any) => r.engName)).toEqual(['FZR', 'ZJ']);
      const expert = await t.post('/api/sys/login', { tgt: first.tgt, engName: 'ZJ' });
      expect(expert.body.data).toMatchObject({ roleCode: '5', roleName: '评审专家', engName: 'ZJ' });
      const menu = await t.post(
        '/api/home/queryMenuList',
        {},
        { authorization: expert.body.data.token, [CSRF_HEADER]: expert.body.data.csrfToken },
      );
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

  it('sys/logout after the sign-on logout ended its session answers 退出成功, not 用户未登录', async () => {
    // The browser sends both logouts side by side: the sign-on's may end the app session first,
    // and a 用户未登录 then would open the login dialog on someone who has just signed out.
    const a = await appLogin(t, 'leader1');
    await t.inject({ method: 'POST', url: '/sso/logout', payload: { tgt: a.tgt } });
    const out = await t.post('/api/sys/logout', { subAct: 'a' }, a.headers);
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ flag: true, result: '退出成功' });
    // Nobody is signed in by it.
    expect((await t.post('/api/home/queryMenuList', {}, a.headers)).status).toBe(401);
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
    it("lists the sub-systems with this user's flags; anonymous callers get the defaults", async () => {
      const anon = await t.post('/api/basicInfoMaintain/listBasicInfoMaintain', { subAct: 'a' });
      expect(anon.body.flag).toBe(true);
      expect(anon.body.data.length).toBeGreaterThanOrEqual(2);
      expect(anon.body.data.filter((s: any) => s.defaultFlag === 1)).toHaveLength(1);
      for (const s of anon.body.data)
        expect(Object.keys(s)).toEqual(
          expect.arrayContaining(['id', 'systemName', 'organize', 'defaultFlag', 'remindAgain']),
        );
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

      const sw = await t.post(
        '/api/sys/saveDefaultNavigation',
        { subAct: 'a', defaultSystem: String(other.id), setDefault: 1 },
        a.headers,
      );
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
      for (const body of [
        { defaultSystem: 99999 },
        {},
        { remindAgain: 2 },
        { defaultSystem: 'abc' },
        { remindAgain: 1, extra: true },
      ]) {
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
    expect(r.body.data).toMatchObject({
      systemName: expect.any(String),
      reviewType: expect.any(String),
      logImage: expect.any(String),
    });
    expect(r.body.data.footer).toMatchObject({ version: 'V1.1.1110' });
    for (const k of ['organiser', 'host', 'support', 'policeFiling', 'siteRegistration', 'supportPhone'])
      expect(r.body.data.footer[k]).toBeTruthy();
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
        '/informationManagement/announcement',
        '/informationManagement/activityDynamics',
        '/informationManagement/activityReports',
        '/informationManagement/relatedDownloads',
        '/informationManagement/rules',
        '/informationManagement/resultPublication',
      ]);
      const projectList = menu
        .find((n) => n.path === '/projectManagement')
        .children.find((c: any) => c.code === 'ktlb');
      expect(typeof projectList.num).toBe('number');
      expect(menu.find((n) => n.path === '/meetingManagement').num).toBe(0);
      expect(menu.map((n) => n.path)).toEqual(
        expect.arrayContaining([
          '/reviewManagement',
          '/meetingManagement',
          '/expertQuetion',
          '/systemManagement',
          '/resultsManagement',
        ]),
      );
    });

    it('gives a city admin the results section (notices, results, result review) and of system management only sign-ups', async () => {
      const menu = await menuOf('city1123');
      expect(menu.find((n) => n.path === '/resultsManagement').children.map((c: any) => c.path)).toEqual([
        '/resultsManagement/notificateList',
        '/resultsManagement/resultList',
        '/resultsManagement/setting',
        '/resultsManagement/reviewList',
      ]);
      // Of system management a city admin gets only the approval of their area's sign-ups.
      expect(menu.find((n) => n.path === '/systemManagement').children.map((c: any) => c.path)).toEqual([
        '/systemManagement/roleUserManagement',
      ]);
    });

    it('gives experts the review list and Q&A, leaders results and Q&A, and neither the admin sections', async () => {
      const expert = await menuOf('expert2');
      expect(expert.find((n) => n.path === '/reviewManagement').children.map((c: any) => c.path)).toEqual([
        '/reviewManagement/list',
      ]);
      expect(expert.find((n) => n.path === '/expertQuetion')).toBeTruthy();
      // Invited experts and leaders see their meetings (with the meetNum badge of upcoming ones).
      expect(expert.find((n) => n.path === '/meetingManagement')).toMatchObject({ name: '我的会议', num: 0 });
      const leader = await menuOf('leader2');
      expect(leader.map((n) => n.path)).toEqual([
        '/homePage',
        '/projectManagement',
        '/resultsManagement',
        '/meetingManagement',
        '/expertQuetion',
        '/personalSettings',
      ]);
      for (const m of [expert, leader])
        expect(m.find((n) => n.path === '/informationManagement' || n.path === '/systemManagement')).toBeUndefined();
    });
  });
});

describe('nologin bypass when ALLOW_NOLOGIN is on (never in production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ allowNologin: true });
  });
  afterAll(async () => {
    await t.close();
  });

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
