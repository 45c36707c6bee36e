import type { FastifyInstance } from 'fastify';
import { MUST_CHANGE_PASSWORD_CODE } from '../../../../shared/password.js';
import { passwordRefusal } from '../../../platform/accounts/passwordPolicy.js';
import type { AppContext } from '../../../platform/AppContext.js';
import { hashPassword, verifyPassword } from '../../../platform/auth/secrets.js';
import { AppError } from '../../../platform/http/AppError.js';
import { contractRoute } from '../../../platform/http/contractRoute.js';
import { systemCalls } from '../../../../shared/contracts/system.js';
import { ssoService } from '../../../platform/sso/ssoRegistry.js';
import { objectSchema, str } from '../../../platform/http/requestSchemas.js';
import { siteWords } from './siteWords.js';

export { MUST_CHANGE_PASSWORD_CODE };
export const MUST_CHANGE_PASSWORD_MESSAGE = '密码已被管理员重置，请先修改密码后再登录';
/** The first sign-in of an account an administrator created: nothing was reset, a first password is chosen. */
export const FIRST_PASSWORD_MESSAGE = '这是管理员为您新建的账号，首次登录请设置一个只有您知道的新密码';

/** What the sign-in that asks for a new password says, by why it asks. */
export function mustChangeMessage(reason: unknown): string {
  return reason === 'created' ? FIRST_PASSWORD_MESSAGE : MUST_CHANGE_PASSWORD_MESSAGE;
}

/**
 * POST /api/sys/changePassword {tgt, oldPassword, newPassword}: the holder of a sign-on ticket
 * changes their password (the step sys/login asks for after a reset), then signs in as usual.
 */
export async function passwordRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  contractRoute(
    app,
    systemCalls.changePassword,
    {
      config: { auth: 'public' },
      schema: {
        body: objectSchema(
          {
            tgt: str(256, { minLength: 1 }),
            oldPassword: str(64, { minLength: 1 }),
            newPassword: str(64, { minLength: 1 }),
          },
          ['tgt', 'oldPassword', 'newPassword'],
        ),
      },
    },
    async (request) => {
      const { tgt, oldPassword, newPassword } = request.body;
      const identity = await ssoService(ctx).validate(tgt);
      if (!identity) throw AppError.notLoggedIn();
      const user = await db
        .selectFrom('users')
        .select(['id', 'username', 'mobile', 'real_name', 'email', 'password_hash'])
        .where('username', '=', identity.username)
        .executeTakeFirst();
      if (!user) throw AppError.notLoggedIn();
      if (!(await verifyPassword(oldPassword, String(user.password_hash))))
        throw AppError.invalid([{ field: 'oldPassword', label: '原密码', message: '原密码不正确' }]);
      const problem = passwordRefusal(newPassword, {
        username: String(user.username),
        mobile: user.mobile === null ? null : String(user.mobile),
        realName: String(user.real_name ?? ''),
        email: user.email === null ? null : String(user.email),
        site: await siteWords(ctx),
      });
      if (problem) throw AppError.invalid([{ field: 'newPassword', label: '新密码', message: problem }]);
      if (newPassword === oldPassword)
        throw AppError.invalid([{ field: 'newPassword', label: '新密码', message: '新密码不能与原密码相同' }]);
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(newPassword), must_change_password: 0, must_change_reason: null })
        .where('id', '=', user.id)
        .execute();
      return null;
    },
    '密码修改成功',
  );
}
