/**
 * `npm run bench`: how fast the uploader's two halves are, next to what the machine itself can do,
 * in one run, on one 512 MiB file:
 *  1. md5 in the uploader's Web Worker in headless Chromium, hash-wasm and spark-md5, against
 *     `md5sum` (and how many main-thread tasks over 50 ms the page had meanwhile);
 *  2. an upload over loopback to a server made by buildApp on a temp DATA_DIR (the server checks
 *     each chunk's md5 as it arrives and the whole file's at completion), against a plain streaming
 *     copy of the same bytes to disk (with fsync, as the server does);
 *  3. the server's resident memory, sampled, while a 2 GiB file (two 1 GiB chunks) goes through.
 *  4. (scripts/bench/) the list API at 100k and 1M topics on SQLite and PostgreSQL against a
 *     Fastify hello-world, and the first-load JS of the home and a public list;
 *  5. (scripts/bench/render.ts) at 4x CPU throttle against hand-written antd pages: home LCP, 100
 *     list rows visible, a 200-field form's mount and keystrokes.
 *  6. (scripts/bench/conversion.ts) seconds per converted page and per minute of video, and the
 *     list API's p99 while four conversions run.
 * Not part of `npm test`. Needs Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) and
 * about 8 GB of free disk in the temp folder. BENCH_SLICE_MIB sets the worker's read size (default 8).
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
import { fileURLToPath } from 'node:url';
import { benchHelloWorld } from './bench/listApi.js';
import { benchScale } from './bench/report.js';
import { recordRun } from './bench/results.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const HASH_FILE = 512 * MiB;
const BIG_FILE = 2 * GiB;
const CHUNK = GiB;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; connect-src 'self'";

const mbps = (bytes: number, ms: number) => (bytes / MiB / (ms / 1000)).toFixed(0);
const secs = (ms: number) => (ms / 1000).toFixed(2);

// ------------------------------------------------------------------ the server, in its own process

interface ServerInfo { port: number; pid: number; authorization: string; csrf: string }

async function serve(dataDir: string): Promise<void> {
  const { loadConfig } = await import('../src/server/config.js');
  const { buildApp } = await import('../src/server/app.js');
  const { createAppSession } = await import('../src/server/platform/auth/sessions.js');
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, DEMO_PASSWORD: crypto.randomBytes(9).toString('base64url') + 'A1!' }, { port: 0, host: '127.0.0.1' });
  const { app, ctx } = await buildApp(config);
  // A field without a size limit, for this process only: the schemas on disk cap files at 10 MB.
  ctx.schemas.entities.get('announcement')!.fields.benchFiles = { type: 'files', label: 'bench', accept: 'generalArchive', maxSize: -1 };
  await app.listen({ port: 0, host: '127.0.0.1' });
  const user = await ctx.database.db.selectFrom('users').select(['id']).where('username', '=', 'province').executeTakeFirstOrThrow();
  const { token, csrfToken } = await createAppSession(ctx.database.db, { userId: user.id, roleCode: '2', subSystemId: null, tgtHash: null });
  const info: ServerInfo = { port: (app.server.address() as AddressInfo).port, pid: process.pid, authorization: token, csrf: csrfToken };
  process.stdout.write(`${JSON.stringify(info)}\n`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

async function startServer(dataDir: string): Promise<{ child: ChildProcess; info: ServerInfo }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'bench.ts'), '--serve', dataDir], {
    cwd: root, stdio: ['ignore', 'pipe', 'inherit'],
  });
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

// ------------------------------------------------------------------ test data

async function makeFile(file: string, size: number): Promise<void> {
  const block = crypto.randomBytes(4 * MiB);
  const out = fs.createWriteStream(file);
  for (let at = 0, i = 0; at < size; at += block.length, i++) {
    const piece = Buffer.from(block);
    piece.writeUInt32LE(i, 0);
    if (i === 0) Buffer.from('%PDF-1.7\n').copy(piece);
    if (!out.write(piece.subarray(0, Math.min(block.length, size - at)))) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
}

function timeMd5sum(file: string): { md5: string; ms: number } {
  const t0 = performance.now();
  const out = execFileSync('md5sum', [file], { encoding: 'utf8' });
  return { md5: out.split(/\s+/)[0], ms: performance.now() - t0 };
}

// ------------------------------------------------------------------ md5 in the browser

const BENCH_PAGE = `<!doctype html><meta charset="utf-8"><title>md5 bench</title>
<input type="file" id="file"><script type="module" src="/bench.js"></script>`;

// Runs in the page: the uploader's worker on the picked file; long main-thread tasks counted meanwhile.
const BENCH_JS = `
let longTasks = 0;
new PerformanceObserver((list) => { longTasks += list.getEntries().length; }).observe({ type: 'longtask', buffered: false });
window.hashWith = (prefer) => new Promise((resolve, reject) => {
  const file = document.getElementById('file').files[0];
  const worker = new Worker('/md5.worker.js', { type: 'module' });
  const started = performance.now();
  const before = longTasks;
  let ticks = 0;
  const timer = setInterval(() => { ticks++; }, 20);
  worker.onmessage = (e) => {
    if (e.data.type === 'progress') return;
    clearInterval(timer);
    worker.terminate();
    if (e.data.type === 'error') return reject(new Error(e.data.message));
    resolve({ md5: e.data.md5, kind: e.data.kind, ms: performance.now() - started, workerMs: e.data.ms, longTasks: longTasks - before, ticks });
  };
  worker.onerror = (e) => reject(new Error(e.message));
  worker.postMessage({ file, prefer, chunkSize: ${CHUNK}, sliceSize: ${Number(process.env.BENCH_SLICE_MIB ?? 8) * MiB} });
});
window.ready = true;
`;

async function bundleWorker(outDir: string): Promise<string> {
  const { build } = await import('vite');
  await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      outDir, emptyOutDir: true, minify: true,
      lib: { entry: path.join(root, 'src/client/upload/md5.worker.ts'), formats: ['es'], fileName: () => 'md5.worker.js' },
    },
  });
  return fs.readFileSync(path.join(outDir, 'md5.worker.js'), 'utf8');
}

async function browserMd5(file: string, workerJs: string) {
  const page = http.createServer((req, res) => {
    const body = req.url === '/bench.js' ? BENCH_JS : req.url === '/md5.worker.js' ? workerJs : BENCH_PAGE;
    const type = req.url?.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8';
    res.writeHead(200, { 'content-type': type, 'content-security-policy': CSP });
    res.end(body);
  });
  await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  try {
    const tab = await browser.newPage();
    await tab.goto(`http://127.0.0.1:${(page.address() as AddressInfo).port}/`);
    await tab.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    // As a user picking a file: Chromium reads it from disk, nothing is copied into the page.
    await tab.setInputFiles('#file', file);
    type Run = { md5: string; kind: string; ms: number; workerMs: number; longTasks: number; ticks: number };
    const results: Record<string, Run> = {};
    // Each hasher twice, the better run counts (Chromium's own processes share the two cores).
    for (const prefer of ['wasm', 'spark', 'wasm', 'spark'] as const) {
      const run = await tab.evaluate((p) => (window as unknown as { hashWith(p: string): Promise<Run> }).hashWith(p), prefer);
      if (!results[prefer] || run.ms < results[prefer].ms) results[prefer] = run;
    }
    return results;
  } finally {
    await browser.close();
    page.close();
  }
}

// ------------------------------------------------------------------ upload over loopback

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
    const req = http.request({
      host: '127.0.0.1', port: info.port, method: 'POST', path: `/fileserver/v2/upload?${query}`,
      headers: { authorization: info.authorization, 'x-csrf-token': info.csrf, 'content-type': 'application/octet-stream', 'content-length': String(end - start) },
    }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        const answer = JSON.parse(text);
        if (answer.flag) resolve();
        else reject(new Error(`upload: ${answer.result}`));
      });
    });
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
  const tokens = await call(info, '/api/file/getCyStorageToken', { fileExt: 'pdf', chunks, md5, fileSize: size, belongType });
  const t0 = performance.now();
  const prepared = await call(info, '/fileserver/v2/prepare', { token: tokens.prepareToken, chunkSize: CHUNK, md5 });
  const ct = await call(info, '/api/file/getTokenByChunks', { fileExt: 'pdf', chunks, md5, contextId: prepared.contextId });
  for (let i = 0; i < chunks; i++) {
    const query = new URLSearchParams({ contextId: prepared.contextId, index: String(i), token: ct.chunkToken, chunkMd5: chunkMd5s[i] });
    await sendChunk(info, file, query.toString(), i * CHUNK, Math.min(size, (i + 1) * CHUNK));
  }
  await call(info, '/fileserver/v2/complete', { token: ct.completeToken, contextId: prepared.contextId });
  await call(info, '/api/file/uploadFile', { belongType, contextId: prepared.contextId, originalFileName: 'bench.pdf' });
  return performance.now() - t0;
}

async function chunkMd5sOf(file: string): Promise<{ md5: string; chunkMd5s: string[] }> {
  const size = fs.statSync(file).size;
  const whole = crypto.createHash('md5');
  const chunkMd5s: string[] = [];
  for (let at = 0; at < size; at += CHUNK) {
    const part = crypto.createHash('md5');
    for await (const piece of fs.createReadStream(file, { start: at, end: Math.min(size, at + CHUNK) - 1, highWaterMark: 4 * MiB })) {
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

async function main(): Promise<void> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  let server: ChildProcess | undefined;
  try {
    console.log(`bench: ${os.cpus().length} cores, ${(os.totalmem() / GiB).toFixed(0)} GiB, Node ${process.version}, work folder ${work}`);
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
      [`Chromium worker, hash-wasm (WebAssembly; better of 2); long tasks: ${browser.wasm.longTasks}`, secs(browser.wasm.ms), mbps(HASH_FILE, browser.wasm.ms)],
      [`Chromium worker, spark-md5 (JavaScript; better of 2); long tasks: ${browser.spark.longTasks}`, secs(browser.spark.ms), mbps(HASH_FILE, browser.spark.ms)],
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
    console.log(`\nserver RSS while 2 GiB went through: before ${(rssBefore / MiB).toFixed(0)} MiB, peak ${(peak / MiB).toFixed(0)} MiB, after ${(rssAfter / MiB).toFixed(0)} MiB (${samples.length} samples, every 100 ms)`);
    console.log(`hash-wasm is ${(browser.spark.ms / browser.wasm.ms).toFixed(1)}x spark-md5; the worker with hash-wasm runs at ${((sum.ms / browser.wasm.ms) * 100).toFixed(0)}% of md5sum's speed`);
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

if (process.argv[2] === '--serve') {
  serve(process.argv[3]).catch((e) => {
    console.error(e);
    process.exit(1);
  });
} else {
  // BENCH_PARTS: list (list API at scale), load (first-load JS), render (LCP, rows, form against
  // antd), public (Lighthouse on the public site against static HTML), conversion (seconds per
  // page and per minute of video, list p99 while four conversions run), upload (md5 and uploads);
  // all by default.
  const parts = (process.env.BENCH_PARTS ?? 'list,load,render,public,conversion,upload').split(',');
  const run = recordRun(root);
  benchScale(parts)
    .then(() => (parts.includes('upload') ? main() : undefined))
    // The figures mean something only beside the machine's own yardstick of the same run.
    .then(async () => { if (!run.hasHelloWorld()) await benchHelloWorld((s) => console.log(s)); })
    .then(() => console.log(`\nfigures written to ${path.relative(root, run.finish())}`))
    .catch((e) => {
      console.error(e instanceof Error ? e.message : e);
      console.error(`figures written to ${path.relative(root, run.finish(e))}`);
      process.exit(1);
    });
}
