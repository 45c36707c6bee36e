/**
 * What an expert of a blind batch is served of every kind of uploaded document carries nothing of
 * its author: a fixture set with a marker in every place a document can name or describe its author
 * (docx, xlsx, pptx, pdf; a legacy .doc) is uploaded, and each copy served to the expert —
 * download, preview, a signed link, a zip — is read whole: no marker is found. A legacy .doc is
 * served only as its converted PDF, cleaned.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindFiles } from '../../platform/files/fileRefs.js';
import { LEGACY_NOT_READY } from '../../platform/files/anonymousCopy.js';
import { blobKey } from '../../platform/storage/FileStorage.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import { fileTestClient } from '../../platform/testing/fileTestClient.js';
import { everythingIn, metadataFixtures, type MetadataFixture } from '../../platform/testing/metadataFixtures.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { zipEntries } from '../../platform/testing/zipEntries.js';
import { ensureTopicContract, insertTopic } from './review.fixture.js';

let t: TestApp;

/** An old Word file: an OLE compound file whose summary information names its author. */
const legacyDoc = (): MetadataFixture => ({
  name: 'fixture.doc',
  bytes: Buffer.concat([
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    Buffer.from('MKdocauthorX MKdoccompanyX'),
    crypto.randomBytes(512),
  ]),
  markers: ['MKdocauthorX', 'MKdoccompanyX'],
  body: '',
});

beforeAll(async () => {
  t = await createTestApp();
  ensureTopicContract(t);
});
afterAll(async () => {
  await t?.close();
});

describe('served copies of a blind batch', () => {
  it('carry no marker of any author place, on every path; a legacy .doc only as its cleaned PDF', async () => {
    // OpenDocument files are no upload type of the portal (src/shared/fileTypes.ts): their cleaning is
    // proved on the cleaner itself (stripAuthorMetadata.test.ts).
    const fixtures = [...(await metadataFixtures()).filter((f) => !f.name.endsWith('.odt')), legacyDoc()];
    const client = fileTestClient(t, await t.loginAs('leader1'));
    const files = [];
    for (const f of fixtures) {
      const sent = await client.send(f.bytes, f.name);
      expect(sent.file, `${f.name} ${JSON.stringify(sent)}`).toBeTruthy();
      files.push({ f, file: sent.file! });
    }
    const topicId = await insertTopic(t, {
      name: '元数据课题',
      leader: '陈老师',
      unit: '第一中学',
      subject: '3',
      areaCode: '1123',
      status: '2',
    });
    const entity = t.ctx.schemas.entities.get('topic')!;
    const store = KyselyRecordStore.of(t.ctx.database);
    const rec = (await store.get(entity, topicId))!;
    const refs = files.map(({ f, file }) => ({
      id: file.id,
      fileName: f.name,
      fileSize: f.bytes.length,
      fileSuffix: f.name.split('.').pop(),
      md5: file.md5,
    }));
    await store.update(entity, { ...rec, applicationDoc: refs }, rec.version);
    await bindFiles(
      t.ctx,
      'topic.applicationDoc',
      topicId,
      files.map(({ file }) => file.id),
    );
    const e = await t.post(
      '/api/resource/expert/save',
      {
        name: '隐名专家',
        unit: '师范大学',
        area: '1101',
        subject: '3',
        mobile: '13900000041',
        account: 'expert1',
        enabled: true,
      },
      await t.loginAs('province'),
    );
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    const city = await t.loginAs('city1123');
    const b = await t.post(
      '/api/resource/reviewBatch/save',
      {
        name: '元数据评审',
        level: '1',
        stage: '1',
        targetEntity: 'topic',
        blind: true,
        // The uploaded 申报书 is opened to the batch on purpose (a blind batch serves the 活页 alone otherwise).
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
    const a = await t.post(
      '/api/review/allocate',
      {
        batchId: b.body.data.id,
        mode: 'manual',
        targetIds: [topicId],
        pairs: [{ targetId: topicId, expertId: e.body.data.id }],
      },
      city,
    );
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const h = await t.loginAs('expert1');
    const get = (url: string) => t.inject({ method: 'GET', url, headers: h });
    const doc = files.find(({ f }) => f.name === 'fixture.doc')!.file;
    const others = files.filter(({ file }) => file.id !== doc.id);

    // Before its conversion exists, the .doc is refused to the expert, never sent as stored.
    const early = await get(`/api/file/download?id=${doc.id}`);
    expect([early.statusCode, JSON.parse(early.body).result]).toEqual([409, LEGACY_NOT_READY]);
    // Its conversion: a PDF carrying the same author markers (LibreOffice copies summary information into the PDF).
    const pdfFixture = fixtures.find((f) => f.name === 'fixture.pdf')!;
    const converted = (await client.send(pdfFixture.bytes, 'converted.pdf')).file!;
    await t.ctx.database.db.deleteFrom('conversion_jobs').where('md5', '=', doc.md5).execute();
    await t.ctx.database.db
      .insertInto('conversion_jobs')
      .values({
        md5: doc.md5,
        target: 'pdf',
        source_ext: 'doc',
        state: 'done',
        attempts: 1,
        next_at: 0,
        output_key: blobKey(converted.md5),
        output_size: pdfFixture.bytes.length,
        created_at: 0,
        updated_at: 0,
      })
      .execute();

    const links = (await t.post('/api/file/links', { ids: files.map(({ file }) => file.id) }, h)).body.data as Array<{
      id: number;
      downloadUrl: string;
      previewUrl: string;
    }>;
    const found: string[] = [];
    const check = async (what: string, bytes: Buffer, markers: string[]) => {
      const text = await everythingIn(bytes);
      for (const m of markers) if (text.includes(m)) found.push(`${what}: ${m}`);
    };
    for (const { f, file } of files) {
      const markers = f.name === 'fixture.doc' ? [...f.markers, ...pdfFixture.markers] : f.markers;
      const dl = await get(`/api/file/download?id=${file.id}`);
      expect(dl.statusCode, `${f.name} ${dl.body.slice(0, 200)}`).toBe(200);
      await check(`${f.name} download`, dl.rawPayload, markers);
      const link = links.find((l) => l.id === file.id)!;
      const viaLink = await get(link.downloadUrl);
      expect(viaLink.statusCode).toBe(200);
      await check(`${f.name} link`, viaLink.rawPayload, markers);
      if (f.name === 'fixture.doc') {
        expect(dl.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(String(dl.headers['content-disposition'])).toContain('.pdf');
      }
      if (f.name === 'fixture.pdf') {
        const preview = await get(link.previewUrl);
        expect(preview.statusCode).toBe(200);
        await check(`${f.name} preview`, preview.rawPayload, markers);
      }
    }
    const zip = await t.inject({
      method: 'POST',
      url: '/api/file/downloadZip',
      payload: { ids: files.map(({ file }) => file.id) },
      headers: h,
    });
    expect(zip.statusCode).toBe(200);
    const names = [...(await zipEntries(zip.rawPayload)).keys()];
    expect(names).toContain('fixture.pdf');
    expect(names.filter((n) => n.endsWith('.doc'))).toEqual([]);
    await check(
      'zip',
      zip.rawPayload,
      fixtures.flatMap((f) => f.markers),
    );
    expect(found).toEqual([]);
    expect(others.length).toBe(4);

    // The owner still downloads every original as uploaded.
    const own = await t.inject({
      method: 'GET',
      url: `/api/file/download?id=${doc.id}`,
      headers: await t.loginAs('leader1'),
    });
    expect(own.rawPayload.toString('latin1')).toContain('MKdocauthorX');
  });
});
