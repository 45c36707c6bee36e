import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { fileConfigFromEnv } from '../config/fileConfig.js';
import { fileTestClient, md5Of } from '../testing/fileTestClient.js';
import { sweepExpiredUploads } from './uploadSweep.js';

const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(size)]);
type H = Record<string, string>;

/** Uploads the chunks of a file and stops before complete; answers what complete needs. */
async function uploadChunks(t: TestApp, h: H, bytes: Buffer, chunkSize: number) {
  const client = fileTestClient(t, h);
  const md5 = md5Of(bytes);
  const chunks = Math.ceil(bytes.length / chunkSize);
  const tokens = (await client.storageTokens({ fileExt: 'pdf', chunks, md5, fileSize: bytes.length })).data;
  const contextId = (await client.prepare(tokens.prepareToken, chunkSize, md5)).data.contextId as string;
  const chunkTokens = (await client.chunkTokens({ fileExt: 'pdf', chunks, md5, contextId })).data;
  for (let i = 0; i < chunks; i++) {
    const piece = bytes.subarray(i * chunkSize, (i + 1) * chunkSize);
    expect((await client.upload(chunkTokens.chunkToken, contextId, i, piece, md5Of(piece))).flag).toBe(true);
  }
  return { client, contextId, completeToken: chunkTokens.completeToken as string, md5 };
}

const uploadDirOf = (t: TestApp, contextId: string) => path.join(t.ctx.config.dataDir, 'files', 'uploads', contextId);

describe('crash-safe, idempotent upload completion and the sweep of stale uploads', () => {
  let t: TestApp;
  let h: H;

  beforeAll(async () => {
    t = await createTestApp({ files: { assembleLeaseMs: 300 } });
    h = await t.loginAs('province');
  });
  afterAll(async () => t?.close());

  it('completes again after a crash mid-assembly (session left assembling, a stray temporary file), and a retried complete answers the same', async () => {
    const bytes = pdf(9000);
    const { client, contextId, completeToken, md5 } = await uploadChunks(t, h, bytes, 4000);
    // What a kill -9 during complete leaves: the session marked assembling, half an assembled file.
    const db = t.ctx.database.db;
    await db
      .updateTable('upload_sessions')
      .set({ status: 'assembling', updated_at: Date.now() })
      .where('context_id', '=', contextId)
      .execute();
    fs.writeFileSync(path.join(uploadDirOf(t, contextId), 'assembled.deadbeef0000.tmp'), bytes.subarray(0, 5000));
    // While the dead assembly's lease runs, a retry is told to wait, and the chunks stay listed.
    const early = await client.complete(completeToken, contextId);
    expect(early).toMatchObject({ flag: false, result: '文件正在处理，请稍候' });
    await new Promise((r) => setTimeout(r, 400));
    const done = await client.complete(completeToken, contextId);
    expect(done.flag, JSON.stringify(done)).toBe(true);
    expect(done.data).toMatchObject({ contextId, md5, fileSize: bytes.length });
    expect(await client.complete(completeToken, contextId)).toMatchObject({ flag: true, data: done.data });
    expect(fs.existsSync(uploadDirOf(t, contextId))).toBe(false);
    const record = await client.uploadFile({
      belongType: 'announcement.attachments',
      contextId,
      originalFileName: '恢复.pdf',
    });
    const res = await t.inject({ method: 'GET', url: `/api/file/download?id=${record.data.id}`, headers: h });
    expect(md5Of(res.rawPayload)).toBe(md5);
  });

  it('keeps every chunk when an assembly fails, so the same complete works once the cause is gone', async () => {
    const bytes = pdf(5000);
    const { client, contextId, completeToken, md5 } = await uploadChunks(t, h, bytes, 3000);
    const dir = uploadDirOf(t, contextId);
    const before = fs
      .readdirSync(dir)
      .filter((n) => n.endsWith('.chunk'))
      .sort();
    // A chunk unreadable for a moment (as a disk error would be): the assembly fails, nothing is lost.
    fs.renameSync(path.join(dir, '1.chunk'), path.join(dir, 'hidden'));
    fs.mkdirSync(path.join(dir, '1.chunk'));
    expect((await client.complete(completeToken, contextId)).flag).toBe(false);
    fs.rmdirSync(path.join(dir, '1.chunk'));
    fs.renameSync(path.join(dir, 'hidden'), path.join(dir, '1.chunk'));
    expect(fs.readdirSync(dir).filter((n) => n.startsWith('assembled.'))).toEqual([]);
    expect(
      fs
        .readdirSync(dir)
        .filter((n) => n.endsWith('.chunk'))
        .sort(),
    ).toEqual(before);
    expect((await client.complete(completeToken, contextId)).data).toMatchObject({ md5 });
  });

  it('sweeps stale sessions (open, and assemblies that died) with their chunks, and leaves live ones', async () => {
    const db = t.ctx.database.db;
    const stale = await uploadChunks(t, h, pdf(3000), 2000);
    const dead = await uploadChunks(t, h, pdf(3100), 2000);
    const live = await uploadChunks(t, h, pdf(3200), 2000);
    await db
      .updateTable('upload_sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('context_id', 'in', [stale.contextId, dead.contextId])
      .execute();
    await db
      .updateTable('upload_sessions')
      .set({ status: 'assembling', updated_at: Date.now() - 60_000 })
      .where('context_id', '=', dead.contextId)
      .execute();
    expect(await sweepExpiredUploads(t.ctx)).toBeGreaterThanOrEqual(2);
    for (const gone of [stale.contextId, dead.contextId]) {
      expect(fs.existsSync(uploadDirOf(t, gone))).toBe(false);
      expect(
        await db.selectFrom('upload_chunks').select('chunk_index').where('context_id', '=', gone).execute(),
      ).toEqual([]);
      expect(await db.selectFrom('upload_sessions').select('status').where('context_id', '=', gone).execute()).toEqual(
        [],
      );
    }
    expect(fs.readdirSync(uploadDirOf(t, live.contextId)).filter((n) => n.endsWith('.chunk'))).toHaveLength(2);
    expect((await live.client.complete(live.completeToken, live.contextId)).flag).toBe(true);
  });

  it('reads the sweep settings from the environment', () => {
    expect(fileConfigFromEnv({ UPLOAD_STALE_HOURS: '2', UPLOAD_SWEEP_MINUTES: '5' })).toMatchObject({
      resumeTtlMs: 2 * 3600_000,
      sweepEveryMs: 5 * 60_000,
    });
    expect(fileConfigFromEnv({ UPLOAD_STALE_HOURS: '' }).resumeTtlMs).toBeUndefined();
    expect(() => fileConfigFromEnv({ UPLOAD_STALE_HOURS: 'x' })).toThrow('UPLOAD_STALE_HOURS must be');
  });

  it('runs the sweep on a timer started with the server and stopped when it closes', async () => {
    const app = await createTestApp({ files: { sweepEveryMs: 100, resumeTtlMs: 60_000 } });
    try {
      const up = await uploadChunks(app, await app.loginAs('province'), pdf(3000), 2000);
      await app.ctx.database.db
        .updateTable('upload_sessions')
        .set({ expires_at: Date.now() - 1 })
        .where('context_id', '=', up.contextId)
        .execute();
      await expect.poll(() => fs.existsSync(uploadDirOf(app, up.contextId)), { timeout: 5000 }).toBe(false);
    } finally {
      await app.close();
    }
  });
});
