/**
 * npm run release -- --to /opt/portal [--ports 8081,8082] [--restart 'systemctl restart portal@{port}']
 *   [--env-file /etc/portal/portal.env] [--run-as portal] [--settle 12] [--client-dist DIR] [--install]
 *   [--no-check] [--no-restart]
 *
 * An upgrade without downtime, from this checkout (docs/deploy.md "Releases"):
 * 1. builds a new release folder, TO/releases/<id>: the web app (and its drawing of public pages'
 *    shell for the server, dist-ssr/: scripts/buildWebApp.mjs), the server compiled to JavaScript
 *    (scripts/buildServer.mjs), the schemas, its own node_modules (hard links to this checkout's, or
 *    `npm ci --omit=dev` with --install), and the previous release's own hashed assets (one
 *    release back, scripts/deploy/releaseAssets.ts), so browsers still holding its pages load their
 *    code chunks;
 * 2. checks it: starts it on a spare port with the portal's environment and waits for /readyz and
 *    a page (migrations run here, under the start-up lock, before any instance is restarted);
 * 3. switches TO/current to it (one rename);
 * 4. restarts the instances one at a time with the restart command, waiting for each to answer
 *    /readyz as the new release, and --settle seconds more (nginx's fail_timeout), before the next:
 *    each drains on SIGTERM (SHUTDOWN_DRAIN_SECONDS) while nginx sends its requests to the others.
 * Nothing of a running release changes: each process keeps the folder it started from.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildServer } from './buildServer.mjs';
import { keepPreviousAssets } from './deploy/releaseAssets.js';
import { buildWebApp } from './buildWebApp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    to: { type: 'string', default: '/opt/portal' },
    ports: { type: 'string', default: '8081,8082' },
    restart: { type: 'string', default: 'systemctl restart portal@{port}' },
    'env-file': { type: 'string' },
    'client-dist': { type: 'string' },
    install: { type: 'boolean', default: false },
    'no-check': { type: 'boolean', default: false },
    'no-restart': { type: 'boolean', default: false },
    keep: { type: 'string', default: '5' },
    'run-as': { type: 'string' },
    settle: { type: 'string', default: '12' },
  },
  strict: true,
});

const say = (line: string) => console.log(`[release] ${line}`);

/** KEY=VALUE lines of an EnvironmentFile (comments and blank lines skipped, quotes taken off). */
export function readEnvFile(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) out[m[1]] = m[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return out;
}

function releaseId(): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  let commit = 'local';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    // Not a git checkout: the time alone names it.
  }
  return `${stamp}-${commit}`;
}

async function buildRelease(dir: string, previous: string | null): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  say(`building ${dir}`);
  if (values['client-dist']) {
    const client = path.resolve(values['client-dist']);
    fs.cpSync(client, path.join(dir, 'dist'), { recursive: true });
    // The shell's drawing for public pages, built beside it (npm run build); without it the
    // server draws those pages without the shell.
    if (fs.existsSync(`${client}-ssr`)) fs.cpSync(`${client}-ssr`, path.join(dir, 'dist-ssr'), { recursive: true });
  } else {
    process.env.NODE_ENV = 'production';
    await buildWebApp(root, path.join(dir, 'dist'));
  }
  await buildServer(root, dir);
  fs.cpSync(path.join(root, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
  for (const f of ['package.json', 'package-lock.json']) fs.copyFileSync(path.join(root, f), path.join(dir, f));
  if (values.install) {
    execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  } else {
    // Hard links: as fast as a link to the checkout's folder, but an `npm ci` there later replaces
    // its files without touching these.
    try {
      execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
    } catch {
      fs.cpSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), { recursive: true });
    }
  }
  // The previous release's code chunks stay loadable from this one (names are content hashes).
  const kept = keepPreviousAssets(dir, previous);
  say(`built; ${kept} assets of the previous release kept`);
  fs.writeFileSync(path.join(dir, 'RELEASE'), `${path.basename(dir)}\n`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

type Ready = { status?: string; release?: string | null };
async function readyz(port: number): Promise<Ready | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(5000) });
    return res.status === 200 ? ((await res.json()) as Ready) : null;
  } catch {
    return null;
  }
}

