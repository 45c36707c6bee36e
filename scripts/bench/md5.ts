// The uploader's md5 in its Web Worker in headless Chromium (hash-wasm and spark-md5) against
// `md5sum`, and the random test files the upload part reads.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const MiB = 1024 * 1024;
export const GiB = 1024 * MiB;
const CHUNK = GiB;
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; connect-src 'self'";

// ------------------------------------------------------------------ test data

export async function makeFile(file: string, size: number): Promise<void> {
  const block = crypto.randomBytes(4 * MiB);
  const out = fs.createWriteStream(file);
  for (let at = 0, i = 0; at < size; at += block.length, i++) {
    const piece = Buffer.from(block);
    piece.writeUInt32LE(i, 0);
    if (i === 0) Buffer.from('%PDF-1.7\n').copy(piece);
    if (!out.write(piece.subarray(0, Math.min(block.length, size - at))))
      await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
}

export function timeMd5sum(file: string): { md5: string; ms: number } {
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

export async function bundleWorker(outDir: string): Promise<string> {
  const { build } = await import('vite');
  await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      lib: {
        entry: path.join(root, 'src/client/upload/md5.worker.ts'),
        formats: ['es'],
        fileName: () => 'md5.worker.js',
      },
    },
  });
  return fs.readFileSync(path.join(outDir, 'md5.worker.js'), 'utf8');
}

export async function browserMd5(file: string, workerJs: string) {
  const page = http.createServer((req, res) => {
    const body = req.url === '/bench.js' ? BENCH_JS : req.url === '/md5.worker.js' ? workerJs : BENCH_PAGE;
    const type = req.url?.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8';
    res.writeHead(200, { 'content-type': type, 'content-security-policy': CSP });
    res.end(body);
  });
  await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
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
      const run = await tab.evaluate(
        (p) => (window as unknown as { hashWith(p: string): Promise<Run> }).hashWith(p),
        prefer,
      );
      if (!results[prefer] || run.ms < results[prefer].ms) results[prefer] = run;
    }
    return results;
  } finally {
    await browser.close();
    page.close();
  }
}

// ------------------------------------------------------------------ upload over loopback
