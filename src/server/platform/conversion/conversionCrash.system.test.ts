import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaSample } from '../testing/conversionSamples.js';
import { leaseMsOf } from './conversionWorker.js';
import { nodeEntryArgs } from '../testing/compiledTree.js';

/**
 * The real server in a child process, killed with SIGKILL while it converts a video, then started
 * again on the same data: the job stays claimed by the dead worker until its lease runs out, then
 * the new process takes it up (a second attempt) and finishes it; the preview serves the mp4.
 * SQLite only (the child opens its own database).
 */
// The lease (leaseMsOf: the time limit and half of it again) is what the test waits out after the
// kill; 5 s still leaves a 6-second 320x240 video several times the time it takes to convert.
const TIMEOUT_SECONDS = 5;
const root = path.resolve(import.meta.dirname, '../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-convert-crash-'));
let port = 0;
let child: ChildProcess | null = null;
let headers: Record<string, string> = {};

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(p));
    });
  });
}

async function start(): Promise<void> {
  child = spawn(process.execPath, nodeEntryArgs('src/server/main.ts'), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ALLOW_NOLOGIN: 'true',
      LOG_LEVEL: 'silent',
      CONVERSION: 'on',
      CONVERSION_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      CONVERSION_POLL_MS: '100',
    },
    stdio: 'ignore',
  });
  // A loaded test machine takes long to load the server's code.
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    try {
      await fetch(`http://127.0.0.1:${port}/api/basicInfoMaintain/querySysName`, { method: 'POST' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('server did not start');
}

function kill(): Promise<void> {
  const c = child!;
  child = null;
  if (c.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    c.once('exit', () => resolve());
    c.kill('SIGKILL');
  });
}

async function call(url: string, body: unknown, raw?: Buffer): Promise<any> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    body: raw ? new Uint8Array(raw) : JSON.stringify({ subAct: 'a', ...(body as object) }),
    headers: { ...headers, 'content-type': raw ? 'application/octet-stream' : 'application/json' },
  });
  return res.json();
}

/** Uploads `bytes` as `name` in one chunk through the upload protocol; answers the stored file's id. */
async function upload(bytes: Buffer, name: string): Promise<number> {
  const md5 = crypto.createHash('md5').update(bytes).digest('hex');
  const fileExt = name.split('.').pop();
  const tokens = (await call('/api/file/getCyStorageToken', { fileExt, chunks: 1, md5, fileSize: bytes.length })).data;
  const { contextId } = (
    await call('/fileserver/v2/prepare', { token: tokens.prepareToken, chunkSize: bytes.length, md5 })
  ).data;
  const t = (await call('/api/file/getTokenByChunks', { fileExt, chunks: 1, md5, contextId })).data;
  const q = new URLSearchParams({ contextId, index: '0', token: t.chunkToken });
  expect((await call(`/fileserver/v2/upload?${q}`, null, bytes)).flag).toBe(true);
  expect((await call('/fileserver/v2/complete', { token: t.completeToken, contextId })).flag).toBe(true);
  const record = await call('/api/file/uploadFile', {
    belongType: 'announcement.attachments',
    contextId,
    originalFileName: name,
  });
  expect(record.flag, JSON.stringify(record)).toBe(true);
  return record.data.id;
}

function job(md5: string): { state: string; attempts: number; holder: string | null } {
  const db = new Database(path.join(dataDir, 'portal.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT state, attempts FROM conversion_jobs WHERE md5 = ?').get(md5) as any;
    const lease = db.prepare('SELECT holder FROM job_lease WHERE name = ?').get(`convert:${md5}`) as any;
    return { state: row?.state ?? 'none', attempts: Number(row?.attempts ?? 0), holder: lease?.holder ?? null };
  } finally {
    db.close();
  }
}

describe('kill -9 during a conversion', () => {
  beforeAll(async () => {
    port = await freePort();
    await start();
    headers = {};
    const user = (await call('/api/sys/login', { tgt: 'nologin:province' })).data;
    headers = { authorization: user.token, 'x-csrf-token': user.csrfToken };
  }, 240_000);
  afterAll(async () => {
    if (child) await kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the job is taken up again once the dead worker’s lease runs out, and finishes', async () => {
    const bytes = mediaSample('avi', 6);
    const md5 = crypto.createHash('md5').update(bytes).digest('hex');
    const id = await upload(bytes, '公开课.avi');
    // Killed as soon as its worker has claimed it (the converter is running).
    await expect.poll(() => job(md5).state, { timeout: 30_000, interval: 20 }).toBe('running');
    const dead = job(md5).holder;
    expect(dead).toBeTruthy();
    await kill();
    const killedAt = Date.now();

    await start();
    headers = {};
    const user = (await call('/api/sys/login', { tgt: 'nologin:province' })).data;
    headers = { authorization: user.token, 'x-csrf-token': user.csrfToken };
    // The dead worker's claim holds until its lease runs out; then the new process takes the job
    // up again (a second attempt) and finishes it.
    const lease = leaseMsOf(TIMEOUT_SECONDS * 1000);
    await expect.poll(() => job(md5).attempts, { timeout: lease + 120_000, interval: 100 }).toBe(2);
    const takenUpAfter = Date.now() - killedAt;
    // Claimed just before the kill, the lease ran its full length (less the poll's own lag) first.
    expect(takenUpAfter).toBeGreaterThanOrEqual(lease - 3_000);
    await expect.poll(() => job(md5).state, { timeout: 120_000, interval: 250 }).toBe('done');
    expect(job(md5).attempts).toBe(2);

    const ready = (await call(`/api/file/preview/${id}`, {})).data;
    expect(ready.conversion.state).toBe('done');
    const res = await fetch(`http://127.0.0.1:${port}${ready.previewUrl}`, {
      headers: { ...headers, range: 'bytes=0-99' },
    });
    expect(res.status).toBe(206);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(4, 8)
        .toString(),
    ).toBe('ftyp');
  }, 400_000);
});
