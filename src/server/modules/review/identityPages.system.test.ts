/**
 * A Word 活页 is read through its converted PDF once there is one, and then by page: needs poppler's
 * pdftotext (npm run test:system).
 */
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobKey } from '../../platform/storage/FileStorage.js';
import { fileTestClient } from '../../platform/testing/fileTestClient.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { docxBytes } from '../topics/demoFiles.js';
import { ensureTopicContract } from './review.fixture.js';

let t: TestApp;

function twoPagePdf(secondPage: string): Promise<Buffer> {
  const doc = new PDFDocument();
  const parts: Buffer[] = [];
  doc.on('data', (c: Buffer) => parts.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(parts))));
  doc.text('Argument of the research');
  doc.addPage();
  doc.text(secondPage);
  doc.end();
  return done;
}

beforeAll(async () => {
  t = await createTestApp();
  ensureTopicContract(t);
});
afterAll(async () => {
  await t?.close();
});

describe('identity by page', () => {
  it('names the page of a converted 活页 where a number is found', async () => {
    const leader = await t.loginAs('leader1');
    const client = fileTestClient(t, leader);
    const paged = (
      await client.send(await docxBytes(['课题论证活页', '联系方式见后']), '活页3.docx', {
        belongType: 'topic.argumentSheet',
      })
    ).file!;
    const scan = (fileId: number) =>
      t.post(
        '/api/review/identityScan',
        { entity: 'topic', field: 'argumentSheet', fileId, record: { leaderMobile: '13912345678' } },
        leader,
      );
    const pdf = (await client.send(await twoPagePdf('Contact 13912345678'), 'converted.pdf')).file!;
    await t.ctx.database.db.deleteFrom('conversion_jobs').where('md5', '=', paged.md5).execute();
    await t.ctx.database.db
      .insertInto('conversion_jobs')
      .values({
        md5: paged.md5,
        target: 'pdf',
        source_ext: 'docx',
        state: 'done',
        attempts: 1,
        next_at: 0,
        output_key: blobKey(pdf.md5),
        output_size: 1,
        created_at: 0,
        updated_at: 0,
      })
      .execute();
    const p = await scan(paged.id);
    expect(p.body.data.findings).toEqual([{ word: '13912345678', kind: '手机号', page: 2 }]);
    expect(p.body.data.message).toContain('「13912345678」（手机号，第2页）');
  });
});
