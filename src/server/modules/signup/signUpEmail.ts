import type { AppContext } from '../../platform/AppContext.js';
import { AccountCodes, LINK_TTL_MS } from '../../platform/accounts/accountCodes.js';
import { sendMail } from '../../platform/notifications/mailer.js';

export const EMAIL_LINK_PATH = '/api/signUp/verifyEmail';

export const EMAIL_LINK_MESSAGES = {
  subject: '请验证您的电子邮箱',
  done: '邮箱验证成功',
  doneText: '您的电子邮箱已验证，此后可在该邮箱接收平台的消息提醒。',
  expired: '验证链接已失效',
  expiredText: '该链接已使用或已过期。请登录后在“个人中心 › 更换手机号/邮箱”重新验证。',
} as const;

/**
 * A new account's e-mail, kept unverified until the link mailed to it is opened (verifyEmailLink).
 * Not awaited by the caller's answer: a slow mail server must not hold the sign-up.
 */
export async function mailEmailLink(
  ctx: AppContext,
  user: { id: number; username: string; email: string },
  ip: string,
): Promise<void> {
  const token = await new AccountCodes(ctx).issue({
    userId: user.id,
    purpose: 'verifyEmail',
    target: user.email,
    ip,
    link: true,
  });
  if (!token) return;
  const publicUrl = ctx.config.channels?.publicUrl ?? '';
  const link = `${publicUrl}${EMAIL_LINK_PATH}?token=${encodeURIComponent(token)}`;
  const hours = LINK_TTL_MS / 3_600_000;
  const text = [
    `您在教育科研课题管理平台注册了账号${user.username}，并填写了此电子邮箱。`,
    `请打开以下链接完成验证（${hours}小时内有效）：`,
    link,
    '',
    '如非本人操作，请忽略此邮件。此邮件由系统自动发送，请勿直接回复。',
  ].join('\n');
  await sendMail(ctx, { to: user.email, subject: EMAIL_LINK_MESSAGES.subject, text }).catch((err: unknown) =>
    ctx.log.warn({ err, userId: user.id }, 'sign-up e-mail link not sent'),
  );
}

/** Opens a link: the account's e-mail counts as verified when the link is live and the e-mail unchanged since. */
export async function verifyEmailLink(ctx: AppContext, token: string): Promise<boolean> {
  if (!token || token.length > 64) return false;
  const used = await new AccountCodes(ctx).useLink('verifyEmail', token);
  if (!used) return false;
  const changed = await ctx.database.db
    .updateTable('users')
    .set({ email_verified: 1 })
    .where('id', '=', used.userId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', used.target.toLowerCase()))
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The small page the link answers with: what happened, and the way into the portal. */
export function emailLinkPage(ctx: AppContext, ok: boolean): string {
  const title = ok ? EMAIL_LINK_MESSAGES.done : EMAIL_LINK_MESSAGES.expired;
  const text = ok ? EMAIL_LINK_MESSAGES.doneText : EMAIL_LINK_MESSAGES.expiredText;
  const home = `${ctx.config.channels?.publicUrl ?? ''}/`;
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;max-width:560px;margin:64px auto;padding:0 16px;color:#1f1f1f"><h1 style="font-size:22px">${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(home)}" style="color:#1f3a68">进入平台</a></p></body></html>`;
}
