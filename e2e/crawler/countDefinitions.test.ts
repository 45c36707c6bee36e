import { describe, expect, it } from 'vitest';
import { badgeKeyOf, labelledCount } from './countDefinitions.js';

describe('count definitions', () => {
  it('reads a labelled badge title, and leaves a list total (共) to the list', () => {
    expect(labelledCount('待评分 5 项')).toEqual({ label: '待评分', count: 5 });
    expect(labelledCount('共 16 项')).toBeNull();
    expect(labelledCount(null)).toBeNull();
  });

  it("finds the count key of a role's menu entry at any depth", () => {
    const menu = [{ path: '/a', children: [{ path: '/a/b', badge: 'topicNum' }] }, { path: '/c' }];
    expect(badgeKeyOf(menu, '/a/b')).toBe('topicNum');
    expect(badgeKeyOf(menu, '/c')).toBeUndefined();
  });
});
