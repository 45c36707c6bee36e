/**
 * The deployment check (CI): two portal instances started at the same moment on an empty
 * PostgreSQL database, behind nginx configured by deploy/nginx/portal.conf (only its listen
 * address and upstream ports changed), with the files on storage both share. Through nginx it
 * logs in, reads a list, uploads a file in chunks that land on both instances, downloads it, and
 * logs out; the token is then refused by both. Prints one line per check and `N passed, N failed`.
 *
 * Needs nginx on PATH (or NGINX) and PostgreSQL at CI_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseUrl = process.env.CI_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const nginxBin = process.env.NGINX || (fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');
const CHUNK_MB = 4;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-deploy-'));
const dbName = `portal_deploy_${crypto.randomBytes(4).toString('hex')}`;
const children: ChildProcess[] = [];
let passed = 0;
let failed = 0;

function check(name: string, ok: boolean, detail?: unknown): void {
  if (ok) passed++;
  else failed++;
  console.log(
    `${ok ? 'ok' : 'FAILED'} - ${name}${ok || detail === undefined ? '' : `: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`}`,
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net
      .createServer()
      .listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      })
      .on('error', reject);
  });
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      const v = await fn();
      if (ok(v) || Date.now() > end) return v;
    } catch (e) {
      if (Date.now() > end) throw e;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** deploy/nginx/portal.conf with only the listen address and the upstream ports changed. */
function siteConfig(listen: number, ports: number[]): string {
  const sample = fs.readFileSync(path.join(root, 'deploy/nginx/portal.conf'), 'utf8');
  const out = sample
    .replace(/listen 80;/, `listen 127.0.0.1:${listen};`)
    .replace(/server 127\.0\.0\.1:8081 /, `server 127.0.0.1:${ports[0]} `)
    .replace(/server 127\.0\.0\.1:8082 /, `server 127.0.0.1:${ports[1]} `);
  if (out.includes(':8081') || out.includes(':8082') || !out.includes(`:${listen};`))
    throw new Error('deploy/nginx/portal.conf no longer has the lines this check changes');
  return out;
}

