import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../../shared/fileTypes.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { fileTestClient, md5Of, pdfOf } from '../testing/fileTestClient.js';
import { fileService } from '../storage/fileService.js';
import { blobKey } from '../storage/FileStorage.js';

/** A file whose record is in the database and whose bytes are not in the storage. */
describe('stored files whose bytes are gone', () => {
  let t: TestApp;
  let province: Record<string, string>;
  let city: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    province = await t.loginAs('province');
    city = await t.loginAs('city1123');
  });
  afterAll(async () => t?.close());

  const download = (id: number, headers = province) =>
    t.inject({ method: 'GET', url: `/api/file/download?id=${id}`, headers });
  const missingFiles = async () => (await t.inject({ method: 'GET', url: '/readyz' })).json().missingFiles;

  it('are said to be missing (410, their own message, logged and counted in /readyz), not refused; uploading the same bytes again heals them', async () => {
    const bytes = pdfOf(6000);
    const sent = await fileTestClient(t, province).send(bytes, '结题报告.pdf');
    expect(sent.step).toBe('done');
    const id = sent.file!.id;
    expect((await download(id)).statusCode).toBe(200);
    const before = await missingFiles();

    const { storage } = fileService(t.ctx);
    await storage.remove(blobKey(md5Of(bytes)));
    const gone = await download(id);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().result).toBe(UPLOAD_MESSAGES.bytesMissing);
    // A range request meets the same answer.
    const ranged = await t.inject({
      method: 'GET',
      url: `/api/file/download?id=${id}`,
      headers: { ...province, range: 'bytes=0-9' },
    });
    expect(ranged.statusCode).toBe(410);
    expect(await missingFiles()).toBe(before + 1);
    // Someone who may not read the file still gets the refusal, which says nothing of the bytes.
    const refused = await download(id, city);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().result).toBe(UPLOAD_MESSAGES.missing);

    // The md5 check offers no instant upload for bytes that are not there: they are sent and stored.
    const again = await fileTestClient(t, province).send(bytes, '结题报告.pdf');
    expect(again.step).toBe('done');
    expect(again.instant).toBe(false);
    const healed = await download(id);
    expect(healed.statusCode).toBe(200);
    expect(md5Of(healed.rawPayload)).toBe(md5Of(bytes));
    expect(await missingFiles()).toBe(before);
    // With the bytes back, the next upload of them is instant again.
    expect((await fileTestClient(t, province).send(bytes, '副本.pdf')).instant).toBe(true);
  });

  it('a storage that does not answer is not a lost file: 503, try again later', async () => {
    const bytes = pdfOf(5000);
    const sent = await fileTestClient(t, province).send(bytes, '中期报告.pdf');
    const { storage } = fileService(t.ctx);
    const { createReadStream, exists } = storage;
    storage.createReadStream = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    storage.exists = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    try {
      const res = await download(sent.file!.id);
      expect(res.statusCode).toBe(503);
      expect(res.json().result).toBe(UPLOAD_MESSAGES.storageDown);
    } finally {
      storage.createReadStream = createReadStream;
      storage.exists = exists;
    }
    expect((await download(sent.file!.id)).statusCode).toBe(200);
  });
});
