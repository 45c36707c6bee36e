/**
 * Blind review material: what an expert of a blind batch opens names nobody. The task's record
 * has no identity field (the fields the topic schema marks "identity": true), the generated
 * application is a PDF whose text holds neither leader nor unit, and the applicant's uploaded docx
 * and PDF come without author, company or last-modified-by; the stored originals keep them, and
 * an expert of a batch that is not blind gets everything as it is.
 */
import PDFDocument from 'pdfkit';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileTestClient, pngOf } from '../../platform/testing/fileTestClient.js';
import { bindFiles } from '../../platform/files/fileRefs.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { pdfText } from '../../platform/testing/pdfText.js';
import { zipEntries } from '../../platform/testing/zipEntries.js';
import { ensureTopicContract, insertTopic } from './review.fixture.js';

type H = Record<string, string>;
let t: TestApp;
let city: H;

const LEADER = '张明远';
const UNIT = '定州市青松中学';
const PEOPLE = ['Zhang Mingyuan', 'Li Mishu', 'Qingsong School', 'Wang Xiaozhang'];

async function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const parts: Buffer[] = [];
  for await (const c of zip.outputStream as AsyncIterable<Buffer>) parts.push(c);
  return Buffer.concat(parts);
}

/** A Word document whose properties name its author, editor, company and manager. */
const docx = () =>
  zipOf({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>研究内容</w:t></w:r></w:p></w:body></w:document>',
    'docProps/core.xml': `<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>申报材料</dc:title><dc:creator>${PEOPLE[0]}</dc:creator><cp:lastModifiedBy>${PEOPLE[1]}</cp:lastModifiedBy></cp:coreProperties>`,
    'docProps/app.xml': `<?xml version="1.0" encoding="UTF-8"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>Microsoft Office Word</Application><Company>${PEOPLE[2]}</Company><Manager>${PEOPLE[3]}</Manager></Properties>`,
  });

/** A PDF whose Info names its author, and its creator and producer after them. */
function pdf(): Promise<Buffer> {
  const doc = new PDFDocument({
    info: { Author: PEOPLE[0], Creator: `Word - ${PEOPLE[1]}`, Producer: `${PEOPLE[2]} PDF` },
  });
  const parts: Buffer[] = [];
  doc.on('data', (c: Buffer) => parts.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(parts))));
  doc.text('Research plan');
  doc.end();
  return done;
}

/** The docProps parts of a served Office file, as text. */
async function officeProps(bytes: Buffer): Promise<string> {
  const entries = await zipEntries(bytes);
  return [...entries]
    .filter(([name]) => name.startsWith('docProps/'))
    .map(([, b]) => b.toString('utf8'))
    .join('');
}

let expertId: number;
/** A topic with an uploaded docx and PDF, in a batch (blind or not) with expert1 assigned. */
async function reviewed(blind: boolean, name: string) {
  const client = fileTestClient(t, await t.loginAs('leader1'));
  const files = [
    (await client.send(await docx(), `${name}申报书.docx`)).file!,
    (await client.send(await pdf(), `${name}附件.pdf`)).file!,
  ];
  const picture = (await client.send(pngOf(), `${name}照片.png`)).file!;
  const topicId = await insertTopic(t, {
    name,
    leader: LEADER,
    unit: UNIT,
    subject: '3',
    areaCode: '1123',
    status: '2',
  });
  const entity = t.ctx.schemas.entities.get('topic')!;
  const store = KyselyRecordStore.of(t.ctx.database);
  const rec = (await store.get(entity, topicId))!;
  const refs = files.map((f, i) => ({
    id: f.id,
    fileName: `f${i}`,
    fileSize: 1,
    fileSuffix: ['docx', 'pdf'][i],
    md5: f.md5,
  }));
  const pictureRef = { id: picture.id, fileName: 'p', fileSize: 1, fileSuffix: 'png', md5: picture.md5 };
  await store.update(entity, { ...rec, applicationDoc: refs, attachments: [pictureRef] }, rec.version);
  await bindFiles(t.ctx, 'topic.attachments', topicId, [picture.id]);
  await bindFiles(
    t.ctx,
    'topic.applicationDoc',
    topicId,
    files.map((f) => f.id),
  );
  const b = await t.post(
    '/api/resource/reviewBatch/save',
    {
      name: `${name}评审`,
      level: '1',
      stage: '1',
      targetEntity: 'topic',
      blind,
      // The uploads are opened to the batch on purpose: what is served must still name nobody.
      openMaterials: true,
      outOfArea: false,
      startTime: '2020-01-01 00:00:00',
      endTime: '2099-12-31 23:59:59',
      expertsPerTopic: 1,
      rule: '1',
      criteria: [{ name: '总体', maxScore: 100 }],
      recommendations: ['同意立项'],
    },
    city,
  );
  expect(b.status, JSON.stringify(b.body)).toBe(200);
  const pairs = [{ targetId: topicId, expertId }];
  const a = await t.post(
    '/api/review/allocate',
    { batchId: b.body.data.id, mode: 'manual', targetIds: [topicId], pairs },
    city,
  );
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  const expert = await t.loginAs('expert1');
  const list = (await t.post('/api/resource/review/list', { pageSize: 50 }, expert)).body.data.list;
  const review = list.find((r: { targetId: unknown }) => Number(r.targetId) === topicId);
  return {
    topicId,
    reviewId: review.id as number,
    docxId: files[0]!.id,
    pdfId: files[1]!.id,
    pictureId: picture.id,
    expert,
  };
}

