import type { Kysely } from 'kysely';
import { hashPassword } from '../auth/secrets.js';
import { ROLE } from '../../../shared/roles.js';
import { isCommonPassword, PASSWORD_POLICY_MESSAGES } from '../accounts/passwordPolicy.js';
import { insertUser } from '../accounts/accounts.js';

export const USERNAME_RULE = /^[A-Za-z][A-Za-z0-9_.-]{2,63}$/;

/** A password worth guarding an administrator with: at least 8 characters, letters and digits. */
export function passwordProblem(password: string): string | null {
  if (password.length < 8) return '密码至少 8 位';
  if (password.length > 128) return '密码不能超过 128 位';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return '密码须同时包含字母和数字';
  if (isCommonPassword(password)) return PASSWORD_POLICY_MESSAGES.common;
  return null;
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
  db: Kysely<any>,
  input: { username: string; password: string; realName: string },
  now = Date.now(),
): Promise<number> {
  const problem = usernameProblem(input.username) ?? passwordProblem(input.password);
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
