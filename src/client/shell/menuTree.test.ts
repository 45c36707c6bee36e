import { describe, expect, it } from 'vitest';
import {
  badgeCount,
  clearsListState,
  findNode,
  firstLeafPath,
  isSection,
  menuNames,
  menuPaths,
  sectionBadgeCount,
  topLevelFor,
  visibleNodes,
  type ServerMenuNode,
} from './menuTree.js';

const menu: ServerMenuNode[] = [
  {
    name: '课题管理',
    code: 'ktgl',
    path: '/projectManagement',
    children: [
      { name: '课题申报通知', path: '/projectManagement/declarationGuidelines' },
      { name: '我的课题列表', code: 'ktlb', path: '/projectManagement/projectList', badge: 'topicNum' },
      { name: '课题变更申请', code: 'bglb', path: '/projectManagement/changeList', num: 2 },
      { name: '隐藏', path: '/projectManagement/hidden', invisible: true },
    ],
  },
  { name: '会议管理', path: '/meetingManagement', badge: 'meetNum' },
  { name: '系统管理', path: '/systemManagement', children: [] },
  {
    name: '评审管理',
    path: '/reviewManagement',
    children: [{ name: '隐藏', path: '/reviewManagement/x', invisible: true }],
  },
  { name: '不可见', path: '/invisible', invisible: true },
];
const counts = { topicNum: 5, meetNum: 3 };

describe('menu tree', () => {
  it('lists visible paths only', () => {
    const paths = menuPaths(menu);
    expect(paths.has('/projectManagement/projectList')).toBe(true);
    expect(paths.has('/projectManagement/hidden')).toBe(false);
    expect(paths.has('/invisible')).toBe(false);
    expect(visibleNodes(menu).map((n) => n.name)).toEqual(['课题管理', '会议管理', '系统管理', '评审管理']);
  });

  it('finds the first leaf of a section; an empty section has none', () => {
    expect(firstLeafPath(menu[0])).toBe('/projectManagement/declarationGuidelines');
    expect(firstLeafPath(menu[1])).toBe('/meetingManagement');
    expect(firstLeafPath(menu[2])).toBeNull();
    expect(firstLeafPath(menu[3])).toBeNull();
    expect(isSection(menu[2])).toBe(true);
    expect(isSection(menu[1])).toBe(false);
  });

  it('finds the top-level entry of a path and a node anywhere', () => {
    expect(topLevelFor(menu, '/projectManagement/changeList')?.name).toBe('课题管理');
    expect(topLevelFor(menu, '/meetingManagement')?.name).toBe('会议管理');
    expect(topLevelFor(menu, '/homePage')).toBeUndefined();
    expect(findNode(menu, '/projectManagement/changeList/')?.code).toBe('bglb');
  });

  it('shows badges from num or the named count, and sums them on sections', () => {
    expect(badgeCount(menu[0].children![1], counts)).toBe(5);
    expect(badgeCount(menu[0].children![2], counts)).toBe(2);
    expect(badgeCount(menu[0].children![0], counts)).toBe(0);
    expect(badgeCount(menu[1], null)).toBe(0);
    expect(sectionBadgeCount(menu[0], counts)).toBe(7);
    expect(sectionBadgeCount(menu[1], counts)).toBe(3);
  });

  it('clears the list state only for the topic list entry', () => {
    expect(clearsListState(menu[0].children![1])).toBe(true);
    expect(clearsListState({ path: '/projectManagement/projectList/' })).toBe(true);
    expect(clearsListState(menu[0].children![2])).toBe(false);
  });

  it('lists the names a role sees', () => {
    expect(menuNames(menu)).toEqual([
      '课题管理',
      '课题申报通知',
      '我的课题列表',
      '课题变更申请',
      '会议管理',
      '系统管理',
      '评审管理',
    ]);
  });
});
