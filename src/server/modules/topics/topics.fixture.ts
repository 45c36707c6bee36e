import crypto from 'node:crypto';
import { idCardCheckChar } from '../../../shared/idCard.js';
import { fileTestClient } from '../../platform/testing/fileTestClient.js';
import type { TestApp } from '../../platform/testing/testApp.js';

type H = Record<string, string>;
let serial = 0;

/** A valid 18-character ID number (real birth date, check character) no other test topic uses (eligibility counts people by it). */
export function testIdCard(): string {
  serial += 1;
  const birth = new Date(Date.UTC(1960, 0, 1) + (serial % 12000) * 86_400_000)
    .toISOString()
    .slice(0, 10)
    .replace(/-/g, '');
  const first17 = `130102${birth}${String(Math.floor(serial / 12000) % 1000).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

/** Local date-time text (UTC+8) some hours from now. */
export function localTime(hoursFromNow: number): string {
  return new Date(Date.now() + hoursFromNow * 3600_000 + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** For tests of every module: a notice of a stage, saved and published by `admin` (open now unless told). */
export async function publishNotice(
  t: TestApp,
  admin: H,
  opts: {
    stage?: number;
    title?: string;
    targetAreas?: string[];
    startHours?: number;
    endHours?: number;
    publish?: boolean;
    /** Further notice fields (argumentSheet, similarity settings). */
    extra?: Record<string, unknown>;
  } = {},
) {
  const saved = await t.post(
    '/api/resource/notice/save',
    {
      subAct: 'a',
      title: opts.title ?? `测试通知${++serial}`,
      stage: opts.stage ?? 1,
      year: '2026',
      startTime: localTime(opts.startHours ?? -1),
      endTime: localTime(opts.endHours ?? 24 * 30),
      body: '<p>请按要求申报。</p>',
      ...(opts.targetAreas ? { targetAreas: opts.targetAreas } : {}),
      ...opts.extra,
    },
    admin,
  );
  if (saved.status !== 200) throw new Error(`notice save: ${JSON.stringify(saved.body)}`);
  if (opts.publish === false) return saved.body.data;
  const pub = await t.post(
    '/api/resource/notice/transition',
    { subAct: 'a', id: saved.body.data.id, version: saved.body.data.version, action: 'publish' },
    admin,
  );
  if (pub.status !== 200) throw new Error(`notice publish: ${JSON.stringify(pub.body)}`);
  return pub.body.data;
}

/** An application body that passes the submit transition's required fields. */
export function applicationBody(
  noticeId: number,
  name: string,
  over: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    subAct: 'a',
    noticeId,
    name,
    subject: '3',
    category: '3',
    leader: '张明',
    leaderIdCard: testIdCard(),
    leaderMobile: '13912345678',
    unit: '定州市第一中学',
    researchContent: '研究内容',
    researchTarget: '研究目标',
    members: [{ name: '李华', unit: '定州市第一中学', title: '一级教师', duty: '资料整理', idCard: testIdCard() }],
    phases: [{ name: '准备阶段', startDate: '2026-01-01', endDate: '2026-03-31', content: '文献研究' }],
    ...over,
  };
}

/**
 * A file reference as the uploader leaves it in a form: a document `h` uploaded for `field`, a PDF
 * where the field takes only PDF (the conclusion report), else a Word document.
 */
export async function uploadedDoc(t: TestApp, h: H, field: string, name = '申报书') {
  const ext = field === 'conclusionReport' ? 'pdf' : 'docx';
  // Random bytes behind the format's signature: the type by content as well as by name, a new md5 each time.
  const head = ext === 'pdf' ? Buffer.from('%PDF-1.7\n') : Buffer.from([0x50, 0x4b, 0x03, 0x04]);
  const bytes = Buffer.concat([head, crypto.randomBytes(1000)]);
  const sent = await fileTestClient(t, h).send(bytes, `${name}.${ext}`, { belongType: `topic.${field}` });
  if (!('file' in sent) || !sent.file) throw new Error(`upload: ${JSON.stringify(sent)}`);
  return { id: sent.file.id, fileName: `${name}.${ext}`, fileSize: bytes.length, fileSuffix: ext, md5: sent.file.md5 };
}

/** Stage report fields a stage's submit requires (schemas/workflows/topic.json `requires`). */
export const STAGE_REPORTS = ['openingReport', 'midtermReport', 'appraisalReport', 'conclusionReport'] as const;

/** Saves a new application of `leader` on the notice, with its application document; returns the record (status 0). */
export async function newTopic(
  t: TestApp,
  leader: H,
  noticeId: number,
  name: string,
  over: Record<string, unknown> = {},
) {
  const doc = 'applicationDoc' in over ? {} : { applicationDoc: [await uploadedDoc(t, leader, 'applicationDoc')] };
  const res = await t.post('/api/resource/topic/save', applicationBody(noticeId, name, { ...doc, ...over }), leader);
  if (res.status !== 200) throw new Error(`topic save: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Uploads the stage's report of `field` and saves it on the topic as its leader does before submitting. */
export async function attachReport(t: TestApp, leader: H, rec: { id: number; version: number }, field: string) {
  const res = await t.post(
    '/api/resource/topic/save',
    { subAct: 'a', id: rec.id, version: rec.version, [field]: [await uploadedDoc(t, leader, field, field)] },
    leader,
  );
  if (res.status !== 200) throw new Error(`${field} save: ${JSON.stringify(res.body)}`);
  return res.body.data;
}
