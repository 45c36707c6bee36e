/**
 * The deployment check (CI), as an operator deploys (docs/deploy.md): a release folder built by
 * scripts/release.ts (the server compiled to JavaScript, the web app of dist/, built without
 * knowing the base path) and two instances of it with NODE_ENV=production started at the same
 * moment on an empty PostgreSQL database under BASE_PATH=/ktgl/, behind nginx configured by
 * deploy/nginx/portal.conf (only its listen address and upstream ports changed), with the files on
 * storage both share. Through nginx it opens the app in a browser and asks for every asset and
 * code chunk, logs in as the super admin user:create made, reads a list, uploads a file in chunks
 * that land on both instances and downloads it; then upgrades to a second release (its own web
 * build) with the release script while a client keeps requesting, and finds no request failed and
 * the first release's code still served; logs out (the token refused by both); backs up and
 * restores into a new database and folder and verifies every file there. Prints one line per
 * check and `N passed, N failed`.
 *
 * Needs nginx on PATH (or NGINX), PostgreSQL at CI_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test)
 * with its client tools (pg_dump), the web app built (npm run build) and Chromium (CHROMIUM_PATH,
 * or Debian's package).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { admin as dbAdmin, check, freePort, startNginx, tally, until, withDatabase } from './deploy/harness.js';
import { openInBrowser, pageAssets, status, statuses } from './deploy/pageAssets.js';
import { releaseScript, restartCommand, steadyClient, superviseInstance, type Instance } from './deploy/instances.js';
import { hashToken } from '../src/server/platform/auth/secrets.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseUrl = process.env.CI_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const CHUNK_MB = 4;
/** The public base path, set at start only: the build knows nothing of it. */
const BASE = '/ktgl/';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-deploy-'));
const dbName = `portal_deploy_${crypto.randomBytes(4).toString('hex')}`;
const install = path.join(work, 'portal');
const PASSWORD = 'Deploy-check-2026';
const children: ChildProcess[] = [];
const running: Instance[] = [];

/** The instances' environment, as /etc/portal/portal.env gives it (PORT apart). */
function portalEnv(databaseUrl: string, dataDir: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    // Files on storage both instances reach (a shared volume here; S3 in most deployments).
    DATA_DIR: dataDir,
    BASE_PATH: BASE,
    TRUST_PROXY: '127.0.0.1',
    UPLOAD_CHUNK_MB: String(CHUNK_MB),
    LOG_LEVEL: 'warn',
    JOB_INTERVAL_MINUTES: '0',
    // Production's drain.
    SHUTDOWN_DRAIN_SECONDS: '5',
  };
}