async function waitFor(what: string, ok: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`${what}: no answer after ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Starts the release on a spare port, waits for it to be ready and to serve a page, stops it. */
async function checkRelease(dir: string, env: NodeJS.ProcessEnv, id: string): Promise<void> {
  const port = await freePort();
  say(`checking it on port ${port}`);
  // As the instances run (--run-as portal when this script runs as root), so what it writes is theirs.
  const user = values['run-as']
    ? {
        uid: Number(execFileSync('id', ['-u', values['run-as']], { encoding: 'utf8' })),
        gid: Number(execFileSync('id', ['-g', values['run-as']], { encoding: 'utf8' })),
      }
    : {};
  const child = spawn(process.execPath, [path.join(dir, 'src/server/main.js')], {
    ...user,
    cwd: dir,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', JOB_INTERVAL_MINUTES: '0', WORKERS: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (d) => (errors = (errors + d).slice(-4000)));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    await waitFor(
      'the new release',
      async () => (await readyz(port))?.release === id || child.exitCode !== null,
      180_000,
    );
    if (child.exitCode !== null) throw new Error(`the new release did not start:\n${errors}`);
    const base = env.BASE_PATH ? `/${env.BASE_PATH.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/') : '/';
    const page = await fetch(`http://127.0.0.1:${port}${base}`, { redirect: 'follow' });
    const html = await page.text();
    if (page.status !== 200 || !html.includes(`<base href="${base}">`))
      throw new Error(`the new release's page answers ${page.status} without its base`);
    say('it starts, is ready and serves its page');
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** TO/current → dir, in one rename (a reader sees the old link or the new one). */
function switchCurrent(to: string, dir: string): void {
  const link = path.join(to, 'current');
  const tmp = path.join(to, `.current-${process.pid}`);
  fs.rmSync(tmp, { force: true });
  fs.symlinkSync(path.relative(to, dir), tmp);
  fs.renameSync(tmp, link);
  say(`current → ${path.relative(to, dir)}`);
}

async function rollingRestart(ports: number[], command: string, id: string, settleMs: number): Promise<void> {
  for (const [i, port] of ports.entries()) {
    say(`restarting the instance on ${port}`);
    execFileSync('sh', ['-c', command.replaceAll('{port}', String(port))], { stdio: 'inherit' });
    await waitFor(`the instance on ${port}`, async () => (await readyz(port))?.release === id, 180_000);
    say(`the instance on ${port} runs ${id}`);
    // nginx counts an instance that refused connections while it restarted as failed for
    // fail_timeout (10 s in deploy/nginx/portal.conf) and sends it nothing meanwhile: stopping the
    // next one before then leaves no instance to answer (502).
    if (i < ports.length - 1) await new Promise((r) => setTimeout(r, settleMs));
  }
}

function prune(releases: string, keep: number, current: string): void {
  const all = fs.readdirSync(releases).sort();
  for (const old of all.slice(0, Math.max(0, all.length - keep))) {
    if (path.join(releases, old) === current) continue;
    fs.rmSync(path.join(releases, old), { recursive: true, force: true });
    say(`removed the old release ${old}`);
  }
}

async function main(): Promise<void> {
  const to = path.resolve(values.to!);
  const releases = path.join(to, 'releases');
  const link = path.join(to, 'current');
  const previous = fs.existsSync(link) ? fs.realpathSync(link) : null;
  const id = releaseId();
  const dir = path.join(releases, id);
  if (fs.existsSync(dir)) throw new Error(`${dir} exists already`);
  const env = { ...process.env, ...(values['env-file'] ? readEnvFile(values['env-file']) : {}) };
  await buildRelease(dir, previous);
  if (!values['no-check']) await checkRelease(dir, env, id);
  switchCurrent(to, dir);
  if (!values['no-restart']) {
    const ports = values
      .ports!.split(',')
      .map((p) => Number(p.trim()))
      .filter(Boolean);
    await rollingRestart(ports, values.restart!, id, Number(values.settle) * 1000);
  }
  prune(releases, Math.max(2, Number(values.keep) || 5), dir);
  say(`done: ${id}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
