import { accountType } from '../../../shared/account.js';
import type { ForgotPasswordReset, ForgotPasswordSend } from '../../../shared/contracts/signup.js';
import type { AppContext } from '../../platform/AppContext.js';
import { passwordRefusal } from '../../platform/accounts/passwordPolicy.js';
import { hashPassword } from '../../platform/auth/secrets.js';
import { LoginLimiter } from '../../platform/sso/loginLimiter.js';
import { ssoService } from '../../platform/sso/ssoRegistry.js';
import { SSO_MESSAGES } from '../../platform/sso/ssoMessages.js';
import { siteWords } from '../system/users/siteWords.js';
import { refuse } from './signUpService.js';
import type { Db } from '../../platform/db/tables.js';

export const FORGOT_MESSAGES = {
  account: '请输入账号、手机号或邮箱',
  sent: '如该账号存在并登记了手机号，验证码已发送至该手机，5分钟内有效',
  done: '密码已重置，请使用新密码登录',
} as const;

interface Holder {
  id: number;
  username: string;
  real_name: string | null;
  mobile: string | null;
  email: string | null;
}

/** The one account a name, mobile or e-mail names (as the sign-on resolves it), or undefined. */
async function holderOf(db: Db, account: string): Promise<Holder | undefined> {
  const type = accountType(account);
  const q = db.selectFrom('users').select(['id', 'username', 'real_name', 'mobile', 'email']).where('enabled', '=', 1);
  const rows =
    type === 'mobile'
      ? await q.where('mobile', '=', account).limit(2).execute()
      : type === 'email'
        ? await q
            .where((eb) => eb(eb.fn('lower', ['email']), '=', account.toLowerCase()))
            .limit(2)
            .execute()
        : await q
            .where((eb) => eb(eb.fn('lower', ['username']), '=', account.toLowerCase()))
            .limit(3)
            .execute();
  const exact = rows.find((r) => r.username === account);
  if (type === 'loginName' && exact) return exact as Holder;
  return rows.length === 1 ? (rows[0] as Holder) : undefined;
}

/**
 * 忘记密码, step one: the picture captcha first (single use), then a code to the mobile of the
 * account named. The answer is the same whether or not the account exists or has a mobile; the
 * sign-on's SMS limits (per mobile, per address) hold as for sign-in and sign-up.
 */
export async function sendResetCode(ctx: AppContext, input: ForgotPasswordSend, ip: string): Promise<void> {
  const account = (input.account ?? '').trim();
  if (!account) throw refuse('account', FORGOT_MESSAGES.account);
  const sso = ssoService(ctx);
  const captcha = await sso.verifyCaptcha(input.captchaId, input.captchaCode ?? '');
  if (!captcha.ok) throw refuse('captchaCode', captcha.message);
  const holder = await holderOf(ctx.database.db, account);
  // An unknown account typed as a mobile number is recorded and limited like a known one.
  const mobile = holder?.mobile ?? (accountType(account) === 'mobile' ? account : null);
  if (!mobile) return;
  const sent = await sso.sendSmsCode(String(mobile), ip, 'resetPassword');
  if (!sent.ok && sent.message === SSO_MESSAGES.smsTooSoon) throw refuse('smsCode', sent.message);
}

/**
 * 忘记密码, step two: the code sent to the account's mobile, then a new password judged by the
 * policy. Every session and ticket of the account ends, and its login lock is lifted.
 */
export async function resetForgottenPassword(ctx: AppContext, input: ForgotPasswordReset): Promise<void> {
  const account = (input.account ?? '').trim();
  if (!account) throw refuse('account', FORGOT_MESSAGES.account);
  const db = ctx.database.db;
  const holder = await holderOf(db, account);
  if (!holder?.mobile) throw refuse('smsCode', SSO_MESSAGES.smsExpired);
  const problem = passwordRefusal(input.newPassword, {
    username: holder.username,
    realName: holder.real_name,
    mobile: holder.mobile,
    email: holder.email,
    site: await siteWords(ctx),
  });
  if (problem) throw refuse('newPassword', problem);
  const sms = await ssoService(ctx).verifySmsCode(holder.mobile, String(input.smsCode ?? ''), 'resetPassword');
  if (!sms.ok) throw refuse('smsCode', sms.message);
  const hash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: hash, must_change_password: 0, must_change_reason: null })
      .where('id', '=', holder.id)
      .execute();
    await trx.deleteFrom('app_sessions').where('user_id', '=', holder.id).execute();
    await trx.deleteFrom('sso_tickets').where('user_id', '=', holder.id).execute();
    const key = LoginLimiter.key('', holder.id);
    const keys = [key, LoginLimiter.deviceKey(key), LoginLimiter.key(holder.username)];
    await trx.deleteFrom('sso_login_locks').where('account_key', 'in', keys).execute();
    await trx.deleteFrom('sso_login_failures').where('account_key', 'in', keys).execute();
  });
}
