import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { UPLOAD_MESSAGES } from '../../../shared/fileTypes.js';
import { Readable } from 'node:stream';
import { fileTestClient, md5Of } from '../testing/fileTestClient.js';
import { fileService } from '../storage/fileService.js';
import { sweepExpiredUploads } from './uploadSweep.js';
import { blobKey } from '../storage/FileStorage.js';
import { startS3TestServer, type S3TestServer } from '../testing/s3TestServer.js';
import { mediaSample } from '../testing/conversionSamples.js';
import { claimConversion, conversionOf } from '../conversion/conversionJobs.js';
import { convertedKey, runConversion } from '../conversion/conversionWorker.js';

const credentials = { accessKeyId: 'AKIDPORTAL', secretAccessKey: 'portal/secret+key' };

describe('file service on S3-compatible storage', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let headers: Record<string, string>;
  const uploads = async () => (await s3.multipartUploads('portal')).length;

  beforeAll(async () => {
    s3 = await startS3TestServer({ buckets: ['portal'], credentials });
    t = await createTestApp({
      files: {
        storage: 's3',
        s3: { endpoint: s3.endpoint, region: 'cn-north-1', bucket: 'portal', credentials, prefix: 'test' },
      },
    });
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
    expect(await s3.objectKeys('portal')).toEqual([`test/blobs/${md5.slice(0, 2)}/${md5}`]);
    expect(await uploads()).toBe(0);

    const res = await t.inject({ method: 'GET', url: `/api/file/download?id=${sent.file!.id}`, headers });
    expect(md5Of(res.rawPayload)).toBe(md5);
    const ranged = await t.inject({
      method: 'GET',
      url: `/api/file/download?id=${sent.file!.id}`,
      headers: { ...headers, range: 'bytes=-4' },
    });
    expect(ranged.rawPayload.equals(bytes.subarray(-4))).toBe(true);

    const again = await client.send(bytes, '方案二.pdf');
    expect(again).toMatchObject({ step: 'done', instant: true });

    const small = Buffer.concat([Buffer.from('%PDF-1.5\n'), crypto.randomBytes(1000)]);
    expect((await client.send(small, 'one.pdf')).step).toBe('done');
    expect((await s3.objectKeys('portal')).length).toBe(2);

    const renamed = Buffer.concat([Buffer.from('MZ'), crypto.randomBytes(2000)]);
    expect((await client.send(renamed, 'x.pdf')).answer.result).toBe(UPLOAD_MESSAGES.wrongType);
    expect((await s3.objectKeys('portal')).length).toBe(2);
  });

  it('the sweep aborts the multipart upload of an assembly whose process died, once no live session assembles that content', async () => {
    const { storage } = fileService(t.ctx);
    const bytes = Buffer.concat([Buffer.from('%PDF-1.5\n'), crypto.randomBytes(6 * 1024 * 1024)]);
    const md5 = md5Of(bytes);
    const uploadId = crypto.randomBytes(16).toString('hex');
    await storage.putChunk(uploadId, 0, Readable.from([bytes]), { maxBytes: bytes.length, length: bytes.length });
    // A process assembled, then was killed before completing or aborting: its multipart upload stays.
    await storage.assemble(uploadId, 1, blobKey(md5), () => undefined);
    expect(await uploads()).toBe(1);
    const db = t.ctx.database.db;
    const { id: userId } = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'province')
      .executeTakeFirstOrThrow();
    const lease = fileService(t.ctx).config.assembleLeaseMs;
    const later = Date.now() + lease + 1000;

    // Young, or another process is still assembling that content (beating within the lease): kept.
    await sweepExpiredUploads(t.ctx);
    await db
      .insertInto('upload_sessions')
      .values({
        context_id: uploadId,
        user_id: userId,
        md5,
        chunks: 1,
        chunk_size: bytes.length,
        file_size: bytes.length,
        file_ext: 'pdf',
        belong_type: null,
        status: 'assembling',
        created_at: later,
        updated_at: later,
        expires_at: later + 3600_000,
      })
      .execute();
    await sweepExpiredUploads(t.ctx, later);
    expect(await uploads()).toBe(1);

    // That assembly finished (or died too): the orphan goes.
    await db.updateTable('upload_sessions').set({ status: 'complete' }).where('context_id', '=', uploadId).execute();
    await sweepExpiredUploads(t.ctx, later);
    expect(await uploads()).toBe(0);
    await storage.removeUpload(uploadId);
  });

  it('a converted file is stored in the bucket beside its original and served from there with ranges', async () => {
    const bytes = mediaSample('wav', 2);
    const md5 = md5Of(bytes);
    const sent = await fileTestClient(t, headers).send(bytes, '访谈录音.wav');
    expect(sent.step).toBe('done');
    const holder = 's3-conversion-test';
    const job = await claimConversion(t.ctx, holder, 60_000);
    expect(job?.md5).toBe(md5);
    await runConversion(t.ctx, job!, holder);
    expect(await conversionOf(t.ctx, md5)).toMatchObject({ state: 'done', error: null });
    expect(await s3.objectKeys('portal')).toContain(`test/${convertedKey(md5, 'audio')}`);
    // Nothing of the conversion is left in the bucket's upload area.
    expect(
      (await s3.objectKeys('portal')).filter((k) => !k.startsWith('test/blobs/') && !k.startsWith('test/converted/')),
    ).toEqual([]);
    const answer = (await t.post(`/api/file/preview/${sent.file!.id}`, {}, headers)).body.data;
    expect(answer.conversion.state).toBe('done');
    const part = await t.inject({ method: 'GET', url: answer.previewUrl, headers: { ...headers, range: 'bytes=4-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.toString()).toBe('ftyp');
  }, 60_000);
});
