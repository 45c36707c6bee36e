import type { AppContext } from '../../platform/AppContext.js';
import { insertUser } from '../../platform/accounts/accounts.js';
import { hashPassword } from '../../platform/auth/secrets.js';
import { idCardCheckChar } from '../../../shared/idCard.js';

/**
 * Applicants besides the demo accounts, owning the applications that would give a demo account a
 * second topic on one notice (the unique rule of topic.json): the three waiting for expert review
 * in 定州市 (review/demoWaitingTopics.ts) and one more. Project leaders with the demo password.
 */
export const DEMO_APPLICANTS = [
  { username: 'applicant1', realName: '孙老师', areaCode: '1123', orgName: '定州市第四中学' },
  { username: 'applicant2', realName: '周老师', areaCode: '1123', orgName: '定州市实验小学' },
  { username: 'applicant3', realName: '吴老师', areaCode: '1123', orgName: '定州市育才中学' },
  { username: 'applicant4', realName: '陈老师', areaCode: '1101', orgName: '石家庄市第五中学' },
] as const;

/** The ID number of a demo applicant (their profile's, and the one they lead with). */
export function applicantIdCard(index: number): string {
  return idCard(900 + index);
}

export async function seedApplicants(
  ctx: AppContext,
): Promise<{ id: number; name: string; area: string | null; org: string }[]> {
  const passwordHash = await hashPassword(ctx.config.demoPassword);
  const out = [];
  for (const [i, a] of DEMO_APPLICANTS.entries()) {
    await insertUser(
      ctx.database.db,
      {
        username: a.username,
        passwordHash,
        realName: a.realName,
        mobile: `1370000000${i + 1}`,
        email: null,
        idCardNo: applicantIdCard(i),
        areaCode: a.areaCode,
        orgName: a.orgName,
        createdAt: Date.now(),
      },
      ['4'],
      { ifAbsent: true },
    );
    const row = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', a.username)
      .executeTakeFirstOrThrow();
    out.push({ id: Number(row.id), name: a.realName, area: a.areaCode, org: a.orgName });
  }
  return out;
}

/** A resident ID number that passes the check members' rows and sign-up apply: a real birth date and its check character. */
export function idCard(n: number): string {
  const two = (v: number) => String(v).padStart(2, '0');
  const first17 = `130102${1970 + (n % 30)}${two(1 + (n % 12))}${two(1 + (n % 28))}${String(n % 1000).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}
