import { menuNamesByPath, menuParentsByPath } from './menuTree.js';
import { describe, expect, it } from 'vitest';
import type { RouteDef } from '../../shared/schema/types.js';
import {
  RouteIndex,
  breadcrumbs,
  highlightedMenuPath,
  isSubPage,
  pageNameOf,
  needsLogin,
  routeKind,
  routeName,
} from './routeTree.js';

const STAGES = { 1: '申报通知', 2: '开题报告通知', 3: '中期报告通知', 4: '成果鉴定通知', 5: '结题报告通知' };
const routes: RouteDef[] = [
  { path: '/', name: '首页', redirect: '/homePage', hidden: true, public: true },
  { path: '/homePage', name: '首页', component: 'homePage', public: true },
  {
    path: '/noticeAnnouncement',
    name: '通知公告',
    page: 'portal/announcement.list',
    public: true,
    children: [
      {
        path: '/noticeAnnouncement/lookAnnouncement',
        name: '通知公告详情',
        page: 'portal/announcement.look',
        mode: 'look',
        hidden: true,
        public: true,
      },
    ],
  },
  {
    path: '/projectManagement',
    name: '课题管理',
    children: [
      {
        path: '/projectManagement/declarationGuidelines',
        name: '申报流程管理',
        children: [
          {
            path: '/projectManagement/declarationGuidelines/addGuidelines',
            name: '新增通知',
            hidden: true,
            stageNames: STAGES,
          },
        ],
      },
      {
        path: '/projectManagement/projectList',
        name: '课题列表',
        page: 'topic/topic.list',
        children: [
          { path: '/projectManagement/projectList/projectDetail', name: '课题详情', hidden: true, hideHeader: true },
          {
            path: '/projectManagement/projectList/addMidTerm/index',
            name: '中期报告上传',
            hidden: true,
            activeMenu: '/projectManagement/projectList',
          },
        ],
      },
    ],
  },
  {
    path: '/meetingManagement',
    name: '会议管理',
    children: [{ path: '/meetingManagement/addMeeting', name: '新增会议', hidden: true }],
  },
  { path: '/403', name: '无权限', component: '403', hidden: true, public: true },
  { path: '/500', name: '服务异常', component: '500', hidden: true, public: true },
];
const index = new RouteIndex(routes);
const q = (s = '') => new URLSearchParams(s);

