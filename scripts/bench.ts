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
 *  7. (scripts/bench/studio.ts) the schema studio's checker and dry run on 100k topics.
 *  8. (scripts/bench/ruleBudget.ts) a costly rule forced into the app: its list answers the budget's
 *     error, and another user's list beside it, its p99 against 100 ms.
 * Not part of `npm test`. Needs Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) and
 * about 8 GB of free disk in the temp folder. BENCH_SLICE_MIB sets the worker's read size (default 8).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchHelloWorld } from './bench/listApi.js';
import { benchScale } from './bench/report.js';
import { recordRun } from './bench/results.js';
import { benchUpload } from './bench/upload.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// BENCH_PARTS: list (list API at scale), load (first-load JS), render (LCP, rows, form against
// antd), public (Lighthouse on the public site against static HTML), conversion (seconds per
// page and per minute of video, list p99 while four conversions run), similarity (duplicate-check
// index build and check time at 10k and 100k documents), studio (the schema checker's and the
// dry run's time on 100k topics), rules (a costly rule forced in: its error's time and another
// user's p99 beside it), upload (md5 and uploads);
// all by default.
const parts = (process.env.BENCH_PARTS ?? 'list,load,render,public,conversion,similarity,studio,rules,upload').split(
  ',',
);
const run = recordRun(root);
benchScale(parts)
  .then(() => (parts.includes('upload') ? benchUpload() : undefined))
  // The figures mean something only beside the machine's own yardstick of the same run.
  .then(async () => {
    if (!run.hasHelloWorld()) await benchHelloWorld((s) => console.log(s));
  })
  .then(() => console.log(`\nfigures written to ${path.relative(root, run.finish())}`))
  .catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    console.error(`figures written to ${path.relative(root, run.finish(e))}`);
    process.exit(1);
  });
