import { envNumber } from './envNumber.js';

/** How notices reach people outside the portal: e-mail over SMTP, SMS through a gateway driver. */
export interface ChannelConfig {
  /** The SMTP server e-mail goes to; none (SMTP_HOST unset): no e-mail is sent. */
  smtp?: {
    host: string;
    port: number;
    /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
    secure: boolean;
    auth?: { user: string; pass: string };
  };
  /** The From header of every e-mail. */
  mailFrom: string;
  /** SMS gateway driver: `log` writes each message to the log (the default; a deployment plugs its gateway in). */
  smsDriver: 'log';
  /** The portal's address as people open it, for links in e-mail and SMS (PUBLIC_URL). */
  publicUrl: string;
  /** How many days before a deadline reminders go out (REMINDER_DAYS, 3). */
  reminderDays: number;
}

/** REMINDER_DAYS: whole days from 1 to 60, 3 when unset. */
export const REMINDER_DAYS_RANGE = { min: 1, max: 60, fallback: 3 };

export function channelConfigFromEnv(env: NodeJS.ProcessEnv, port: number, basePath: string): ChannelConfig {
  const host = env.SMTP_HOST?.trim();
  const smtpPort = envNumber(env, 'SMTP_PORT', { min: 1, max: 65535, fallback: 587 });
  const driver = env.SMS_DRIVER || 'log';
  // A typo must not silently leave SMS unsent; a gateway of one's own is plugged in by code (useSmsGateway).
  if (driver !== 'log') throw new Error(`SMS_DRIVER must be log, not ${driver}`);
  const reminderDays = envNumber(env, 'REMINDER_DAYS', REMINDER_DAYS_RANGE);
  return {
    smtp: host
      ? {
          host,
          port: smtpPort,
          secure: env.SMTP_SECURE ? env.SMTP_SECURE === 'true' : smtpPort === 465,
          ...(env.SMTP_USER ? { auth: { user: env.SMTP_USER, pass: env.SMTP_PASSWORD ?? '' } } : {}),
        }
      : undefined,
    mailFrom: env.MAIL_FROM || '教育科研课题管理平台 <noreply@localhost>',
    smsDriver: 'log',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}${basePath}`).replace(/\/+$/, ''),
    reminderDays,
  };
}
