import type { RoleCode } from '../../../shared/roles.js';
import { ROLE_NAMES } from '../../../shared/roles.js';
import { hashPassword } from '../auth/secrets.js';
import { insertUser } from '../accounts/accounts.js';
import type { Db } from '../db/tables.js';

export interface DemoUser {
  username: string;
  realName: string;
  roles: RoleCode[];
  areaCode: string | null;
  orgName: string;
  mobile: string;
  email: string;
  idCardNo: string;
  /**
   * The account whose role and pages this one repeats, there only to be a second pair of eyes (a
   * second super admin approves the first's access changes): a crawl of every page walks the other.
   */
  sameAs?: string;
}

/** The demo accounts (never made when NODE_ENV=production). */
export const DEMO_USERS: DemoUser[] = [
  {
    username: 'admin',
    realName: '系统管理员',
    roles: ['1'],
    areaCode: null,
    orgName: '省教育厅',
    mobile: '13800000001',
    email: 'admin@example.org',
    idCardNo: '110101198001010011',
  },
  {
    // Access changes need a super admin other than their proposer: admin's own are approved here.
    username: 'admin2',
    realName: '周管理员',
    roles: ['1'],
    areaCode: null,
    orgName: '省教育厅',
    mobile: '13800000011',
    email: 'admin2@example.org',
    idCardNo: '110101198001010111',
    sameAs: 'admin',
  },
  {
    username: 'province',
    realName: '省级管理员',
    roles: ['2'],
    areaCode: null,
    orgName: '省教育科学研究院',
    mobile: '13800000002',
    email: 'province@example.org',
    idCardNo: '110101198001010022',
  },
  {
    username: 'city1123',
    realName: '定州市管理员',
    roles: ['3'],
    areaCode: '1123',
    orgName: '定州市教育局',
    mobile: '13800000003',
    email: 'city1123@example.org',
    idCardNo: '110101198001010033',
  },
  {
    username: 'city1101',
    realName: '石家庄市管理员',
    roles: ['3'],
    areaCode: '1101',
    orgName: '石家庄市教育局',
    mobile: '13800000004',
    email: 'city1101@example.org',
    idCardNo: '110101198001010044',
  },
  {
    username: 'leader1',
    realName: '张老师',
    roles: ['4'],
    areaCode: '1123',
    orgName: '第一实验中学',
    mobile: '13800000005',
    email: 'leader1@example.org',
    idCardNo: '110101198001010055',
  },
  {
    username: 'leader2',
    realName: '李老师',
    roles: ['4'],
    areaCode: '1101',
    orgName: '第二实验小学',
    mobile: '13800000006',
    email: 'leader2@example.org',
    idCardNo: '110101198001010066',
  },
  {
    username: 'expert1',
    realName: '王专家',
    roles: ['5'],
    areaCode: '1123',
    orgName: '师范大学',
    mobile: '13800000007',
    email: 'expert1@example.org',
    idCardNo: '110101198001010077',
  },
  {
    username: 'expert2',
    realName: '赵专家',
    roles: ['5'],
    areaCode: '1101',
    orgName: '教育科学研究所',
    mobile: '13800000008',
    email: 'expert2@example.org',
    idCardNo: '110101198001010088',
  },
  {
    username: 'analyst1',
    realName: '孙分析',
    roles: ['6'],
    areaCode: null,
    orgName: '省教育科学研究院',
    mobile: '13800000010',
    email: 'analyst1@example.org',
    idCardNo: '110101198001010100',
  },
  {
    username: 'multi',
    realName: '刘老师',
    roles: ['4', '5'],
    areaCode: '1101',
    orgName: '第三实验中学',
    mobile: '13800000009',
    email: 'multi@example.org',
    idCardNo: '110101198001010099',
  },
];

/** Creates the demo accounts that are missing; existing ones (and their passwords) are left alone. */
export async function seedDemoUsers(db: Db, password: string, now = Date.now()): Promise<number> {
  let created = 0;
  const passwordHash = await hashPassword(password);
  for (const u of DEMO_USERS) {
    const existing = await db.selectFrom('users').select('id').where('username', '=', u.username).executeTakeFirst();
    if (existing) continue;
    const id = await insertUser(
      db,
      {
        username: u.username,
        passwordHash,
        realName: u.realName,
        mobile: u.mobile,
        email: u.email,
        idCardNo: u.idCardNo,
        areaCode: u.areaCode,
        orgName: u.orgName,
        createdAt: now,
        // Another process starting at the same moment may have made it first.
      },
      u.roles,
      { ifAbsent: true },
    );
    if (id !== null) created++;
  }
  return created;
}

export function describeDemoAccounts(password: string): string {
  const lines = DEMO_USERS.map(
    (u) =>
      `  ${u.username.padEnd(10)} ${u.roles.map((r) => ROLE_NAMES[r]).join(' + ')}${u.areaCode ? `（地区 ${u.areaCode}）` : ''}`,
  );
  return `Demo accounts (password: ${password}):\n${lines.join('\n')}`;
}
