/**
 * Documents over HTTP: the application .docx laid out from the look schema (every section, the
 * member table, numbers masked as the engine answers them to the reader), the conclusion
 * certificate PDF, and the public check of its number. Same per-record access as reading the topic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormPageDef } from '../../../shared/schema/types.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { zipEntries } from '../../platform/testing/zipEntries.js';
import { certificateNo } from './certificateNo.js';
import { PDFDocument } from 'pdf-lib';
import { canRasterisePdf, qrTextOfPdf } from '../../platform/testing/qrInPdf.js';

type Headers = Record<string, string>;
let t: TestApp;
let leader1: Headers;
let leader2: Headers;
let city1123: Headers;
let city1101: Headers;
let province: Headers;

const ID_CARD = '130102198001011234';
const MOBILE = '13800000001';
const MEMBER_CARD = '130102199003031235';

async function userId(username: string): Promise<number> {
  const u = await t.ctx.database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return Number(u.id);
}

async function topic(owner: string, areaCode: string, extra: Record<string, unknown> = {}): Promise<number> {
  const entity = t.ctx.schemas.entities.get('topic')!;
  const now = Date.now();
  const ownerId = await userId(owner);
  const record: Record<string, unknown> = {
    status: '6',
    stage: 2,
    ownerId,
    areaCode,
    createdAt: now,
    updatedAt: now,
    createdBy: ownerId,
    updatedBy: ownerId,
    name: `课堂教学研究${Math.random().toString(36).slice(2, 8)}`,
    topicNo: 'KT20250001',
    year: '2025',
    noticeTitle: '2025年度课题申报',
    leader: '张明',
    leaderIdCard: ID_CARD,
    leaderMobile: MOBILE,
    leaderTitle: '高级教师',
    unit: '石家庄市第一中学',
    subject: '1',
    researchField: '1',
    members: [
      { name: '王成员', unit: '石家庄市第一中学', title: '一级教师', duty: '调查研究', idCard: MEMBER_CARD },
      { name: '李成员', unit: '二中', title: '二级教师', duty: '资料整理', idCard: '' },
    ],
    researchContent: '研究内容第一行\n研究内容第二行',
    researchTarget: '形成可推广的模式',
    expectedResult: ['1'],
    endDate: '2027-06-30',
    phases: [{ name: '准备阶段', startDate: '2026-01-01', endDate: '2026-03-31', content: '文献研究' }],
    ...extra,
  };
  for (const name of Object.keys(entity.fields)) if (!(name in record)) record[name] = null;
  return KyselyRecordStore.of(t.ctx.database).insert(entity, record as never);
}

/** A zip's entries as text. */
const readZip = async (buffer: Buffer) =>
  new Map([...(await zipEntries(buffer))].map(([name, bytes]) => [name, bytes.toString('utf8')]));

const download = (h: Headers, what: string, id: number | string) =>
  t.inject({ method: 'POST', url: `/api/documents/${what}?id=${id}`, headers: h, payload: {} });
