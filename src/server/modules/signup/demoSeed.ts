import type { AppContext } from '../../platform/AppContext.js';
import { insertUser } from '../../platform/accounts/accounts.js';
import { hashPassword } from '../../platform/auth/secrets.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { idCard } from '../topics/demoApplicants.js';

/**
 * One sign-up waiting in each demo city's review queue (注册用户审核 of city1123 and city1101), as
 * a visitor's sign-up leaves it while the settings ask for approval: a project leader of a listed
 * unit of that area, not enabled, with the 注册 log row the sign-up writes.
 */
export const DEMO_SIGN_UPS = [
  { username: 'newteacher1', realName: '冯老师', areaCode: '1123', orgName: '定州市第三中学', mobile: '13700000101' },
  {
    username: 'newteacher2',
    realName: '韩老师',
    areaCode: '1101',
    orgName: '石家庄市第四十中学',
    mobile: '13700000102',
  },
] as const;

export async function seedSignUpDemo(ctx: AppContext): Promise<boolean> {
  const db = ctx.database.db;
  const passwordHash = await hashPassword(ctx.config.demoPassword);
  const store = KyselyRecordStore.of(ctx.database);
  let made = false;
  for (const [i, s] of DEMO_SIGN_UPS.entries()) {
    const now = Date.now();
    const id = await insertUser(
      db,
      {
        username: s.username,
        passwordHash,
        realName: s.realName,
        mobile: s.mobile,
        email: null,
        idCardNo: idCard(950 + i),
        areaCode: s.areaCode,
        orgName: s.orgName,
        enabled: false,
        approval: 'pending',
        createdAt: now,
      },
      ['4'],
      { ifAbsent: true },
    );
    if (id === null) continue;
    made = true;
    await store.log({
      entity: 'user',
      recordId: id,
      action: 'signUp',
      actionLabel: '注册',
      fromStatus: null,
      toStatus: '2',
      comment: `单位：${s.orgName}`,
      userId: id,
      userName: s.realName,
      roleCode: '4',
      createdAt: now,
    });
  }
  return made;
}
