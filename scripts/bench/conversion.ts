/**
 * The conversion part of `npm run bench` (BENCH_PARTS=conversion): the portal's own converters
 * (platform/conversion, in their sandbox) on generated files: seconds per converted page of a Word
 * document (BENCH_CONVERSION_PAGES, 100), seconds per minute of video (a one-minute 320x240 avi,
 * ffmpeg's test source), and the list API's p50/p99 alone, then while four conversions run beside
 * it on the same machine (the app on SQLite with BENCH_CONVERSION_TOPICS topics, 10,000). The p99
 * while they run is printed beside the list API's goal (listApi.ts); a miss fails the run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startChild, stop } from './benchChild.js';
import { againstListGoal } from './listApi.js';
import { load } from './loadClient.js';
import { conversionTools, convertFile } from '../../src/server/platform/conversion/converters.js';
import { docxSample, mediaSample } from '../../src/server/platform/testing/conversionSamples.js';
import type { ConversionTarget } from '../../src/shared/fileTypes.js';

const LIMITS = { timeoutMs: 900_000, memoryBytes: 3072 * 1024 * 1024, fileBytes: 1024 * 1024 * 1024 };
const LIST_BODY = {
  pageId: 'topics/topic.list',
  page: 1,
  pageSize: 10,
  filters: [
    { field: 'status', value: '1' },
    { field: 'areaCode', value: '1123' },
  ],
};

/** Converts `bytes` (a .ext file) once in a folder of its own; answers the milliseconds it took. */
async function convertOnce(
  bytes: Buffer,
  ext: string,
  target: ConversionTarget,
  signal?: AbortSignal,
): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-convert-'));
  try {
    const input = path.join(dir, `source.${ext}`);
    fs.writeFileSync(input, bytes);
    const started = performance.now();
    await convertFile(dir, input, ext, target, LIMITS, signal);
    return performance.now() - started;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchConversion(log: (s: string) => void): Promise<void> {
  const tools = conversionTools();
  if (!tools.soffice || !tools.ffmpeg) {
    log('conversion: LibreOffice or ffmpeg is not installed here; part skipped');
    return;
  }
  const pages = Number(process.env.BENCH_CONVERSION_PAGES ?? 100);
  const doc = await docxSample('基准测试文档', pages);
  const video = mediaSample('avi', 60);
  log('');
  const docMs = await convertOnce(doc, 'docx', 'pdf');
  log(
    `conversion: ${pages}-page .docx to PDF in ${(docMs / 1000).toFixed(1)} s: ${(docMs / 1000 / pages).toFixed(3)} s per page (LibreOffice start included)`,
  );
  const videoMs = await convertOnce(video, 'avi', 'video');
  log(`conversion: 1 minute of 320x240 .avi to H.264 mp4 in ${(videoMs / 1000).toFixed(1)} s per minute of video`);

  const topics = process.env.BENCH_CONVERSION_TOPICS ?? '10000';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-conversion-list-'));
  const app = await startChild(['app', topics, dataDir], { ...process.env, DATABASE_URL: '' });
  try {
    const headers = { authorization: app.info.authorization!, 'x-csrf-token': app.info.csrf! };
    const opts = { concurrency: 10, seconds: 8, warmSeconds: 3 };
    const alone = await load('list', app.info.port, '/api/resource/topic/list', LIST_BODY, headers, opts);
    // Four conversions at a time (three documents and the video), each started again when it ends.
    const abort = new AbortController();
    let done = 0;
    const worker = async (bytes: Buffer, ext: string, target: ConversionTarget) => {
      while (!abort.signal.aborted) {
        await convertOnce(bytes, ext, target, abort.signal).catch(() => undefined);
        if (!abort.signal.aborted) done += 1;
      }
    };
    const running = [
      worker(doc, 'docx', 'pdf'),
      worker(doc, 'docx', 'pdf'),
      worker(doc, 'docx', 'pdf'),
      worker(video, 'avi', 'video'),
    ];
    // Let the converters get going before measuring.
    await new Promise((r) => setTimeout(r, 3000));
    const busy = await load('list', app.info.port, '/api/resource/topic/list', LIST_BODY, headers, opts);
    abort.abort();
    await Promise.all(running);
    log(
      `conversion: list API (SQLite, ${topics} topics, 10 clients) alone p50 ${alone.p50.toFixed(1)} p99 ${alone.p99.toFixed(1)} ms, ${alone.rps.toFixed(0)} req/s; while four conversions run p50 ${busy.p50.toFixed(1)} p99 ${busy.p99.toFixed(1)} ms, ${busy.rps.toFixed(0)} req/s (errors ${busy.errors}; ${done} conversions finished meanwhile)`,
    );
    // The list must stay within its goal while conversions run: a miss fails the run (exit 1, and
    // the results file says so), as the upload part fails when the server's memory grows.
    const goal = againstListGoal(busy.p99);
    log(`conversion: list API while four conversions run: ${goal.text}`);
    if (!goal.met || busy.errors > 0)
      throw new Error(
        `list API while four conversions run: ${goal.text}${busy.errors ? `, ${busy.errors} errors` : ''}`,
      );
  } finally {
    await stop(app);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run alone: `tsx scripts/bench/conversion.ts`.
if (process.argv[1] && process.argv[1].endsWith('conversion.ts')) await benchConversion((s) => console.log(s));
