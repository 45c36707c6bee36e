import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { ChannelConfig } from '../config/channelConfig.js';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/** The decoded Subject header and text body of a simple nodemailer message (base64 or quoted-printable). */
export function readMail(raw: string): { subject: string; text: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1] ?? '';
  const qp = (v: string) =>
    Buffer.from(
      v.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  const words = (v: string) =>
    v.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : qp(data.replace(/_/g, ' ')),
    );
  const body = rest.join('\n\n');
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? qp(body)
        : body;
  return { subject: words(header('Subject')), text };
}

/**
 * For tests: an SMTP server on a free local port keeping every message it is given, and the
 * channel settings that send a test app's e-mail to it.
 */
export async function startMailReceiver(publicUrl = 'https://ky.example.cn/portal') {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          ...readMail(Buffer.concat(chunks).toString('utf8')),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const channels: ChannelConfig = {
    smtp: { host: '127.0.0.1', port, secure: false },
    mailFrom: '课题管理平台 <noreply@ky.example.cn>',
    smsDriver: 'log',
    publicUrl,
    reminderDays: 3,
  };
  return {
    mails,
    channels,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
