/**
 * npm run soak -- --minutes N [--users-per-role 2]
 *
 * Two portal instances behind nginx (deploy/nginx/portal.conf) on a new PostgreSQL database
 * (SOAK_DATABASE_URL or CI_DATABASE_URL, postgres://postgres@127.0.0.1:5432/test), seeded with
 * the demo data, under a mixed load of five roles (admin, province, city1123, leader1, expert1)
 * for N minutes: lists, searches, record reads, exports, uploads and downloads, and for the
 * applicant saves of their drafts and transitions (提交, 撤回), each user one request after another.
 * Reports errors, refusals and p50/p99 per kind, and each instance's memory (RSS) over time.
 * Exits 1 when a request failed (a refusal with its message, two users of one account racing for
 * a draft's version, is an answer; the count is printed).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { admin, freePort, startNginx, until, withDatabase } from './deploy/harness.js';
import { soakUser, type Sample } from './soak/soakUser.js';

const { values } = parseArgs({
  options: { minutes: { type: 'string', default: '2' }, 'users-per-role': { type: 'string', default: '2' } },
  strict: true,
});
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseUrl =
  process.env.SOAK_DATABASE_URL || process.env.CI_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const ROLES = ['admin', 'province', 'city1123', 'leader1', 'expert1'];
const PASSWORD = 'Soak@12345';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-soak-'));
const dbName = `portal_soak_${crypto.randomBytes(4).toString('hex')}`;
const children: ChildProcess[] = [];

function startPortal(port: number, databaseUrl: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(work, 'data'),
      CLIENT_DIR: path.join(work, 'no-client'),
      DEMO_DATA: 'on',
      DEMO_PASSWORD: PASSWORD,
      CAPTCHA_TEST_CODE: 'soak',
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JOB_INTERVAL_MINUTES: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

async function main(): Promise<number> {
  const minutes = Number(values.minutes);
  await admin(baseUrl, (c) => c.query(`create database ${dbName}`));
  const databaseUrl = withDatabase(baseUrl, dbName);
  const [p1, p2, front] = await Promise.all([freePort(), freePort(), freePort()]);
  const portals = [startPortal(p1, databaseUrl), startPortal(p2, databaseUrl)];
  children.push(startNginx(root, path.join(work, 'nginx'), front, [p1, p2]));
  for (const p of [p1, p2])
    await until(
      () => fetch(`http://127.0.0.1:${p}/readyz`).then((r) => r.status),
      (s) => s === 200,
      300_000,
    );
  console.log(`two instances ready on ${databaseUrl.replace(/\/\/[^@]*@/, '//')}; ${minutes} min of load`);

  const memory: { at: number; mb: number[] }[] = [];
  const started = Date.now();
  const sampleMemory = () =>
    memory.push({ at: Math.round((Date.now() - started) / 1000), mb: portals.map((p) => rssMb(p.pid!)) });
  sampleMemory();
  const timer = setInterval(sampleMemory, Math.max(5_000, (minutes * 60_000) / 30));
  const samples: Sample[] = [];
  const end = started + minutes * 60_000;
  const users = ROLES.flatMap((role) =>
    Array.from({ length: Number(values['users-per-role']) }, (_v, seat) => ({ role, seat })),
  );
  await Promise.all(
    users.map(({ role, seat }) =>
      soakUser(`http://127.0.0.1:${front}`, seat, role, PASSWORD, 'soak', end, (s) => samples.push(s)),
    ),
  );
  clearInterval(timer);
  sampleMemory();

  const kinds = [...new Set(samples.map((s) => s.kind))].sort();
  console.log('\nkind          requests  errors  refused   p50 ms   p99 ms');
  for (const kind of kinds) {
    const of = samples.filter((s) => s.kind === kind);
    const ms = of.map((s) => s.ms).sort((a, b) => a - b);
    console.log(
      `${kind.padEnd(13)} ${String(of.length).padStart(8)} ${String(of.filter((s) => s.error).length).padStart(7)} ${String(of.filter((s) => s.refused).length).padStart(8)} ${String(Math.round(percentile(ms, 50))).padStart(8)} ${String(Math.round(percentile(ms, 99))).padStart(8)}`,
    );
  }
  console.log('\nseconds   RSS MB (instance 1, instance 2)');
  for (const m of memory) console.log(`${String(m.at).padStart(7)}   ${m.mb.join(', ')}`);
  const errors = samples.filter((s) => s.error);
  for (const e of errors.slice(0, 10)) console.log(`error: ${e.kind} ${e.error}`);
  const refusals = [...new Set(samples.filter((s) => s.refused).map((s) => `${s.kind}: ${s.refused}`))];
  for (const r of refusals.slice(0, 5)) console.log(`refused: ${r}`);
  console.log(`\n${samples.length} requests, ${errors.length} errors`);
  return errors.length ? 1 : 0;
}

main()
  .catch((e) => {
    console.log(`FAILED - ${e instanceof Error ? e.stack : String(e)}`);
    return 1;
  })
  .then(async (code) => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 2000));
    await admin(baseUrl, (c) => c.query(`drop database if exists ${dbName} with (force)`)).catch(() => undefined);
    fs.rmSync(work, { recursive: true, force: true });
    process.exit(code);
  });