/** npm run release with the given options, to the install folder, from dist/ or `clientDist`. */
function release(
  env: NodeJS.ProcessEnv,
  clientDist: string,
  args: string[],
): Promise<{ code: number | null; out: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts/release.ts'), '--to', install, '--client-dist', clientDist, ...args],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

/** dist/ as a changed web app would be built: its entry module under a name of its own. */
function changedBuild(): string {
  const dir = path.join(work, 'dist2');
  fs.cpSync(path.join(root, 'dist'), dir, { recursive: true });
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const entry = /assets\/(index-[\w-]+)\.js/.exec(html)![1];
  for (const f of fs.readdirSync(path.join(dir, 'assets')).filter((f) => f.startsWith(`${entry}.js`)))
    fs.renameSync(path.join(dir, 'assets', f), path.join(dir, 'assets', f.replace(entry, `${entry}2`)));
  fs.writeFileSync(path.join(dir, 'index.html'), html.replace(`${entry}.js`, `${entry}2.js`));
  return dir;
}

type Answer = { flag: boolean; data: any; result: string; code?: number };

async function main(): Promise<void> {
  await dbAdmin(baseUrl, (c) => c.query(`create database ${dbName}`));
  const databaseUrl = withDatabase(baseUrl, dbName);
  const env = portalEnv(databaseUrl, path.join(work, 'data'));
  const first = await release(env, path.join(root, 'dist'), ['--no-check', '--no-restart']);
  check('the first release is built and made current', first.code === 0, first.out.slice(-2000));
  if (tally.failed) return;
  const [p1, p2, front] = await Promise.all([freePort(), freePort(), freePort()]);
  const started = Date.now();
  const instances = [superviseInstance(install, p1, env), superviseInstance(install, p2, env)];
  running.push(...instances);
  const logs = instances.map((i) => i.log);
  const nginx = startNginx(root, path.join(work, 'nginx'), front, [p1, p2]);
  children.push(nginx);

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
  if (tally.failed) return;
  const admin = releaseScript(
    install,
    'user-create',
    ['--username', 'root', '--password', PASSWORD, '--real-name', '系统管理员'],
    env,
  );
  check('npm run user:create of the release makes the first user', admin.status === 0, admin.out);

  const origin = `http://127.0.0.1:${front}`;
  const base = `${origin}${BASE.replace(/\/$/, '')}`;
  await until(
    () => fetch(`${origin}/healthz`).then((r) => r.status),
    (s) => s === 200,
    10_000,
  );

  // The web app under the base path: the page names it, every asset and chunk answers under it.
  const { base: written, assets } = await pageAssets(`${base}/projectManagement/projectList`);
  check(`the page says its base is ${BASE}`, written === BASE, written);
  const missing = [...assets].filter(([, s]) => s !== 200);
  check(
    `the ${assets.size} assets and code chunks of the page load under ${BASE}`,
    assets.size > 20 && missing.length === 0 && [...assets.keys()].every((u) => u.startsWith(`${base}/`)),
    { size: assets.size, missing: missing.slice(0, 5) },
  );
  const browser = await openInBrowser(`${base}/homePage`);
  check(
    `a browser draws the app at ${BASE} with every request under it answered`,
    !!browser && browser.drawn && browser.failed.length === 0 && browser.outside.length === 0,
    browser ?? 'no Chromium installed (CHROMIUM_PATH)',
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
  // Production takes no test code: the captcha's answer is written into the database, as its picture says.
  const { captchaId } = (await call('GET', '/sso/captcha')).data;
  await dbAdmin(databaseUrl, (c) =>
    c.query('update sso_captchas set code_hash = $1 where id = $2', [hashToken(`${captchaId}:CHECK`), captchaId]),
  );
  const sso = await call('POST', '/sso/login', {
    account: 'root',
    password: PASSWORD,
    captchaId,
    captchaCode: 'check',
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
    access.filter((l) => l.startsWith(`POST ${BASE}fileserver/v2/upload `)).map((l) => l.split(' ')[3]),
  );
  check('the chunks were received by both instances', chunkHosts.size === 2, [...chunkHosts]);
  const downloads = await Promise.all(
    [1, 2].map(async () => {
      const res = await fetch(`${origin}${record.data.downloadUrl}`, { headers: auth });
      return res.status === 200 ? md5Of(Buffer.from(await res.arrayBuffer())) : `HTTP ${res.status}`;
    }),
  );
  check(
    'the file downloads whole from both instances',
    downloads.every((d) => d === md5),
    downloads,
  );

  // An upgrade while a client keeps asking for a list and the first release's entry module.
  const oldAssets = [...assets.keys()];
  const oldEntry = oldAssets.find((u) => /\/index-[\w-]+\.js$/.test(u))!;
  const client = steadyClient(async () => {
    const [list, code] = await Promise.all([
      fetch(`${base}/api/resource/announcement/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth },
        body: JSON.stringify({ page: 1, pageSize: 5 }),
      }).then(async (r) => (r.status === 200 && ((await r.json()) as Answer).flag ? 200 : r.status)),
      status(oldEntry),
    ]);
    return (list === 200 && code === 200) || `list ${list}, old entry ${code}`;
  });
  const upgrade = await release(env, changedBuild(), ['--ports', `${p1},${p2}`, '--restart', restartCommand(install)]);
  const load = await client.stop();
  const id = /done: (\S+)/.exec(upgrade.out)?.[1];
  check(
    'the release script builds, checks and switches the second release',
    upgrade.code === 0 && !!id,
    upgrade.out.slice(-3000),
  );
  const runs = await Promise.all(
    [p1, p2].map(async (p) => (await (await fetch(`http://127.0.0.1:${p}/readyz`)).json()).release),
  );
  check(
    'both instances were restarted into it, one at a time',
    runs.every((r) => r === id),
    { runs, id },
  );
  check(
    `${load.sent} requests during the upgrade, none failed`,
    load.sent > 10 && load.failed.length === 0,
    load.failed.slice(0, 5),
  );
  const after2 = await pageAssets(`${base}/projectManagement/projectList`);
  const oldStill = await statuses(oldAssets);
  check(
    "the first release's assets are still served beside the second's",
    oldStill.every((c) => c === 200) &&
      [...after2.assets.values()].every((c) => c === 200) &&
      !after2.assets.has(oldEntry),
    { old: oldStill.filter((c) => c !== 200).length, size: after2.assets.size },
  );

  // Backup of the running portal, restored into a new database and folder, every file verified there.
  const backupDir = path.join(work, 'backup');
  const backup = releaseScript(install, 'backup', ['--out', backupDir], env);
  check('npm run backup while the portal serves', backup.status === 0, backup.out);
  await dbAdmin(baseUrl, (c) => c.query(`create database ${dbName}_r`));
  const restoredEnv = portalEnv(withDatabase(baseUrl, `${dbName}_r`), path.join(work, 'restored'));
  const restore = releaseScript(install, 'restore', ['--from', backupDir, '--fresh-secrets'], restoredEnv);
  const verify = releaseScript(install, 'files-verify', [], restoredEnv);
  const counts = await Promise.all(
    [databaseUrl, restoredEnv.DATABASE_URL!].map((u) =>
      dbAdmin(
        u,
        async (c) => (await c.query('select (select count(*) from users) u, (select count(*) from files) f')).rows[0],
      ),
    ),
  );
  check(
    'npm run restore brings it back into an empty database, with every file and its md5',
    restore.status === 0 &&
      verify.status === 0 &&
      /有问题 0 个/.test(verify.out) &&
      JSON.stringify(counts[0]) === JSON.stringify(counts[1]) &&
      Number(counts[1].f) > 0,
    { restore: restore.out.slice(-1000), verify: verify.out.slice(-1000), counts },
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

  // Stopping: each drains and exits cleanly (the restarts' processes too).
  const codes = await Promise.all(instances.map((i) => i.stop()));
  check(
    'every instance process stopped cleanly on SIGTERM',
    codes.every((c) => c.length >= 2 && c.every((x) => x === 0)),
    codes,
  );
  nginx.kill('SIGQUIT');
}

main()
  .catch((e) => {
    tally.failed++;
    console.log(`FAILED - ${e instanceof Error ? e.stack : String(e)}`);
  })
  .finally(async () => {
    // SIGTERM: nginx's master stops its workers too (SIGKILL would leave them running).
    await Promise.all(running.map((i) => i.stop()));
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    await dbAdmin(baseUrl, async (c) => {
      await c.query(`drop database if exists ${dbName}_r with (force)`);
      await c.query(`drop database if exists ${dbName} with (force)`);
    }).catch((e) => console.log(`(could not drop ${dbName}: ${e.message})`));
    if (tally.failed) {
      const errors = path.join(work, 'nginx', 'error.log');
      if (fs.existsSync(errors)) console.log(`nginx error.log:\n${fs.readFileSync(errors, 'utf8').slice(-3000)}`);
    }
    fs.rmSync(work, { recursive: true, force: true });
    console.log(`\n${tally.passed} passed, ${tally.failed} failed`);
    process.exit(tally.failed ? 1 : 0);
  });
