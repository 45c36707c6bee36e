import { hashPassword } from '../auth/secrets.js';
import { ROLE } from '../../../shared/roles.js';
import { passwordRefusal } from '../accounts/passwordPolicy.js';
import { insertUser } from '../accounts/accounts.js';
import type { Db } from '../db/tables.js';

export const USERNAME_RULE = /^[A-Za-z][A-Za-z0-9_.-]{2,63}$/;

/** The account password rule (platform/accounts/passwordPolicy), with the administrator's name among its words. */
export function passwordProblem(password: string, username?: string): string | null {
  return passwordRefusal(password, { username });
}

export function usernameProblem(username: string): string | null {
  if (/nologin/i.test(username)) return '用户名不能包含 nologin';
  return USERNAME_RULE.test(username) ? null : '用户名须以字母开头，3-64 位字母、数字、下划线、点或横线';
}

/**
 * Creates a super admin (role 1): how a production deployment, which has no demo accounts, gets
 * its first administrator (`npm run user:create`). Refuses a taken user name.
 */
export async function createSuperAdmin(
  db: Db,
  input: { username: string; password: string; realName: string },
  now = Date.now(),
): Promise<number> {
  const problem = usernameProblem(input.username) ?? passwordProblem(input.password, input.username);
  if (problem) throw new Error(problem);
  const realName = input.realName.trim() || '超级管理员';
  if (realName.length > 64) throw new Error('姓名不能超过 64 个字符');
  const exists = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', input.username.toLowerCase()))
    .executeTakeFirst();
  if (exists) throw new Error(`用户名 ${input.username} 已存在`);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    return (await insertUser(trx, { username: input.username, passwordHash, realName, createdAt: now }, [
      ROLE.superAdmin,
    ]))!;
  });
}
