import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { parseLocal } from '../../platform/records/time.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { ruleRecord } from '../../platform/records/output.js';
import { runReminders } from './reminders.js';

interface Mail {
  from: string;
  to: string[];
  raw: string;
}

/** The decoded Subject header and text body of a simple nodemailer message (base64 or quoted-printable). */
function readMail(raw: string): { subject: string; to: string; text: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1] ?? '';
  const words = (v: string) =>
    v.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : qp(data.replace(/_/g, ' ')),
    );
  const qp = (v: string) =>
    Buffer.from(
      v.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  const body = rest.join('\n\n');
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? qp(body)
        : body;
  return { subject: words(header('Subject')), to: header('To'), text };
}

describe('deadline reminders by e-mail', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const mails: Mail[] = [];
  const notices = async (username: string) => {
    const h = await t.loginAs(username);
    return (await t.post('/api/notification/list', { pageSize: 50 }, h)).body.data.list as {
      kind: string;
      title: string;
      link: string;
    }[];
  };

  beforeAll(async () => {
    smtp = new SMTPServer({
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
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp({
      demoData: true,
      channels: {
        smtp: { host: '127.0.0.1', port, secure: false },
        mailFrom: '课题管理平台 <noreply@ky.example.cn>',
        smsDriver: 'log',
        publicUrl: 'https://ky.example.cn/portal',
        reminderDays: 3,
      },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends each due reminder once, by e-mail to those who keep it on, and lists it in-app', async () => {
    // leader2 turns e-mail off for stage report reminders on the 消息提醒设置 page; leader1 keeps the defaults.
    const leader2 = await t.loginAs('leader2');
    const mine = (await t.post('/api/resource/notificationPreference/get', { id: 1 }, leader2)).body.data;
    expect(mine).toMatchObject({ emailStageReportDue: true, smsStageReportDue: false, emailNoticeClosing: true });
    const saved = await t.post(
      '/api/resource/notificationPreference/save',
      { id: 1, version: 1, emailStageReportDue: false },
      leader2,
    );
    expect(saved.body.data).toMatchObject({ emailStageReportDue: false, emailNoticeClosing: true });
    // The change is in the person's own log; leader1 sees none of it.
    const log = (await t.post('/api/resource/notificationPreference/log', { id: 1 }, leader2)).body.data;
    expect(log[0]).toMatchObject({ actionLabel: '修改消息提醒设置', comment: expect.stringContaining('关闭') });
    // Nobody reads or writes another person's choices: the one record is always the caller's own.
    const leader1 = await t.loginAs('leader1');
    expect(
      (await t.post('/api/resource/notificationPreference/get', { id: 1 }, leader1)).body.data.emailStageReportDue,
    ).toBe(true);
    // The record carries the person's own id; another person's id is not found.
    const idOf = async (username: string) =>
      (
        await t.ctx.database.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', username)
          .executeTakeFirstOrThrow()
      ).id;
    const own = await t.post('/api/resource/notificationPreference/get', { id: await idOf('leader1') }, leader1);
    expect(own.body.data.id).toBe(await idOf('leader1'));
    expect(
      (await t.post('/api/resource/notificationPreference/get', { id: await idOf('leader2') }, leader1)).status,
    ).toBe(404);
    expect((await t.post('/api/resource/notificationPreference/log', { id: 1 }, leader1)).body.data).toEqual([]);
    expect(
      (
        await t.post(
          '/api/resource/notificationPreference/save',
          { id: 1, version: 1, emailStageReportDue: 'x' },
          leader1,
        )
      ).status,
    ).toBe(400);
    expect((await t.post('/api/resource/notificationPreference/get', { id: 1 })).body.code).toBe(501);

    // Two days before the demo notices close.
    const noticeEntity = t.ctx.schemas.entities.get('notice')!;
    const notice = await KyselyRecordStore.of(t.ctx.database).get(noticeEntity, 1);
    const end = parseLocal(String(ruleRecord(noticeEntity, notice!).endTime));
    expect(end).not.toBeNull();
    const now = Number(end) - 2 * 24 * 60 * 60 * 1000;
    const sent = await runReminders(t.ctx, now);
    expect(sent).toBeGreaterThanOrEqual(3);
    await expect.poll(() => mails.length, { timeout: 10_000 }).toBeGreaterThan(0);

    const toLeader1 = mails.filter((m) => m.to.includes('leader1@example.org')).map((m) => readMail(m.raw));
    const application = toLeader1.find((m) => m.subject.startsWith('申报即将截止：'));
    expect(application).toBeDefined();
    expect(application!.subject).toBe('申报即将截止：关于开展2026年度省教育科学规划课题申报工作的通知');
    expect(application!.to).toContain('leader1@example.org');
    // The mail leads to the very draft it is about, which leader1 may open; its deadline names the zone.
    const link =
      /查看详情：https:\/\/ky\.example\.cn\/portal(\/projectManagement\/projectList\/projectDetail\?id=(\d+))/.exec(
        application!.text,
      );
    expect(link, application!.text).not.toBeNull();
    const draft = await t.post('/api/resource/topic/get', { id: Number(link![2]) }, await t.loginAs('leader1'));
    expect(draft.status).toBe(200);
    expect(application!.text).toContain(`“${String(draft.body.data.name)}”尚未提交`);
    expect(application!.text).toMatch(/将于\d{4}-\d{2}-\d{2} \d{2}:\d{2}（北京时间）截止/);
    expect((await notices('leader1')).find((n) => n.kind === 'noticeClosing')!.link).toBe(link![1]);
    expect(toLeader1.some((m) => m.subject.startsWith('开题报告即将截止：'))).toBe(true);
    expect(mails.every((m) => m.from === 'noreply@ky.example.cn')).toBe(true);
    // leader2 turned stage report e-mail off: no e-mail, but the in-app notice is there.
    expect(mails.filter((m) => m.to.includes('leader2@example.org'))).toEqual([]);
    expect(
      (await notices('leader2')).some((n) => n.kind === 'stageReportDue' && n.title.startsWith('中期报告即将截止：')),
    ).toBe(true);
    expect((await notices('leader1')).filter((n) => n.kind === 'noticeClosing')).toHaveLength(1);

    // The job running again (or another process) sends nothing twice.
    const count = mails.length;
    expect(await runReminders(t.ctx, now + 60_000)).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(mails.length).toBe(count);
    expect((await notices('leader1')).filter((n) => n.kind === 'noticeClosing')).toHaveLength(1);
  });

  it('reminds experts with open review tasks once per batch deadline, in one process of several', async () => {
    const reviewEntity = t.ctx.schemas.entities.get('review')!;
    const open = (
      await KyselyRecordStore.of(t.ctx.database).list(reviewEntity, {
        where: { t: 'in', field: 'status', values: ['0', '1'] },
        sort: [{ field: 'id', order: 'asc' }],
        offset: 0,
        limit: 100,
      })
    ).rows
      .map((r) => ruleRecord(reviewEntity, r))
      .filter((r) => r.batchName === '2026年度课题中期评审（石家庄市）');
    expect(open.length).toBeGreaterThan(0);
    const now = Number(parseLocal(String(open[0].endTime))) - 24 * 60 * 60 * 1000;
    mails.length = 0;
    // Three processes ticking at once: one holds the lease and sends, the others send nothing.
    const runs = await Promise.all(['p1', 'p2', 'p3'].map((holder) => runReminders(t.ctx, now, holder)));
    expect(runs.filter((n) => n > 0)).toHaveLength(1);
    await expect
      .poll(() => mails.filter((m) => m.to.includes('expert1@example.org')).length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    const subjects = mails.filter((m) => m.to.includes('expert1@example.org')).map((m) => readMail(m.raw).subject);
    expect(subjects.filter((s) => s === '评审即将截止：2026年度课题中期评审（石家庄市）')).toHaveLength(1);
    const text = mails
      .map((m) => readMail(m.raw))
      .find((m) => m.subject.startsWith('评审即将截止：2026年度课题中期评审'))!.text;
    // It opens expert1's first open task of the batch, on its score sheet.
    const expert1 = await t.ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'expert1')
      .executeTakeFirstOrThrow();
    const task = open.find((r) => Number(r.expertUserId) === Number(expert1.id))!;
    expect(text).toContain(`https://ky.example.cn/portal/reviewManagement/list/editPage?id=${task.id}`);
    expect(text).toMatch(/评审将于\d{4}-\d{2}-\d{2} \d{2}:\d{2}（北京时间）截止/);
    expect((await notices('expert1')).filter((n) => n.kind === 'reviewDue').map((n) => n.link)).toContain(
      `/reviewManagement/list/editPage?id=${task.id}`,
    );
    expect((await t.post('/api/resource/review/get', { id: task.id }, await t.loginAs('expert1'))).status).toBe(200);
  });
});
