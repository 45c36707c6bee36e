/**
 * The upload part of `npm run bench` (parts 1 to 3 of scripts/bench.ts): md5 in the browser against
 * md5sum, an upload over loopback against a plain copy, and the server's memory while 2 GiB go through.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { browserMd5, bundleWorker, CHROMIUM, GiB, makeFile, MiB, root, timeMd5sum } from './md5.js';

const HASH_FILE = 512 * MiB;
const BIG_FILE = 2 * GiB;
const CHUNK = GiB;

const mbps = (bytes: number, ms: number) => (bytes / MiB / (ms / 1000)).toFixed(0);
const secs = (ms: number) => (ms / 1000).toFixed(2);

// ------------------------------------------------------------------ the server, in its own process

interface ServerInfo {
  port: number;
  pid: number;
  authorization: string;
  csrf: string;
}

async function serve(dataDir: string): Promise<void> {
  const { loadConfig } = await import('../../src/server/platform/config/config.js');
  const { buildApp } = await import('../../src/server/app.js');
  const { createAppSession } = await import('../../src/server/platform/auth/sessions.js');
  const config = loadConfig(
    {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DEMO_PASSWORD: crypto.randomBytes(9).toString('base64url') + 'A1!',
    },
    { port: 0, host: '127.0.0.1' },
  );
  const { app, ctx } = await buildApp(config);
  // A field without a size limit, for this process only: the schemas on disk cap files at 10 MB.
  ctx.schemas.entities.get('announcement')!.fields.benchFiles = {
    type: 'files',
    label: 'bench',
    accept: 'generalArchive',
    maxSize: -1,
  };
  await app.listen({ port: 0, host: '127.0.0.1' });
  const user = await ctx.database.db
    .selectFrom('users')
    .select(['id'])
    .where('username', '=', 'province')
    .executeTakeFirstOrThrow();
  const { token, csrfToken } = await createAppSession(ctx.database.db, {
    userId: user.id,
    roleCode: '2',
    subSystemId: null,
    tgtHash: null,
  });
  const info: ServerInfo = {
    port: (app.server.address() as AddressInfo).port,
    pid: process.pid,
    authorization: token,
    csrf: csrfToken,
  };
  process.stdout.write(`${JSON.stringify(info)}\n`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

async function startServer(dataDir: string): Promise<{ child: ChildProcess; info: ServerInfo }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts', 'bench', 'upload.ts'), '--serve', dataDir],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const info = await new Promise<ServerInfo>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (d) => {
      buffer += d;
      const line = buffer.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, info };
}

/** Resident set size of a process, from /proc (Linux). */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}
async function call(info: ServerInfo, url: string, body: unknown): Promise<any> {
  const res = await fetch(`http://127.0.0.1:${info.port}${url}`, {
    method: 'POST',
    headers: { authorization: info.authorization, 'x-csrf-token': info.csrf, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { flag: boolean; data: any; result: string };
  if (!answer.flag) throw new Error(`${url}: ${answer.result}`);
  return answer.data;
}

function sendChunk(info: ServerInfo, file: string, query: string, start: number, end: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: info.port,
        method: 'POST',
        path: `/fileserver/v2/upload?${query}`,
        headers: {
          authorization: info.authorization,
          'x-csrf-token': info.csrf,
          'content-type': 'application/octet-stream',
          'content-length': String(end - start),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          const answer = JSON.parse(text);
          if (answer.flag) resolve();
          else reject(new Error(`upload: ${answer.result}`));
        });
      },
    );
    req.on('error', reject);
    fs.createReadStream(file, { start, end: end - 1, highWaterMark: MiB }).pipe(req);
  });
}

