import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { UPLOAD_MESSAGES } from '../../../shared/fileTypes.js';
import { fileTestClient, md5Of, pdfOf as pdf, pngOf as png } from '../testing/fileTestClient.js';
import { sweepExpiredUploads } from './uploads.js';

// Uploads through HTTP: chunks, resumption, instant upload, refusals, sessions and the sweep.
// Reading what was stored (downloads by others, previews, zips, record binding): fileServing.test.ts.
const exe = (size = 4000) =>
  Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), crypto.randomBytes(size)]);
const text = (s: string) => Buffer.from(s, 'utf8');

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe('file service through HTTP', () => {
  let t: TestApp;
  let province: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    province = await t.loginAs('province');
  });
  afterAll(async () => t?.close());

  it('uploads a file in one chunk, then downloads it with its Chinese name in content-disposition', async () => {
    const bytes = pdf();
    const sent = await fileTestClient(t, province).send(bytes, '课题申报书（终稿）.pdf');
    expect(sent.step).toBe('done');
    expect(sent.instant).toBe(false);
    expect(sent.file!.fileName).toBe('课题申报书（终稿）.pdf');
    expect(sent.file!.previewUrl).toMatch(/^\/api\/file\/preview\/\d+\?t=/);

    const res = await t.inject({ method: 'GET', url: `/api/file/download?id=${sent.file!.id}`, headers: province });
    expect(res.statusCode).toBe(200);
    expect(md5Of(res.rawPayload)).toBe(md5Of(bytes));
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_________.pdf"; filename*=UTF-8''${encodeURIComponent('课题申报书（终稿）.pdf')}`,
    );

    const ranged = await t.inject({
      method: 'GET',
      url: `/api/file/download?id=${sent.file!.id}`,
      headers: { ...province, range: 'bytes=5-14' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 5-14/${bytes.length}`);
    expect(ranged.rawPayload.equals(bytes.subarray(5, 15))).toBe(true);
  });

  it('answers a known md5 at once (instant upload) and sends no bytes again', async () => {
    const bytes = pdf();
    const client = fileTestClient(t, province);
    const first = await client.send(bytes, 'a.pdf');
    expect(first.step).toBe('done');
    const check = await client.checkMd5(md5Of(bytes));
    expect(check.data).toMatchObject({ md5: md5Of(bytes), contextId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const second = await client.send(bytes, '第二份.pdf');
    expect(second).toMatchObject({ step: 'done', instant: true });
    expect(second.file!.id).not.toBe(first.file!.id);
    expect(second.file!.md5).toBe(md5Of(bytes));
    const blobs = await t.ctx.database.db
      .selectFrom('file_blobs')
      .select('md5')
      .where('md5', '=', md5Of(bytes))
      .execute();
    expect(blobs).toHaveLength(1);
  });

  it('resumes a two-chunk upload interrupted after the first chunk', async () => {
    const chunkSize = 64 * 1024;
    const bytes = pdf(chunkSize + 5000);
    const md5 = md5Of(bytes);
    const client = fileTestClient(t, province);
    const meta = { fileExt: 'pdf', chunks: 2, md5, fileSize: bytes.length, belongType: 'announcement.attachments' };
    const tokens = await client.storageTokens(meta);
    expect(tokens.data).toMatchObject({ md5, fileServerUrl: '/fileserver/v2' });
    const prepared = await client.prepare(tokens.data.prepareToken, chunkSize, md5);
    expect(prepared.data.chunks).toEqual([]);
    const contextId = prepared.data.contextId;
    const chunkTokens = await client.chunkTokens({ fileExt: 'pdf', chunks: 2, md5, contextId });
    const first = await client.upload(chunkTokens.data.chunkToken, contextId, 0, bytes.subarray(0, chunkSize));
    expect(first.flag).toBe(true);
    // Completing now is refused: a chunk is missing.
    const early = await client.complete(chunkTokens.data.completeToken, contextId);
    expect(early).toMatchObject({ flag: false, result: UPLOAD_MESSAGES.incomplete, data: { missing: [1] } });

    // The page is reloaded: the uploader starts again from the md5 and finds its upload.
    expect((await client.checkMd5(md5)).data.contextId).toBeNull();
    const again = await client.storageTokens(meta);
    const resumed = await client.prepare(again.data.prepareToken, chunkSize, md5);
    expect(resumed.data).toMatchObject({ contextId, chunks: [0] });
    expect((await client.getchunks(again.data.md5Token, contextId)).data).toMatchObject({
      chunks: [0],
      total: 2,
      complete: false,
    });
    const fresh = await client.chunkTokens({ fileExt: 'pdf', chunks: 2, md5, contextId });
    expect((await client.upload(fresh.data.chunkToken, contextId, 1, bytes.subarray(chunkSize))).flag).toBe(true);
    const done = await client.complete(fresh.data.completeToken, contextId);
    expect(done).toMatchObject({ flag: true, data: { md5, fileSize: bytes.length } });
    const record = await client.uploadFile({
      belongType: 'announcement.attachments',
      contextId,
      originalFileName: '分两片.pdf',
    });
    const res = await t.inject({ method: 'GET', url: `/api/file/download?id=${record.data.id}`, headers: province });
    expect(md5Of(res.rawPayload)).toBe(md5);
    // Chunks are gone once the file is whole.
    expect(walk(path.join(t.ctx.config.dataDir, 'files', 'uploads', contextId))).toEqual([]);
  });

  it('refuses a corrupted chunk: by its own md5 at once, and by the whole file md5 at completion', async () => {
    const chunkSize = 32 * 1024;
    const bytes = pdf(chunkSize * 2 - 100);
    const md5 = md5Of(bytes);
    const client = fileTestClient(t, province);
    const tokens = await client.storageTokens({ fileExt: 'pdf', chunks: 2, md5, fileSize: bytes.length });
    const { contextId } = (await client.prepare(tokens.data.prepareToken, chunkSize, md5)).data;
    const ct = (await client.chunkTokens({ fileExt: 'pdf', chunks: 2, md5, contextId })).data;
    const good = bytes.subarray(0, chunkSize);
    const bad = Buffer.from(good);
    bad[100] ^= 0xff;

    const refused = await client.upload(ct.chunkToken, contextId, 0, bad, md5Of(good));
    expect(refused).toMatchObject({ flag: false, result: UPLOAD_MESSAGES.md5Mismatch });
    expect((await client.getchunks(ct.chunkToken, contextId)).data.chunks).toEqual([]);

    // Sent without a chunk md5, the damage is found when the file is assembled.
    await client.upload(ct.chunkToken, contextId, 0, bad);
    await client.upload(ct.chunkToken, contextId, 1, bytes.subarray(chunkSize));
    const done = await client.complete(ct.completeToken, contextId);
    expect(done).toMatchObject({ flag: false, result: UPLOAD_MESSAGES.md5Mismatch });
    // Nothing of it is kept: the upload starts over, no blob exists under the claimed md5.
    expect((await client.getchunks(ct.chunkToken, contextId)).data.chunks).toEqual([]);
    expect(
      await t.ctx.database.db.selectFrom('file_blobs').select('md5').where('md5', '=', md5).executeTakeFirst(),
    ).toBeUndefined();
    expect(walk(path.join(t.ctx.config.dataDir, 'files', 'blobs')).some((f) => f.endsWith(md5))).toBe(false);
    // Sent again properly, it completes.
    await client.upload(ct.chunkToken, contextId, 0, good, md5Of(good));
    await client.upload(ct.chunkToken, contextId, 1, bytes.subarray(chunkSize));
    expect((await client.complete(ct.completeToken, contextId)).flag).toBe(true);
  });

  it('refuses a chunk larger than announced and a chunk index out of range', async () => {
    const bytes = pdf(1000);
    const md5 = md5Of(bytes);
    const client = fileTestClient(t, province);
    const tokens = await client.storageTokens({ fileExt: 'pdf', chunks: 1, md5, fileSize: bytes.length });
    const { contextId } = (await client.prepare(tokens.data.prepareToken, 1 << 20, md5)).data;
    const ct = (await client.chunkTokens({ fileExt: 'pdf', chunks: 1, md5, contextId })).data;
    const big = await client.upload(ct.chunkToken, contextId, 0, Buffer.concat([bytes, Buffer.alloc(10)]));
    expect(big.flag).toBe(false);
    expect(big.code).toBe(413);
    expect((await client.upload(ct.chunkToken, contextId, 1, bytes)).result).toBe('参数不合法');
    // The chunk count has to fit the size.
    expect((await client.prepare(tokens.data.prepareToken, 100, md5)).result).toBe('参数不合法');
  });

  it('stores hostile file names safely and shows them sanitised', async () => {
    const client = fileTestClient(t, province);
    const cases: [string, string][] = [
      ['../../etc/passwd.txt', 'passwd.txt'],
      ['..\\..\\windows\\win.ini.txt', 'win.ini.txt'],
      ['a\u0007b\u202e.txt', 'ab.txt'],
      ['<img src=x onerror=alert(1)>.txt', '_img src=x onerror=alert(1)_.txt'],
      ['<script>alert(1)</script>.txt', 'script_.txt'],
      ['   ', 'file'],
      [`${'很长的名字'.repeat(60)}.txt`, `${'很长的名字'.repeat(60).slice(0, 116)}.txt`],
    ];
    for (const [name, shown] of cases) {
      const bytes = text(`内容 ${crypto.randomUUID()}`);
      const sent = await client.send(bytes, name.trim() ? name : 'x.txt');
      expect(sent.step).toBe('done');
      if (!name.trim()) {
        // A blank name cannot come with a valid extension; checked through uploadFile itself.
        const record = await client.uploadFile({
          belongType: 'announcement.attachments',
          contextId: sent.file!.contextId,
          originalFileName: name,
        });
        expect(record.result).toBe(UPLOAD_MESSAGES.wrongType);
        continue;
      }
      expect(sent.file!.fileName).toBe(shown);
      const res = await t.inject({ method: 'GET', url: `/api/file/download?id=${sent.file!.id}`, headers: province });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).not.toMatch(/[\u0000-\u001f]|\.\.\//);
    }
    // A NUL byte is refused outright (PostgreSQL cannot store it), like in any other string.
    const sent = await client.send(text(`内容 ${crypto.randomUUID()}`), 'x.txt');
    const nul = await client.uploadFile({
      belongType: 'announcement.attachments',
      contextId: sent.file!.contextId,
      originalFileName: 'a\u0000b.txt',
    });
    expect(nul).toMatchObject({ flag: false, result: '参数不合法' });
    // Whatever the names, storage holds md5-named blobs only.
    const stored = walk(path.join(t.ctx.config.dataDir, 'files')).map((f) =>
      path.relative(path.join(t.ctx.config.dataDir, 'files'), f),
    );
    expect(stored.length).toBeGreaterThan(0);
    for (const f of stored) expect(f).toMatch(/^blobs\/[0-9a-f]{2}\/[0-9a-f]{32}$/);
    expect(fs.existsSync('/etc/passwd.txt')).toBe(false);
  });

  it('refuses a program renamed .pdf, binary data named .txt and a picture named .pdf, keeping nothing', async () => {
    const client = fileTestClient(t, province);
    for (const [bytes, name] of [
      [exe(), 'report.pdf'],
      [crypto.randomBytes(3000), 'notes.txt'],
      [png(), 'scan.pdf'],
      [exe(), 'setup.exe'],
    ] as const) {
      const sent = await client.send(bytes, name);
      expect(sent.answer.result).toBe(UPLOAD_MESSAGES.wrongType);
      expect(
        await t.ctx.database.db
          .selectFrom('file_blobs')
          .select('md5')
          .where('md5', '=', md5Of(bytes))
          .executeTakeFirst(),
      ).toBeUndefined();
    }
    // The .exe is refused before any byte is sent.
    expect((await client.send(exe(), 'setup.exe')).step).toBe('tokens');
    // Genuine kinds pass: a picture as .png, text in GBK-like bytes as .txt.
    expect((await client.send(png(), 'scan.png')).step).toBe('done');
    expect((await client.send(Buffer.from([0xc4, 0xe3, 0xba, 0xc3, 0x0d, 0x0a, 0x41]), 'gbk.txt')).step).toBe('done');
  });

  it('refuses a file over the field size limit, declared or not', async () => {
    const client = fileTestClient(t, province);
    const big = pdf(10 * 1024 * 1024 + 1);
    const declared = await client.send(big, 'big.pdf');
    expect(declared).toMatchObject({ step: 'tokens', answer: { result: '上传文件大小不能超过10MB' } });
    const undeclared = await client.send(big, 'big.pdf', { declareSize: false });
    expect(undeclared).toMatchObject({ step: 'upload', answer: { result: '上传文件大小不能超过10MB' } });
    // In chunks that each fit, the total is still bounded by the field's limit.
    const chunked = await client.send(big, 'big.pdf', { declareSize: false, chunkSize: 6 * 1024 * 1024 });
    expect(chunked).toMatchObject({ step: 'upload', answer: { result: '上传文件大小不能超过10MB' } });
    expect(
      await t.ctx.database.db.selectFrom('file_blobs').select('md5').where('md5', '=', md5Of(big)).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses uploads without a session, a forged token, or a token for another md5', async () => {
    const client = fileTestClient(t, province);
    const bytes = pdf();
    const md5 = md5Of(bytes);
    expect((await t.post('/api/file/checkMd5', { md5 })).body.code).toBe(501);
    expect((await t.post('/fileserver/v2/prepare', { token: 'x', chunkSize: 10 })).body.code).toBe(501);
    const tokens = await client.storageTokens({ fileExt: 'pdf', chunks: 1, md5 });
    const [body, mac] = tokens.data.prepareToken.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...claims, m: md5Of(Buffer.from('other')) })).toString('base64url')}.${mac}`;
    expect((await client.prepare(forged, 1 << 20)).flag).toBe(false);
    // An md5 token does not open a session.
    expect((await client.prepare(tokens.data.md5Token, 1 << 20)).flag).toBe(false);
    // Nor does a token for one md5 claim another.
    expect((await client.prepare(tokens.data.prepareToken, 1 << 20, md5Of(Buffer.from('other')))).result).toBe(
      '参数不合法',
    );
    expect((await client.checkMd5('not-an-md5')).result).toBe('参数不合法');
  });

  it('drops the chunks of uploads nobody resumed in time', async () => {
    const client = fileTestClient(t, province);
    const bytes = pdf(70_000);
    const md5 = md5Of(bytes);
    const tokens = await client.storageTokens({ fileExt: 'pdf', chunks: 2, md5, fileSize: bytes.length });
    const { contextId } = (await client.prepare(tokens.data.prepareToken, 40_000, md5)).data;
    const ct = (await client.chunkTokens({ fileExt: 'pdf', chunks: 2, md5, contextId })).data;
    await client.upload(ct.chunkToken, contextId, 0, bytes.subarray(0, 40_000));
    const dir = path.join(t.ctx.config.dataDir, 'files', 'uploads', contextId);
    expect(walk(dir)).toHaveLength(1);
    await sweepExpiredUploads(t.ctx, Date.now() + 8 * 24 * 3600 * 1000);
    expect(walk(dir)).toHaveLength(0);
    expect(
      await t.ctx.database.db
        .selectFrom('upload_sessions')
        .select('context_id')
        .where('context_id', '=', contextId)
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});
