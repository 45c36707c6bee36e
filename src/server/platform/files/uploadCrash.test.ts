import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeEntryArgs } from '../testing/compiledTree.js';

/**
 * The real server in a child process, killed with SIGKILL during `complete` and during a chunk
 * upload, then started again on the same data: every upload finishes with its md5 verified, and
 * after the sweep no chunk is left. SQLite only (the child opens its own database).
 */
// Each run restarts the server (seconds each): the suite kills it three times during complete,
// `npm run test:crash` twenty times.
const RUNS = Math.max(1, Number(process.env.CRASH_RUNS ?? 3));
const md5Of = (b: Buffer) => crypto.createHash('md5').update(b).digest('hex');
const root = path.resolve(import.meta.dirname, '../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-crash-'));
let port = 0;
let child: ChildProcess | null = null;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(p));
    });
  });
}

async function start(sweepMinutes = '0'): Promise<void> {
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
      UPLOAD_ASSEMBLE_LEASE_SECONDS: '0.2',
      UPLOAD_SWEEP_MINUTES: sweepMinutes,
    },
    stdio: 'ignore',
  });
  const until = Date.now() + 30_000;
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

let headers: Record<string, string> = {};
async function call(url: string, body: unknown, raw?: Buffer): Promise<any> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    body: raw ? new Uint8Array(raw) : JSON.stringify(body),
    headers: { ...headers, 'content-type': raw ? 'application/octet-stream' : 'application/json' },
  });
  return res.json();
}

async function login(): Promise<void> {
  const user = (await call('/api/sys/login', { tgt: 'nologin:province', subAct: 'a' })).data;
  headers = { authorization: user.token, 'x-csrf-token': user.csrfToken };
}

interface Upload {
  bytes: Buffer;
  md5: string;
  contextId: string;
  chunkToken: string;
  completeToken: string;
  chunkSize: number;
}

async function prepare(bytes: Buffer, chunkSize: number): Promise<Upload> {
  const md5 = md5Of(bytes);
  const chunks = Math.ceil(bytes.length / chunkSize);
  const tokens = (
    await call('/api/file/getCyStorageToken', { fileExt: 'pdf', chunks, md5, fileSize: bytes.length, subAct: 'a' })
  ).data;
  const contextId = (await call('/fileserver/v2/prepare', { token: tokens.prepareToken, chunkSize, md5 })).data
    .contextId;
  const t = (await call('/api/file/getTokenByChunks', { fileExt: 'pdf', chunks, md5, contextId, subAct: 'a' })).data;
  return { bytes, md5, contextId, chunkToken: t.chunkToken, completeToken: t.completeToken, chunkSize };
}

const sendChunk = (u: Upload, i: number) => {
  const piece = u.bytes.subarray(i * u.chunkSize, (i + 1) * u.chunkSize);
  return call(
    `/fileserver/v2/upload?${new URLSearchParams({ contextId: u.contextId, index: String(i), token: u.chunkToken })}`,
    null,
    piece,
  );
};

/** After a restart: resume (send what getchunks lacks), complete until it answers, then check the bytes served. */
async function finish(u: Upload): Promise<void> {
  for (;;) {
    const state = (await call('/fileserver/v2/getchunks', { token: u.completeToken, contextId: u.contextId })).data;
    if (!state.complete) {
      for (let i = 0; i < state.total; i++)
        if (!state.chunks.includes(i)) expect((await sendChunk(u, i)).flag).toBe(true);
    }
    const done = await call('/fileserver/v2/complete', { token: u.completeToken, contextId: u.contextId });
    if (done.flag) break;
    expect(done.result).toBe('文件正在处理，请稍候');
    await new Promise((r) => setTimeout(r, 100));
  }
  const record = await call('/api/file/uploadFile', {
    belongType: 'announcement.attachments',
    contextId: u.contextId,
    originalFileName: 'a.pdf',
    subAct: 'a',
  });
  const res = await fetch(`http://127.0.0.1:${port}/api/file/download?id=${record.data.id}`, { headers });
  expect(md5Of(Buffer.from(await res.arrayBuffer()))).toBe(u.md5);
}

const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(size)]);

describe('kill -9 during uploads', () => {
  beforeAll(async () => {
    port = await freePort();
    await start();
    await login();
  }, 60_000);
  afterAll(async () => {
    if (child) await kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    `finishes every upload after ${RUNS} kills during complete and one during a chunk`,
    async () => {
      const uploads: Upload[] = [];
      for (let run = 0; run < RUNS; run++) {
        const u = await prepare(pdf(3 * 1024 * 1024), 1024 * 1024);
        for (let i = 0; i < 4; i++) expect((await sendChunk(u, i)).flag).toBe(true);
        uploads.push(u);
        // complete, and a kill at a random point of it (or just after it).
        void call('/fileserver/v2/complete', { token: u.completeToken, contextId: u.contextId }).catch(() => null);
        await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 40)));
        await kill();
        await start();
        await finish(u);
      }
      // A kill in the middle of a chunk's bytes.
      const big = await prepare(pdf(8 * 1024 * 1024), 4 * 1024 * 1024);
      expect((await sendChunk(big, 0)).flag).toBe(true);
      void sendChunk(big, 1).catch(() => null);
      await new Promise((r) => setTimeout(r, 15));
      await kill();
      await start();
      await finish(big);

      const uploadsDir = path.join(dataDir, 'files', 'uploads');
      const left = () => (fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir) : []);
      expect(left()).toEqual([]);
      // An upload abandoned for good is removed by the sweep, chunks and all.
      const abandoned = await prepare(pdf(2 * 1024 * 1024), 1024 * 1024);
      expect((await sendChunk(abandoned, 0)).flag).toBe(true);
      await kill();
      const { default: Database } = await import('better-sqlite3');
      const file = fs.readdirSync(dataDir).find((n) => n.endsWith('.db') || n.endsWith('.sqlite'))!;
      const db = new Database(path.join(dataDir, file));
      db.prepare('UPDATE upload_sessions SET expires_at = 1 WHERE context_id = ?').run(abandoned.contextId);
      db.close();
      await start('0.002');
      await expect.poll(left, { timeout: 5000 }).toEqual([]);
    },
    60_000 + RUNS * 45_000,
  );
});