/** The uploader's protocol, as the browser runs it; answers the milliseconds from the first byte to the file record. */
async function upload(info: ServerInfo, file: string, md5: string, chunkMd5s: string[]): Promise<number> {
  const size = fs.statSync(file).size;
  const chunks = Math.max(1, Math.ceil(size / CHUNK));
  const belongType = 'announcement.benchFiles';
  const check = await call(info, '/api/file/checkMd5', { md5 });
  if (check.contextId) throw new Error('the bench file is already stored');
  const tokens = await call(info, '/api/file/getCyStorageToken', {
    fileExt: 'pdf',
    chunks,
    md5,
    fileSize: size,
    belongType,
  });
  const t0 = performance.now();
  const prepared = await call(info, '/fileserver/v2/prepare', { token: tokens.prepareToken, chunkSize: CHUNK, md5 });
  const ct = await call(info, '/api/file/getTokenByChunks', {
    fileExt: 'pdf',
    chunks,
    md5,
    contextId: prepared.contextId,
  });
  for (let i = 0; i < chunks; i++) {
    const query = new URLSearchParams({
      contextId: prepared.contextId,
      index: String(i),
      token: ct.chunkToken,
      chunkMd5: chunkMd5s[i],
    });
    await sendChunk(info, file, query.toString(), i * CHUNK, Math.min(size, (i + 1) * CHUNK));
  }
  await call(info, '/fileserver/v2/complete', { token: ct.completeToken, contextId: prepared.contextId });
  await call(info, '/api/file/uploadFile', {
    belongType,
    contextId: prepared.contextId,
    originalFileName: 'bench.pdf',
  });
  return performance.now() - t0;
}

async function chunkMd5sOf(file: string): Promise<{ md5: string; chunkMd5s: string[] }> {
  const size = fs.statSync(file).size;
  const whole = crypto.createHash('md5');
  const chunkMd5s: string[] = [];
  for (let at = 0; at < size; at += CHUNK) {
    const part = crypto.createHash('md5');
    for await (const piece of fs.createReadStream(file, {
      start: at,
      end: Math.min(size, at + CHUNK) - 1,
      highWaterMark: 4 * MiB,
    })) {
      whole.update(piece as Buffer);
      part.update(piece as Buffer);
    }
    chunkMd5s.push(part.digest('hex'));
  }
  const md5 = whole.digest('hex');
  return { md5, chunkMd5s: chunkMd5s.length > 1 ? chunkMd5s : [md5] };
}

async function plainCopy(file: string, to: string): Promise<number> {
  const t0 = performance.now();
  const out = fs.createWriteStream(to, { highWaterMark: MiB });
  await pipeline(fs.createReadStream(file, { highWaterMark: MiB }), out);
  const fd = await fsp.open(to, 'r+');
  await fd.sync();
  await fd.close();
  return performance.now() - t0;
}

// ------------------------------------------------------------------ the run