describe('route tree', () => {
  it('finds routes at any depth, with their chain', () => {
    const e = index.match('/projectManagement/projectList/addMidTerm/index/')!;
    expect(e.def.name).toBe('中期报告上传');
    expect(e.chain.map((d) => d.name)).toEqual(['课题管理', '课题列表', '中期报告上传']);
    expect(index.match('/nowhere')).toBeNull();
  });

  it('tells what to do at each route', () => {
    expect(routeKind(index.match('/')!.def)).toEqual({ kind: 'redirect', to: '/homePage' });
    expect(routeKind(index.match('/homePage')!.def)).toEqual({ kind: 'component', component: 'homePage' });
    expect(routeKind(index.match('/noticeAnnouncement/lookAnnouncement')!.def)).toEqual({
      kind: 'page',
      page: 'portal/announcement.look',
      mode: 'look',
    });
    expect(routeKind(index.match('/projectManagement')!.def).kind).toBe('section');
    // Only hidden children: a page whose module is not built yet.
    expect(routeKind(index.match('/meetingManagement')!.def)).toEqual({ kind: 'missing' });
    expect(routeKind(index.match('/projectManagement/projectList/projectDetail')!.def)).toEqual({ kind: 'missing' });
  });

  it('asks for a login on private routes only; /403, /500 and unknown paths skip the check', () => {
    expect(needsLogin(index.match('/homePage'))).toBe(false);
    expect(needsLogin(index.match('/noticeAnnouncement/lookAnnouncement'))).toBe(false);
    expect(needsLogin(index.match('/projectManagement/projectList'))).toBe(true);
    expect(needsLogin(index.match('/meetingManagement/addMeeting'))).toBe(true);
    expect(needsLogin(index.match('/403'))).toBe(false);
    expect(needsLogin(index.match('/500'))).toBe(false);
    expect(needsLogin(null)).toBe(false);
  });

  it('names guideline pages from the stage parameter 1..5', () => {
    const def = index.match('/projectManagement/declarationGuidelines/addGuidelines')!.def;
    expect(['1', '2', '3', '4', '5'].map((s) => routeName(def, q(`stage=${s}`)))).toEqual([
      '申报通知',
      '开题报告通知',
      '中期报告通知',
      '成果鉴定通知',
      '结题报告通知',
    ]);
    expect(routeName(def, q('stage=9'))).toBe('新增通知');
    expect(routeName(def, q())).toBe('新增通知');
  });

  it('builds breadcrumbs from the path; home has none', () => {
    expect(breadcrumbs(index.match('/homePage'), q())).toEqual([]);
    expect(breadcrumbs(index.match('/'), q())).toEqual([]);
    expect(breadcrumbs(index.match('/projectManagement/declarationGuidelines/addGuidelines'), q('stage=3'))).toEqual([
      { title: '课题管理', path: '/projectManagement' },
      // Not built yet in this fixture (only hidden children): shown, not linked.
      { title: '申报流程管理' },
      { title: '中期报告通知' },
    ]);
    expect(breadcrumbs(index.match('/noticeAnnouncement/lookAnnouncement'), q('id=1'))).toEqual([
      { title: '通知公告', path: '/noticeAnnouncement' },
      { title: '通知公告详情' },
    ]);
  });

  it("uses the words of the role's menu entry, so a leader reads 我的课题列表 and an admin 课题审核管理", () => {
    const leader = menuNamesByPath([
      {
        name: '课题管理',
        path: '/projectManagement',
        children: [{ name: '我的课题列表', path: '/projectManagement/projectList' }],
      },
    ]);
    const admin = menuNamesByPath([
      {
        name: '课题管理',
        path: '/projectManagement',
        children: [{ name: '课题审核管理', path: '/projectManagement/projectList' }],
      },
    ]);
    const at = index.match('/projectManagement/projectList/projectDetail');
    expect(breadcrumbs(at, q('id=1'), undefined, leader).map((c) => c.title)).toEqual([
      '课题管理',
      '我的课题列表',
      '课题详情',
    ]);
    expect(breadcrumbs(at, q('id=1'), undefined, admin).map((c) => c.title)).toEqual([
      '课题管理',
      '课题审核管理',
      '课题详情',
    ]);
    expect(breadcrumbs(at, q('id=1')).map((c) => c.title)[1]).toBe('课题列表');
    // The page's heading and browser tab say what the breadcrumb says.
    const list = index.match('/projectManagement/projectList');
    expect(pageNameOf(list, q(), leader)).toBe('我的课题列表');
    expect(pageNameOf(list, q(), admin)).toBe('课题审核管理');
    expect(pageNameOf(list, q())).toBe('课题列表');
  });

  it('places a page the menu files under another section where the menu has it (系统管理 / 子系统设置)', () => {
    const own = new RouteIndex([
      {
        path: '/systemManagement',
        name: '系统管理',
        children: [{ path: '/systemManagement/keepWatch', name: '值班安排', page: 'system/duty.list' }],
      },
      {
        path: '/systemSet',
        name: '系统设置',
        children: [{ path: '/systemSet/addSubSystem', name: '子系统设置', page: 'system/siteSetting.form' }],
      },
    ]);
    const menu = [
      {
        name: '系统管理',
        path: '/systemManagement',
        children: [
          { name: '值班安排', path: '/systemManagement/keepWatch' },
          { name: '子系统设置', path: '/systemSet/addSubSystem' },
        ],
      },
    ];
    const crumbs = (path: string) =>
      breadcrumbs(own.match(path), q(), undefined, menuNamesByPath(menu), menuParentsByPath(menu));
    expect(crumbs('/systemSet/addSubSystem')).toEqual([{ title: '系统管理' }, { title: '子系统设置' }]);
    // Where the address and the menu agree, the section stays a link.
    expect(crumbs('/systemManagement/keepWatch')).toEqual([
      { title: '系统管理', path: '/systemManagement' },
      { title: '值班安排' },
    ]);
    // Without the menu, the address's own sections.
    expect(breadcrumbs(own.match('/systemSet/addSubSystem'), q()).map((c) => c.title)).toEqual([
      '系统设置',
      '子系统设置',
    ]);
  });

  it('does not link a breadcrumb to a module that is not built', () => {
    expect(breadcrumbs(index.match('/meetingManagement/addMeeting'), q())).toEqual([
      { title: '会议管理' },
      { title: '新增会议' },
    ]);
  });

  it('highlights activeMenu, else the nearest ancestor the menu shows', () => {
    const menu = new Set(['/projectManagement', '/projectManagement/projectList', '/noticeAnnouncement']);
    expect(highlightedMenuPath(index.match('/projectManagement/projectList/addMidTerm/index'), menu)).toBe(
      '/projectManagement/projectList',
    );
    expect(highlightedMenuPath(index.match('/projectManagement/projectList/projectDetail'), menu)).toBe(
      '/projectManagement/projectList',
    );
    expect(highlightedMenuPath(index.match('/projectManagement/projectList'), menu)).toBe(
      '/projectManagement/projectList',
    );
    expect(highlightedMenuPath(index.match('/noticeAnnouncement/lookAnnouncement'), menu)).toBe('/noticeAnnouncement');
    expect(highlightedMenuPath(index.match('/projectManagement/declarationGuidelines/addGuidelines'), menu)).toBe(
      '/projectManagement',
    );
    expect(highlightedMenuPath(index.match('/homePage'), menu)).toBeUndefined();
    expect(highlightedMenuPath(null, menu)).toBeUndefined();
  });

  it('knows sub-pages for the back link', () => {
    expect(isSubPage(index.match('/noticeAnnouncement/lookAnnouncement'))).toBe(true);
    expect(isSubPage(index.match('/noticeAnnouncement'))).toBe(false);
    expect(isSubPage(index.match('/403'))).toBe(false);
  });
});
