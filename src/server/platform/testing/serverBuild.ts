import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { TEMPLATE_DIR_ENV } from './templateDatabase.js';

/**
 * The server's code compiled to JavaScript once per test run, for the tests that start the real
 * server as a process (kill -9, cluster workers): `node <entry>` loads it without tsx compiling
 * and resolving every module through its loader on each start.
 *
 * Each file under src/ (the server imports some of the client's and the shared code) is compiled
 * on its own (no bundle) into the same layout under
 * node_modules/.cache/portal-test-server/<run>/, so what the code finds next to itself is where
 * it expects: migrations in their folder, `schemas/` (linked) four levels above the schema
 * checks, packages in the project's node_modules. The first worker that needs it builds it under
 * a lock (an atomic mkdir), the others wait for its mark; the global teardown removes it
 * (removeServerBuild).
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'portal-test-server');
const SOURCES = ['src'];
const READY = 'ready';
const WAIT_MS = 120_000;

const OWN = `pid_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
function runFolder(): string {
  const run = process.env[TEMPLATE_DIR_ENV];
  return path.join(CACHE, run ? path.basename(run) : OWN);
}

/** The built server's entry: spawn `node <entry>` with the project root as the working folder. */
export async function serverEntry(): Promise<string> {
  const dir = runFolder();
  const entry = path.join(dir, 'src', 'server', 'main.js');
  fs.mkdirSync(CACHE, { recursive: true });
  if (!takeLock(`${dir}.lock`)) {
    await waitFor(dir);
    return entry;
  }
  // Outside vitest's global setup nobody removes it at the end: this process does.
  if (!process.env[TEMPLATE_DIR_ENV]) process.once('exit', removeServerBuild);
  fs.rmSync(dir, { recursive: true, force: true });
  try {
    await compile(dir);
  } catch (e) {
    fs.rmSync(`${dir}.lock`, { recursive: true, force: true });
    throw e;
  }
  fs.writeFileSync(path.join(dir, READY), '');
  return entry;
}

function takeLock(lock: string): boolean {
  try {
    fs.mkdirSync(lock);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}

async function waitFor(dir: string): Promise<void> {
  const until = Date.now() + WAIT_MS;
  while (!fs.existsSync(path.join(dir, READY))) {
    if (Date.now() > until) throw new Error(`the server build in ${dir} was not ready within ${WAIT_MS} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function compile(dir: string): Promise<void> {
  const files = SOURCES.flatMap((s) =>
    fs
      .readdirSync(path.join(ROOT, s), { recursive: true, encoding: 'utf8' })
      .map((f) => path.join(s, f))
      .filter((f) => fs.statSync(path.join(ROOT, f)).isFile() && !f.includes('__snapshots__')),
  );
  const code = files.filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
  await build({
    absWorkingDir: ROOT,
    entryPoints: code,
    outdir: dir,
    outbase: '.',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  // Files the code reads next to itself (the public pages' boot script).
  for (const f of files.filter((f) => !/\.tsx?$/.test(f)))
    fs.cpSync(path.join(ROOT, f), path.join(dir, f), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'schemas'), path.join(dir, 'schemas'));
}

/** Removes this run's server build (vitest's global teardown, after every test file). */
export function removeServerBuild(): void {
  const dir = runFolder();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(`${dir}.lock`, { recursive: true, force: true });
}