export async function benchUpload(): Promise<void> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  let server: ChildProcess | undefined;
  try {
    console.log(
      `bench: ${os.cpus().length} cores, ${(os.totalmem() / GiB).toFixed(0)} GiB, Node ${process.version}, work folder ${work}`,
    );
    const file512 = path.join(work, 'file-512m.pdf');
    await makeFile(file512, HASH_FILE);

    // 1. md5
    timeMd5sum(file512); // warm the page cache so every reader below reads from memory alike
    const sums = [timeMd5sum(file512), timeMd5sum(file512)];
    const sum = sums[0].ms <= sums[1].ms ? sums[0] : sums[1];
    const workerJs = await bundleWorker(path.join(work, 'worker'));
    const browser = await browserMd5(file512, workerJs);
    for (const [kind, r] of Object.entries(browser)) {
      if (r.md5 !== sum.md5) throw new Error(`${kind} md5 ${r.md5} differs from md5sum ${sum.md5}`);
      if (r.kind !== kind) throw new Error(`asked for ${kind}, the worker used ${r.kind}`);
    }

    // 2. upload vs copy
    const dataDir = path.join(work, 'data');
    const started = await startServer(dataDir);
    server = started.child;
    const { info } = started;
    // The disk of a shared machine varies from second to second: copy and upload take turns, twice
    // (on two files, the second upload must not be an instant one), and the better time of each counts.
    const second512 = path.join(work, 'file-512m-b.pdf');
    await makeFile(second512, HASH_FILE);
    const copies: number[] = [];
    const uploads: number[] = [];
    for (const f of [file512, second512]) {
      const hashes = await chunkMd5sOf(f);
      // Each writer starts with no dirty pages of the other left to flush.
      execFileSync('sync');
      copies.push(await plainCopy(f, path.join(work, 'copy-512m.bin')));
      await fsp.rm(path.join(work, 'copy-512m.bin'));
      execFileSync('sync');
      uploads.push(await upload(info, f, hashes.md5, hashes.chunkMd5s));
    }
    await fsp.rm(second512);
    const copyMs = Math.min(...copies);
    const uploadMs = Math.min(...uploads);

    // 3. memory while 2 GiB go through
    const file2g = path.join(work, 'file-2g.pdf');
    await makeFile(file2g, BIG_FILE);
    const hashes2g = await chunkMd5sOf(file2g);
    execFileSync('sync');
    const samples: number[] = [];
    const rssBefore = rssOf(info.pid);
    const sampler = setInterval(() => samples.push(rssOf(info.pid)), 100);
    const bigMs = await upload(info, file2g, hashes2g.md5, hashes2g.chunkMd5s);
    clearInterval(sampler);
    const rssAfter = rssOf(info.pid);
    const peak = Math.max(...samples, rssAfter);
    const stored = path.join(dataDir, 'files', 'blobs', hashes2g.md5.slice(0, 2), hashes2g.md5);
    if (fs.statSync(stored).size !== BIG_FILE) throw new Error('the 2 GiB file was not stored whole');

    const rows: [string, string, string][] = [
      ['md5 of 512 MiB', 'time (s)', 'MiB/s'],
      ['md5sum (coreutils, native; better of 2)', secs(sum.ms), mbps(HASH_FILE, sum.ms)],
      [
        `Chromium worker, hash-wasm (WebAssembly; better of 2); long tasks: ${browser.wasm.longTasks}`,
        secs(browser.wasm.ms),
        mbps(HASH_FILE, browser.wasm.ms),
      ],
      [
        `Chromium worker, spark-md5 (JavaScript; better of 2); long tasks: ${browser.spark.longTasks}`,
        secs(browser.spark.ms),
        mbps(HASH_FILE, browser.spark.ms),
      ],
      ['', '', ''],
      ['512 MiB to disk', 'time (s)', 'MiB/s'],
      ['plain streaming copy + fsync (better of 2)', secs(copyMs), mbps(HASH_FILE, copyMs)],
      ['upload over loopback, md5s checked (better of 2)', secs(uploadMs), mbps(HASH_FILE, uploadMs)],
      ['', '', ''],
      ['2 GiB upload (2 x 1 GiB chunks, assembled)', secs(bigMs), mbps(BIG_FILE, bigMs)],
    ];
    const width = Math.max(...rows.map((r) => r[0].length)) + 2;
    console.log('');
    for (const [a, b, c] of rows) console.log(a ? `${a.padEnd(width)}${b.padStart(10)}${c.padStart(10)}` : '');
    console.log(
      `\nserver RSS while 2 GiB went through: before ${(rssBefore / MiB).toFixed(0)} MiB, peak ${(peak / MiB).toFixed(0)} MiB, after ${(rssAfter / MiB).toFixed(0)} MiB (${samples.length} samples, every 100 ms)`,
    );
    console.log(
      `hash-wasm is ${(browser.spark.ms / browser.wasm.ms).toFixed(1)}x spark-md5; the worker with hash-wasm runs at ${((sum.ms / browser.wasm.ms) * 100).toFixed(0)}% of md5sum's speed`,
    );
    console.log(`upload runs at ${((copyMs / uploadMs) * 100).toFixed(0)}% of a plain copy's speed`);
    if (peak - rssBefore > 256 * MiB) throw new Error('server memory grew with the file: chunks are not streamed');
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    fs.rmSync(work, { recursive: true, force: true });
  }
}

// The server half runs in a process of its own (startServer), so its memory is measured apart.
if (process.argv[2] === '--serve') {
  serve(process.argv[3]).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
