import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../AppContext.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

const transports = new WeakMap<AppContext, Transporter>();

/** Whether e-mail can go out at all: an SMTP server is configured, or (outside production) the log stands in. */
export function canMail(ctx: AppContext): boolean {
  return Boolean(ctx.config.channels?.smtp) || !ctx.config.production;
}

/**
 * One e-mail a person asked for (a code or a link confirming an address), over the SMTP server the
 * notices use. Without one, outside production, the mail is written to the log as the SMS log
 * driver does, so a demo or a test can follow it; in production nothing is sent (canMail says so).
 */
export async function sendMail(ctx: AppContext, mail: Mail): Promise<void> {
  const channels = ctx.config.channels;
  if (!channels?.smtp) {
    if (!ctx.config.production)
      ctx.log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'e-mail (no SMTP server configured)');
    return;
  }
  let transport = transports.get(ctx);
  if (!transport)
    transports.set(
      ctx,
      (transport = nodemailer.createTransport({
        ...channels.smtp,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })),
    );
  await transport.sendMail({ from: channels.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
}