function startNginx(listen: number, ports: number[]): ChildProcess {
  const dir = path.join(work, 'nginx');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'portal.conf'), siteConfig(listen, ports));
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 256; }
http {
  log_format upstream '$request_method $uri $status $upstream_addr';
  access_log ${dir}/access.log upstream;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/portal.conf;
}
`,
  );
  const child = spawn(nginxBin, ['-e', path.join(dir, 'error.log'), '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: 'ignore',
  });
  children.push(child);
  return child;
}

function startPortal(port: number, databaseUrl: string, log: string[]): ChildProcess {
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    PG_SCHEMA: '',
    // Files on storage both instances reach (a shared volume here; S3 in most deployments).
    DATA_DIR: path.join(work, 'data'),
    CLIENT_DIR: path.join(work, 'no-client'),
    DEMO_DATA: 'off',
    CAPTCHA_TEST_CODE: 'test',
    DEMO_PASSWORD: 'Test@12345',
    TRUST_PROXY: '127.0.0.1',
    UPLOAD_CHUNK_MB: String(CHUNK_MB),
    LOG_LEVEL: 'warn',
    JOB_INTERVAL_MINUTES: '0',
    APP_SECRET: '',
    SHUTDOWN_DRAIN_SECONDS: '1',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => log.push(String(d)));
  child.stderr!.on('data', (d) => log.push(String(d)));
  children.push(child);
  return child;
}

type Answer = { flag: boolean; data: any; result: string; code?: number };

async function main(): Promise<void> {
  await admin((c) => c.query(`create database ${dbName}`));
  const databaseUrl = withDatabase(baseUrl, dbName);
  const [p1, p2, front] = await Promise.all([freePort(), freePort(), freePort()]);
  const logs: string[][] = [[], []];
  const started = Date.now();
  const portals = [startPortal(p1, databaseUrl, logs[0]), startPortal(p2, databaseUrl, logs[1])];
  const exits = portals.map((p) => new Promise<number | null>((r) => p.once('exit', (code) => r(code))));
  const nginx = startNginx(front, [p1, p2]);

  const ready = async (port: number) => (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
  const states = await Promise.all(
    [p1, p2].map((p) =>
      until(
        () => ready(p),
        (s) => s === 200,
        90_000,
      ).catch(() => 0),
    ),
  );
  check(
    `both instances started together on an empty database come up and are ready (${Math.round((Date.now() - started) / 1000)} s)`,
    states.every((s) => s === 200),
    { states, logs: logs.map((l) => l.join('').slice(-2000)) },
  );
  if (failed) return;

  const base = `http://127.0.0.1:${front}`;
  await until(
    () => fetch(`${base}/healthz`).then((r) => r.status),
    (s) => s === 200,
    10_000,
  );
  const call = async (
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json() as Promise<Answer>;
  };

  // Login: the captcha, the ticket and the session, each step on whichever instance nginx picks.
  const { captchaId } = (await call('GET', '/sso/captcha')).data;
  const sso = await call('POST', '/sso/login', {
    account: 'province',
    password: 'Test@12345',
    captchaId,
    captchaCode: 'test',
  });
  check('sso login through nginx', sso.result === 'success', sso);
  const login = await call('POST', '/api/sys/login', { tgt: sso.data?.tgt, subAct: 'a' });
  check('app login through nginx', login.flag && typeof login.data?.token === 'string', login);
  const auth = { authorization: login.data.token, 'x-csrf-token': login.data.csrfToken };

  const lists = await Promise.all(
    [1, 2, 3, 4].map(() => call('POST', '/api/resource/announcement/list', { page: 1, pageSize: 5 }, auth)),
  );
  check(
    'a list answers on both instances',
    lists.every((l) => l.flag && Array.isArray(l.data?.list ?? l.data?.records ?? l.data)),
    lists.map((l) => l.result),
  );

  // An upload of three chunks of UPLOAD_CHUNK_MB, each bigger than nginx's default body limit.
  const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(CHUNK_MB * 1024 * 1024 * 2 + 12345)]);
  const md5Of = (b: Buffer) => crypto.createHash('md5').update(b).digest('hex');
  const md5 = md5Of(bytes);
  const chunkSize = CHUNK_MB * 1024 * 1024;
  const chunks = Math.ceil(bytes.length / chunkSize);
  const settings = await call('GET', '/api/file/uploadSettings');
  check('the uploader is told the configured chunk size', settings.data?.chunkSize === chunkSize, settings);
  const tokens = await call(
    'POST',
    '/api/file/getCyStorageToken',
    { fileExt: 'pdf', chunks, md5, fileSize: bytes.length, belongType: 'announcement.attachments', subAct: 'a' },
    auth,
  );
  const prepared = await call(
    'POST',
    '/fileserver/v2/prepare',
    { token: tokens.data?.prepareToken, chunkSize, md5 },
    auth,
  );
  const contextId = prepared.data?.contextId as string;
  const chunkTokens = await call(
    'POST',
    '/api/file/getTokenByChunks',
    { fileExt: 'pdf', chunks, md5, contextId, subAct: 'a' },
    auth,
  );
  const sent: Answer[] = [];
  for (let i = 0; i < chunks; i++) {
    const piece = bytes.subarray(i * chunkSize, (i + 1) * chunkSize);
    const query = new URLSearchParams({
      contextId,
      index: String(i),
      token: chunkTokens.data?.chunkToken,
      chunkMd5: md5Of(piece),
    });
    const res = await fetch(`${base}/fileserver/v2/upload?${query}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/octet-stream' },
      body: piece,
    });
    sent.push(
      res.status === 200 ? ((await res.json()) as Answer) : { flag: false, data: null, result: `HTTP ${res.status}` },
    );
  }
  check(
    `${chunks} chunks of ${CHUNK_MB} MB pass nginx`,
    sent.every((s) => s.flag),
    sent.map((s) => s.result),
  );
  const done = await call(
    'POST',
    '/fileserver/v2/complete',
    { token: chunkTokens.data?.completeToken, contextId },
    auth,
  );
  check('complete assembles the chunks', done.flag && done.data?.md5 === md5, done);
  const record = await call(
    'POST',
    '/api/file/uploadFile',
    { belongType: 'announcement.attachments', contextId, originalFileName: '两台.pdf', subAct: 'a' },
    auth,
  );
  check('the file record is made', record.flag && !!record.data?.downloadUrl, record);
  const access = fs.readFileSync(path.join(work, 'nginx', 'access.log'), 'utf8').split('\n');
  const chunkHosts = new Set(
    access.filter((l) => l.startsWith('POST /fileserver/v2/upload ')).map((l) => l.split(' ')[3]),
  );
  check('the chunks were received by both instances', chunkHosts.size === 2, [...chunkHosts]);
  const downloads = await Promise.all(
    [1, 2].map(async () => {
      const res = await fetch(`${base}${record.data.downloadUrl}`, { headers: auth });
      return res.status === 200 ? md5Of(Buffer.from(await res.arrayBuffer())) : `HTTP ${res.status}`;
    }),
  );
  check(
    'the file downloads whole from both instances',
    downloads.every((d) => d === md5),
    downloads,
  );

  // Logout on one instance; the token is refused right after, by both.
  const out = await call('POST', '/api/sys/logout', { subAct: 'a' }, auth);
  check('logout', out.flag, out);
  const after = await Promise.all(
    [1, 2].map(() => call('POST', '/api/resource/announcement/list', { page: 1, pageSize: 5 }, auth)),
  );
  check(
    'the token is refused by both instances right after logout',
    after.every((a) => !a.flag && a.code === 501),
    after,
  );

  // Stopping: each drains and exits cleanly.
  for (const p of portals) p.kill('SIGTERM');
  const codes = await Promise.race([Promise.all(exits), new Promise<null>((r) => setTimeout(() => r(null), 20_000))]);
  check('both instances stop cleanly on SIGTERM', codes !== null && codes.every((c) => c === 0), codes);
  nginx.kill('SIGQUIT');
}

main()
  .catch((e) => {
    failed++;
    console.log(`FAILED - ${e instanceof Error ? e.stack : String(e)}`);
  })
  .finally(async () => {
    // SIGTERM: nginx's master stops its workers too (SIGKILL would leave them running).
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    await admin((c) => c.query(`drop database if exists ${dbName} with (force)`)).catch((e) =>
      console.log(`(could not drop ${dbName}: ${e.message})`),
    );
    fs.rmSync(work, { recursive: true, force: true });
    console.log(`\n${passed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  });
