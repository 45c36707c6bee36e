import { linesOf } from './accessDiff.js';
import type { AccessDiffRole, AccountReach } from '../../../shared/contracts/studio.js';

const reach = (username: string, before: number, after: number): AccountReach => ({
  username,
  realName: username,
  before,
  after,
});

describe('an access diff as sentences', () => {
  it('names the role’s sample accounts even when five others grow more, then those that grow most', () => {
    const accounts = [
      reach('leader1', 11, 35),
      reach('leader2', 10, 35),
      reach('multi', 10, 35),
      ...[1, 2, 3, 4, 5].map((n) => reach(`applicant${n}`, 1, 35)),
    ];
    const role: AccessDiffRole = {
      right: 'read',
      role: '4',
      roleName: '课题负责人',
      accounts: accounts.length,
      more: false,
      before: 55,
      after: 280,
      samples: accounts.slice(0, 3),
      biggest: accounts.slice(3),
    };
    const lines = linesOf('课题', [role]);
    expect(lines[0]).toBe('可查看课题：课题负责人 共 8 个账号，合计 55 → 280');
    expect(lines).toContain('  课题负责人 leader1：11 → 35 课题');
    expect(lines.filter((l) => l.includes('applicant'))).toHaveLength(5);
    expect(lines).toHaveLength(1 + 8);
  });
});