/** The text of document.xml with the run boundaries removed. */
const textOf = (xml: string) => [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('|');

beforeAll(async () => {
  t = await createTestApp({
    channels: {
      mailFrom: 'noreply@ky.example.cn',
      smsDriver: 'log',
      publicUrl: 'https://ky.example.cn/portal',
      reminderDays: 3,
    },
  });
  [leader1, leader2, city1123, city1101, province] = await Promise.all([
    t.loginAs('leader1'),
    t.loginAs('leader2'),
    t.loginAs('city1123'),
    t.loginAs('city1101'),
    t.loginAs('province'),
  ]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the application document', () => {
  it('opens as a Word file with every section of the look schema, the member table and the signature page', async () => {
    const id = await topic('leader1', '1123');
    const res = await download(province, 'application', id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    expect(String(res.headers['content-disposition'])).toContain('.docx');
    const files = await readZip(res.rawPayload);
    expect([...files.keys()]).toContain('word/document.xml');
    const text = textOf(files.get('word/document.xml')!);
    const page = t.ctx.schemas.pages.get('topics/topic.application') as FormPageDef;
    for (const s of page.steps!.flatMap((st) => st.sections)) expect(text).toContain(s.title);
    for (const h of ['姓名', '工作单位', '职称', '课题分工', '身份证号', '王成员', '李成员', '调查研究', '准备阶段'])
      expect(text).toContain(h);
    expect(files.get('word/document.xml')).toContain('<w:tbl>');
    for (const h of ['所在单位意见', '市级教育行政部门', '省级教育行政部门', '盖章']) expect(text).toContain(h);
    // Dictionary values as labels, admins read the numbers in full.
    expect(text).toContain(ID_CARD);
    expect(text).toContain(MOBILE);
    expect(text).toContain(MEMBER_CARD);
  });

  it('gives the leader, whose application it is, the numbers whole as the look page does (the holder reads them whole)', async () => {
    const id = await topic('leader1', '1123');
    const res = await download(leader1, 'application', id);
    expect(res.statusCode).toBe(200);
    const xml = (await readZip(res.rawPayload)).get('word/document.xml')!;
    for (const full of [ID_CARD, MOBILE, MEMBER_CARD]) expect(xml).toContain(full);
    const look = await t.post('/api/resource/topic/get', { subAct: 'a', id }, leader1);
    expect(look.body.data).toMatchObject({ leaderIdCard: ID_CARD, leaderMobile: MOBILE });
  });

  it('writes no character XML cannot hold, even from a record stored before saves stripped them', async () => {
    const id = await topic('leader1', '1123', {
      name: '阅读\uFFFE教学\uFFFF研究\u0001',
      researchContent: '内容\u000B第一行\n第二行\u001F',
      leader: '张\uFFFF明',
    });
    const res = await download(province, 'application', id);
    expect(res.statusCode, res.body).toBe(200);
    const files = await readZip(res.rawPayload);
    for (const [name, xml] of files)
      expect(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(xml), name).toBe(false);
    const text = textOf(files.get('word/document.xml')!);
    expect(text).toContain('阅读教学研究');
    expect(text).toContain('张明');
  });

  it('only for whoever may read the topic: others get 404, bad ids 参数不合法', async () => {
    const id = await topic('leader1', '1123');
    expect((await download(leader2, 'application', id)).statusCode).toBe(404);
    expect((await download(city1101, 'application', id)).statusCode).toBe(404);
    expect((await download(city1123, 'application', id)).statusCode).toBe(200);
    const bad = await download(province, 'application', 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().flag).toBe(false);
    expect(
      (await t.inject({ method: 'POST', url: `/api/documents/application?id=${id}`, payload: {} })).statusCode,
    ).not.toBe(200);
  });
});

describe('the conclusion certificate', () => {
  it('is a PDF for a concluded topic only, with a number that verifies publicly', async () => {
    const id = await topic('leader1', '1123', { status: '18', stage: 5 });
    const res = await download(leader1, 'certificate', id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The font is embedded (a subset), so Chinese prints on any machine.
    expect(res.rawPayload.toString('latin1')).toMatch(/\/FontFile[23]?/);

    const no = await certificateNo(t.ctx, '2025', id);
    // One A4 page, whose QR code reads as the full address of the check page of its number.
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
    const url = `https://ky.example.cn/portal/verify?no=${no}`;
    // Read from the page as a phone would, where poppler is installed (npm test needs Node alone).
    if (canRasterisePdf()) expect(await qrTextOfPdf(res.rawPayload)).toBe(url);

    // What that page shows: what the paper prints, to compare with it.
    const ok = await t.post('/api/public/certificate/verify', { no: new URL(url).searchParams.get('no') });
    expect(ok.body.flag, JSON.stringify(ok.body)).toBe(true);
    expect(Object.keys(ok.body.data).sort()).toEqual(
      ['date', 'holder', 'no', 'result', 'status', 'statusName', 'topicName', 'unit'].sort(),
    );
    expect(ok.body.data).toMatchObject({ holder: '张明', unit: '石家庄市第一中学', no });
    expect(ok.body.data.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const page = t.ctx.schemas.pages.get('portal/certificate.verify') as { fields: { key: string }[] };
    expect(page.fields.map((f) => f.key)).toEqual(
      expect.arrayContaining(['holder', 'unit', 'topicName', 'date', 'no']),
    );
    expect(ok.body.data.status).toBe('18');
    expect(ok.body.data.topicName).toMatch(/^课堂教学研究/);
    expect(JSON.stringify(ok.body)).not.toContain(ID_CARD);

    const running = await topic('leader1', '1123');
    expect((await download(leader1, 'certificate', running)).json().result).toBe('课题尚未结题，不能下载结题证书');
    expect((await download(leader2, 'certificate', id)).statusCode).toBe(404);
  });

  it('a made-up, altered or not-concluded number answers not found in Chinese', async () => {
    const id = await topic('leader1', '1123', { status: '18', stage: 5 });
    const running = await topic('leader1', '1123');
    const genuine = await certificateNo(t.ctx, '2025', id);
    const altered = `${genuine.slice(0, -1)}${genuine.endsWith('A') ? 'B' : 'A'}`;
    for (const no of [
      'JTZS202500000001ABCDEF12',
      altered,
      await certificateNo(t.ctx, '2025', running),
      await certificateNo(t.ctx, '2024', id),
      'hello',
      '',
    ]) {
      const res = await t.post('/api/public/certificate/verify', { no });
      expect(res.body.flag).toBe(false);
      if (no) expect(res.body.result).toBe('未查询到该证书编号，请核对后重新输入');
    }
  });
});
