import type { AppContext } from '../../../platform/AppContext.js';
import type { SessionUser } from '../../../platform/auth/sessions.js';
import { hashPassword, verifyPassword } from '../../../platform/auth/secrets.js';
import { passwordRefusal } from '../../../platform/accounts/passwordPolicy.js';
import { AppError } from '../../../platform/http/AppError.js';
import { singleRecordEntity } from '../../../platform/resources/singleRecordEntity.js';
import { virtualRecord, type VirtualEntity } from '../../../platform/resources/virtualEntities.js';
import { siteWords } from '../users/siteWords.js';
import type { Db } from '../../../platform/db/tables.js';

export const PASSWORD_CHANGE_ENTITY = 'passwordChange';

export const PASSWORD_CHANGE_MESSAGES = {
  oldWrong: '原密码不正确',
  same: '新密码不能与原密码相同',
  mismatch: '两次输入的密码不一致',
} as const;

const refuse = (field: string, label: string, message: string) => AppError.invalid([{ field, label, message }]);

/** The sign-on ticket the caller's session was issued from (null for a session without one). */
async function ticketOf(db: Db, user: SessionUser): Promise<string | null> {
  const row = await db
    .selectFrom('app_sessions')
    .select('tgt_hash')
    .where('token_hash', '=', user.tokenHash)
    .executeTakeFirst();
  return (row?.tgt_hash as string | null | undefined) ?? null;
}

/** The person's sessions other than the caller's: other browsers and devices signed in. */
export async function countOtherSessions(db: Db, user: SessionUser, now = Date.now()): Promise<number> {
  const { n } = await db
    .selectFrom('app_sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', user.userId)
    .where('token_hash', '!=', user.tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Ends every session and sign-on ticket of the person but the caller's own. */
export async function signOutOtherSessions(db: Db, user: SessionUser): Promise<void> {
  const ticket = await ticketOf(db, user);
  await db
    .deleteFrom('app_sessions')
    .where('user_id', '=', user.userId)
    .where('token_hash', '!=', user.tokenHash)
    .execute();
  let tickets = db.deleteFrom('sso_tickets').where('user_id', '=', user.userId);
  if (ticket) tickets = tickets.where('tgt_hash', '!=', ticket);
  await tickets.execute();
}

/**
 * 个人中心 › 修改密码: the caller's own password, after the old one, judged by the password policy;
 * then every other session of the person is signed out (a password someone else learnt stops
 * working everywhere at once). The log says a change happened, never the passwords.
 */
export function passwordChangeAdmin(ctx: AppContext): VirtualEntity {
  const db = ctx.database.db;
  return singleRecordEntity(ctx, {
    entity: PASSWORD_CHANGE_ENTITY,
    actionLabel: '修改密码',
    idOf: (user) => user.userId,
    async read(user) {
      return virtualRecord(
        user.userId,
        { username: user.username, otherSessions: await countOtherSessions(db, user) },
        { ownerId: user.userId, createdBy: user.userId },
      );
    },
    async write(values, _existing, user) {
      const oldPassword = String(values.oldPassword ?? '');
      const newPassword = String(values.newPassword ?? '');
      if (!oldPassword) throw refuse('oldPassword', '原密码', '请输入原密码');
      if (!newPassword) throw refuse('newPassword', '新密码', '请输入新密码');
      const row = await db
        .selectFrom('users')
        .select(['username', 'real_name', 'mobile', 'email', 'password_hash'])
        .where('id', '=', user.userId)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(oldPassword, String(row.password_hash))))
        throw refuse('oldPassword', '原密码', PASSWORD_CHANGE_MESSAGES.oldWrong);
      const problem = passwordRefusal(newPassword, {
        username: String(row.username),
        realName: String(row.real_name ?? ''),
        mobile: row.mobile === null ? null : String(row.mobile),
        email: row.email === null ? null : String(row.email),
        site: await siteWords(ctx),
      });
      if (problem) throw refuse('newPassword', '新密码', problem);
      if (newPassword === oldPassword) throw refuse('newPassword', '新密码', PASSWORD_CHANGE_MESSAGES.same);
      if (String(values.confirmPassword ?? '') !== newPassword)
        throw refuse('confirmPassword', '确认新密码', PASSWORD_CHANGE_MESSAGES.mismatch);
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(newPassword), must_change_password: 0, must_change_reason: null })
        .where('id', '=', user.userId)
        .execute();
      await signOutOtherSessions(db, user);
      return '修改密码，并退出其他设备上的登录';
    },
  });
}
