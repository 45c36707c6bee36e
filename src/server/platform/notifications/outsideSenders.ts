import nodemailer from 'nodemailer';
import type { AppContext } from '../AppContext.js';
import type { ChannelConfig } from '../config/channelConfig.js';
import { wantsChannel, type ChannelPolicy, type OutsideChannel } from './channelPreferences.js';
import { smsGatewayOf } from './smsGateway.js';
import { useSenders, type OutgoingNotice, type Sender } from './Sender.js';
import type { Db } from '../db/tables.js';

/** The address a notice's in-app link opens from outside (an e-mail, a text message). */
export function absoluteLink(config: ChannelConfig, link: string | null): string | null {
  return link ? `${config.publicUrl}${link}` : null;
}

/** Notices grouped by kind, so each kind's preferences are read once. */
function byKind(notices: OutgoingNotice[]): Map<string, OutgoingNotice[]> {
  const out = new Map<string, OutgoingNotice[]>();
  for (const n of notices) out.set(n.kind, [...(out.get(n.kind) ?? []), n]);
  return out;
}

/** Each notice whose recipient wants `channel` for its kind, with that recipient's contact column. */
async function addressed(
  db: Db,
  policy: ChannelPolicy,
  notices: OutgoingNotice[],
  channel: OutsideChannel,
  column: 'email' | 'mobile',
) {
  const out: { notice: OutgoingNotice; to: string }[] = [];
  for (const [kind, list] of byKind(notices)) {
    const ids = await wantsChannel(db, policy, [...new Set(list.map((n) => n.userId))], kind, channel);
    if (!ids.length) continue;
    const rows = await db
      .selectFrom('users')
      .select(['id', column])
      .where('id', 'in', ids)
      .where('enabled', '=', 1)
      .execute();
    const to = new Map(rows.map((r) => [Number(r.id), String(r[column] ?? '').trim()]));
    for (const n of list) {
      const a = to.get(n.userId);
      if (a) out.push({ notice: n, to: a });
    }
  }
  return out;
}

/** E-mail over SMTP: subject is the notice's title, the text its body and the link to open. */
export function emailSender(config: ChannelConfig, policy: ChannelPolicy): Sender | null {
  if (!config.smtp) return null;
  const transport = nodemailer.createTransport({
    ...config.smtp,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    name: 'email',
    async send(ctx, db, notices) {
      for (const { notice, to } of await addressed(db, policy, notices, 'email', 'email')) {
        if (!/^[^\s@<>]+@[^\s@<>]+$/.test(to)) continue;
        const link = absoluteLink(config, notice.link);
        const text = [
          notice.body ?? '',
          link ? `查看详情：${link}` : '',
          '',
          '此邮件由系统自动发送，请勿直接回复。如不需要此类邮件，可在平台的“消息提醒设置”中关闭。',
        ]
          .filter((l, i) => l !== '' || i === 2)
          .join('\n');
        try {
          await transport.sendMail({ from: config.mailFrom, to, subject: notice.title, text });
        } catch (err) {
          // One bad address or a full mailbox must not keep the others' mail back.
          ctx.log.warn({ err, userId: notice.userId, kind: notice.kind }, 'notice e-mail not sent');
        }
      }
    },
  };
}

/** SMS through the app's gateway (the log driver unless one is plugged in). */
export function smsSender(config: ChannelConfig, policy: ChannelPolicy): Sender {
  return {
    name: 'sms',
    async send(ctx, db, notices) {
      const gateway = smsGatewayOf(ctx);
      for (const { notice, to } of await addressed(db, policy, notices, 'sms', 'mobile')) {
        const link = absoluteLink(config, notice.link);
        try {
          await gateway.send(to, `【教育科研课题管理平台】${notice.title}${link ? ` ${link}` : ''}`);
        } catch (err) {
          ctx.log.warn({ err, userId: notice.userId, kind: notice.kind }, 'notice SMS not sent');
        }
      }
    },
  };
}

/** Turns on the outside channels for the kinds `policy` names, as the configuration allows. */
export function useOutsideChannels(ctx: AppContext, policy: ChannelPolicy): void {
  const config = ctx.config.channels;
  if (!config) return;
  const email = emailSender(config, policy);
  useSenders(ctx, [...(email ? [email] : []), smsSender(config, policy)]);
}
