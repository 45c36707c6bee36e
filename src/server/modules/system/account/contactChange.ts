import type { AppContext } from '../../../platform/AppContext.js';
import type { SessionUser } from '../../../platform/auth/sessions.js';
import { AccountCodes, CODE_TTL_MS, type AccountCodePurpose } from '../../../platform/accounts/accountCodes.js';
import { AppError } from '../../../platform/http/AppError.js';
import { canMail, sendMail } from '../../../platform/notifications/mailer.js';
import { smsGatewayOf } from '../../../platform/notifications/smsGateway.js';
import { accountType } from '../../../../shared/account.js';
import { maskPhone } from '../../../../shared/masks.js';

export const CONTACT_MESSAGES = {
  mobileInvalid: '请输入正确的手机号',
  emailInvalid: '请输入正确的电子邮箱',
  same: '与当前登记的相同，无需更换',
  mobileTaken: '该手机号已被其他账号使用',
  emailTaken: '该电子邮箱已被其他账号使用',
  noMail: '系统未配置邮件服务，暂不能验证电子邮箱，请联系管理员',
  sent: '验证码已发送，10分钟内有效',
} as const;

export type ContactKind = 'mobile' | 'email';

const refuse = (field: string, label: string, message: string) => AppError.invalid([{ field, label, message }]);
export const PURPOSE: Record<ContactKind, AccountCodePurpose> = { mobile: 'changeMobile', email: 'changeEmail' };

/** A new address checked for the person: well formed, not the current one, nobody else's. */
export async function checkNewContact(
  ctx: AppContext,
  user: SessionUser,
  kind: ContactKind,
  value: string,
  field: { name: string; label: string },
): Promise<string> {
  const target = value.trim();
  if (accountType(target) !== kind)
    throw refuse(
      field.name,
      field.label,
      kind === 'mobile' ? CONTACT_MESSAGES.mobileInvalid : CONTACT_MESSAGES.emailInvalid,
    );
  const db = ctx.database.db;
  const rows = await db
    .selectFrom('users')
    .select(['id'])
    .where((eb) =>
      kind === 'mobile' ? eb('mobile', '=', target) : eb(eb.fn('lower', ['email']), '=', target.toLowerCase()),
    )
    .execute();
  if (rows.some((r) => Number(r.id) === user.userId)) throw refuse(field.name, field.label, CONTACT_MESSAGES.same);
  if (rows.length)
    throw refuse(
      field.name,
      field.label,
      kind === 'mobile' ? CONTACT_MESSAGES.mobileTaken : CONTACT_MESSAGES.emailTaken,
    );
  return target;
}

/**
 * Sends a code to the new mobile (through the SMS gateway) or the new e-mail address (through the
 * mail the notices use) the person wants; nothing changes until the code comes back (accountContact).
 */
export async function sendContactCode(
  ctx: AppContext,
  user: SessionUser,
  body: { mobile?: string; email?: string },
  ip: string,
): Promise<void> {
  const kind: ContactKind = body.email !== undefined ? 'email' : 'mobile';
  const field =
    kind === 'mobile' ? { name: 'newMobile', label: '新手机号' } : { name: 'newEmail', label: '新电子邮箱' };
  const target = await checkNewContact(ctx, user, kind, String(body[kind] ?? ''), field);
  if (kind === 'email' && !canMail(ctx)) throw refuse(field.name, field.label, CONTACT_MESSAGES.noMail);
  const code = await new AccountCodes(ctx).issue({ userId: user.userId, purpose: PURPOSE[kind], target, ip });
  if (code === null) throw new AppError('验证码发送过于频繁，请稍后再试', 429, 429);
  const minutes = CODE_TTL_MS / 60_000;
  const words = `您正在更换教育科研课题管理平台账号${user.username}的${kind === 'mobile' ? '手机号' : '电子邮箱'}，验证码为${code}，${minutes}分钟内有效。如非本人操作，请忽略。`;
  const send =
    kind === 'mobile'
      ? smsGatewayOf(ctx).send(target, words)
      : sendMail(ctx, { to: target, subject: '更换电子邮箱验证码', text: words });
  // Not awaited: a slow gateway must not hold the page; a failure is logged, the person asks again.
  void send.catch((err: unknown) =>
    ctx.log.warn({ err, to: kind === 'mobile' ? maskPhone(target) : target }, 'contact change code not sent'),
  );
}
