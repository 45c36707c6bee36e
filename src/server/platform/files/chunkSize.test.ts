import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { createTestApp, type TestApp } from '../../testApp.js';
import { UPLOAD_MESSAGES } from '../../../shared/fileTypes.js';
import { fileTestClient, md5Of } from '../testing/fileTestClient.js';
import { resolveFileConfig } from '../config/fileConfig.js';

const KB = 1024;

describe("the chunk size is configurable (UPLOAD_CHUNK_MB) to fit a proxy's body limit", () => {
  let t: TestApp;
  let client: ReturnType<typeof fileTestClient>;
  beforeAll(async () => {
    t = await createTestApp({ files: { chunkBytes: 64 * KB } });
    client = fileTestClient(t, await t.loginAs('province'));
  });
  afterAll(async () => t?.close());

  it("defaults to SPEC's 1 GiB and reads UPLOAD_CHUNK_MB, refusing a value that is not a size", () => {
    expect(resolveFileConfig(loadConfig({})).chunkBytes).toBe(1073741824);
    expect(resolveFileConfig(loadConfig({ UPLOAD_CHUNK_MB: '50' })).chunkBytes).toBe(50 * 1024 * 1024);
    expect(() => loadConfig({ UPLOAD_CHUNK_MB: '0.5' })).toThrow(/UPLOAD_CHUNK_MB/);
  });

  it('tells the uploader, without a login, how big its chunks may be', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/file/uploadSettings' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ chunkSize: 64 * KB });
  });

  it('takes a file in chunks of that size and refuses bigger ones with a clear message', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(150 * KB, 3)]);
    const sent = await client.send(bytes, '分片.pdf', { chunkSize: 64 * KB });
    expect(sent.step).toBe('done');

    const other = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(150 * KB, 4)]);
    const tokens = await client.storageTokens({
      fileExt: 'pdf',
      chunks: 1,
      md5: md5Of(other),
      fileSize: other.length,
      belongType: 'announcement.attachments',
    });
    const refused = await client.prepare(tokens.data.prepareToken, 1073741824, md5Of(other));
    expect(refused).toMatchObject({ flag: false, result: UPLOAD_MESSAGES.chunkTooLarge });
    // A small file in one chunk is fine whatever chunk size it announces.
    const small = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * KB, 5)]);
    expect((await client.send(small, '小.pdf')).step).toBe('done');
  });
});
