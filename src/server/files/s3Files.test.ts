import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp.js';
import { UPLOAD_MESSAGES } from '../../shared/fileTypes.js';
import { fileTestClient, md5Of } from './fileTestClient.js';
import { startS3TestServer } from './storage/s3TestServer.js';

const credentials = { accessKeyId: 'AKIDPORTAL', secretAccessKey: 'portal/secret+key' };

describe('file service on S3-compatible storage', () => {
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    s3 = await startS3TestServer({ bucket: 'portal', region: 'cn-north-1', credentials });
    t = await createTestApp({ files: { storage: 's3', s3: { endpoint: s3.endpoint, region: 'cn-north-1', bucket: 'portal', credentials, prefix: 'test' } } });
    headers = await t.loginAs('province');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('uploads in two chunks, keeps one object per content, serves ranges and refuses a wrong type', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.5\n'), crypto.randomBytes(9 * 1024 * 1024)]);
    const client = fileTestClient(t, headers);
    const sent = await client.send(bytes, '方案.pdf', { chunkSize: 5 * 1024 * 1024 });
    expect(sent.step).toBe('done');
    const md5 = md5Of(bytes);
    expect([...s3.objects.keys()]).toEqual([`test/blobs/${md5.slice(0, 2)}/${md5}`]);
    expect(s3.uploads.size).toBe(0);

    const res = await t.inject({ method: 'GET', url: `/api/file/download?id=${sent.file!.id}`, headers });
    expect(md5Of(res.rawPayload)).toBe(md5);
    const ranged = await t.inject({ method: 'GET', url: `/api/file/download?id=${sent.file!.id}`, headers: { ...headers, range: 'bytes=-4' } });
    expect(ranged.rawPayload.equals(bytes.subarray(-4))).toBe(true);

    const again = await client.send(bytes, '方案二.pdf');
    expect(again).toMatchObject({ step: 'done', instant: true });

    const small = Buffer.concat([Buffer.from('%PDF-1.5\n'), crypto.randomBytes(1000)]);
    expect((await client.send(small, 'one.pdf')).step).toBe('done');
    expect(s3.objects.size).toBe(2);

    const renamed = Buffer.concat([Buffer.from('MZ'), crypto.randomBytes(2000)]);
    expect((await client.send(renamed, 'x.pdf')).answer.result).toBe(UPLOAD_MESSAGES.wrongType);
    expect(s3.objects.size).toBe(2);
  });
});