const get = (url: string, h: H) => t.inject({ method: 'GET', url, headers: h });

beforeAll(async () => {
  t = await createTestApp();
  ensureTopicContract(t);
  city = await t.loginAs('city1123');
  const e = await t.post(
    '/api/resource/expert/save',
    {
      name: '隐名专家',
      unit: '师范大学',
      area: '1101',
      subject: '3',
      mobile: '13900000031',
      account: 'expert1',
      enabled: true,
    },
    await t.loginAs('province'),
  );
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  expertId = e.body.data.id;
});
afterAll(async () => {
  await t?.close();
});

describe('blind review material', () => {
  it('the identity fields come from the topic schema', () => {
    const fields = t.ctx.schemas.entities.get('topic')!.fields;
    for (const f of ['leader', 'unit', 'members', 'leaderIdCard']) expect(fields[f]?.identity, f).toBe(true);
    expect(fields.name?.identity).toBeUndefined();
  });

  it('an expert of a blind batch opens a record, an application PDF and documents that name nobody', async () => {
    const r = await reviewed(true, '隐名评审课题');
    const task = (await t.post('/api/review/task', { id: r.reviewId }, r.expert)).body.data;
    expect(task.target.name).toBe('隐名评审课题');
    for (const f of ['leader', 'unit', 'members', 'leaderIdCard']) expect(task.target, f).not.toHaveProperty(f);
    expect(JSON.stringify(task.target)).not.toContain(LEADER);
    expect(task.hiddenFields.map((h: { field: string }) => h.field)).toEqual(
      expect.arrayContaining(['leader', 'unit']),
    );
    // The topic itself stays closed to the expert: authorisation is per record.
    expect((await t.post('/api/resource/topic/get', { id: r.topicId }, r.expert)).status).toBe(404);

    const app = await t.inject({ method: 'POST', url: `/api/review/application?id=${r.reviewId}`, headers: r.expert });
    expect(app.statusCode).toBe(200);
    expect(app.headers['content-type']).toBe('application/pdf');
    const text = pdfText(app.rawPayload);
    expect(text).toContain('隐名评审课题');
    expect(text).toContain('匿名评审（已隐去）');
    expect(text).not.toContain(LEADER);
    expect(text).not.toContain(UNIT);

    const word = await get(`/api/file/download?id=${r.docxId}`, r.expert);
    expect(word.statusCode).toBe(200);
    const props = await officeProps(word.rawPayload);
    // The title goes too (it may say whose the document is); the body stays.
    expect(props).not.toContain('申报材料');
    expect((await zipEntries(word.rawPayload)).get('word/document.xml')!.toString('utf8')).toContain('研究内容');
    for (const p of PEOPLE) expect(props, p).not.toContain(p);
    const served = await get(`/api/file/download?id=${r.pdfId}`, r.expert);
    expect(served.statusCode).toBe(200);
    expect(pdfText(served.rawPayload)).toContain('Research plan');
    for (const p of PEOPLE) expect(served.rawPayload.toString('latin1'), p).not.toContain(p);
    // Through a signed preview link too.
    const link = (await t.post('/api/file/links', { ids: [r.pdfId] }, r.expert)).body.data[0];
    const preview = await get(link.previewUrl, r.expert);
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload.toString('latin1')).not.toContain(PEOPLE[0]);
    // A picture, like video and audio, has nothing to clean: served as stored, with ranges, so
    // the blind expert's player seeks as anyone's does.
    const part = await get(`/api/file/preview/${r.pictureId}`, { ...r.expert, range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(10);

    // And in a zip of both.
    const zip = await t.inject({
      method: 'POST',
      url: '/api/file/downloadZip',
      payload: { ids: [r.docxId, r.pdfId] },
      headers: r.expert,
    });
    expect(zip.statusCode).toBe(200);
    const inZip = [...(await zipEntries(zip.rawPayload)).values()];
    expect(inZip).toHaveLength(2);
    for (const p of PEOPLE) expect(await officeProps(inZip[0]!), p).not.toContain(p);
    expect(inZip[1]!.toString('latin1')).not.toContain(PEOPLE[0]);

    // The stored originals are untouched: their owner downloads them as uploaded.
    const leader = await t.loginAs('leader1');
    expect(await officeProps((await get(`/api/file/download?id=${r.docxId}`, leader)).rawPayload)).toContain(PEOPLE[0]);
    expect((await get(`/api/file/download?id=${r.pdfId}`, leader)).rawPayload.toString('latin1')).toContain(PEOPLE[0]);
  });

  it('an expert of a batch that is not blind gets the record, a Word application and the documents as they are', async () => {
    const r = await reviewed(false, '公开评审课题');
    const task = (await t.post('/api/review/task', { id: r.reviewId }, r.expert)).body.data;
    expect(task.target.leader).toBe(LEADER);
    expect(task.target.unit).toBe(UNIT);
    expect(task.hiddenFields).toEqual([]);
    const app = await t.inject({ method: 'POST', url: `/api/review/application?id=${r.reviewId}`, headers: r.expert });
    expect(app.statusCode).toBe(200);
    expect(String(app.headers['content-disposition'])).toContain('.docx');
    const props = await officeProps((await get(`/api/file/download?id=${r.docxId}`, r.expert)).rawPayload);
    for (const p of PEOPLE) expect(props, p).toContain(p);
    const served = (await get(`/api/file/download?id=${r.pdfId}`, r.expert)).rawPayload.toString('latin1');
    expect(served).toContain(PEOPLE[0]);
  });
});
