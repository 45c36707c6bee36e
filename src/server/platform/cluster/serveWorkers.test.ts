import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeEntryArgs } from '../testing/compiledTree.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');

/** The server processes whose parent is `pid` (Linux /proc; the TypeScript loader's helper is not one). */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === pid && fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('src/server/main.')
          ? [Number(d)]
          : [];
      } catch {
        return [];
      }
    });
}

async function until<T>(what: () => T | Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-workers-'));
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.runIf(process.platform === 'linux')('WORKERS=2', () => {
  it('answers from two processes on one port, replaces one that dies, and stops them all', async () => {
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      WORKERS: '2',
      CAPTCHA_TEST_CODE: 'test',
      DEMO_PASSWORD: 'Test@12345',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: path.join(dataDir, 'none'),
    };
    server = spawn(process.execPath, nodeEntryArgs('src/server/main.ts', root), {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    server.stdout!.on('data', (d) => {
      out += d;
    });
    server.stderr!.on('data', (d) => {
      out += d;
    });
    const line = await until(
      () => /Portal listening on http:\/\/localhost:(\d+)\/ .*2 processes/.exec(out),
      (m) => !!m,
    );
    expect(line, out).toBeTruthy();
    const port = Number(line![1]);
    const ask = async () =>
      (
        await fetch(`http://127.0.0.1:${port}/api/basicInfoMaintain/querySysName`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).status;

    const workers = childrenOf(server.pid!);
    expect(workers).toHaveLength(2);
    expect(await ask()).toBe(200);

    // A whole sign-in, each step on a new connection (the primary hands connections out in turn),
    // so the captcha, the ticket and the session made by one process are used in the other.
    const call = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
      new Promise<any>((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: url,
            method,
            agent: false,
            headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
          },
          (res) => {
            let text = '';
            res.on('data', (d) => {
              text += d;
            });
            res.on('end', () => resolve(JSON.parse(text)));
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    const { captchaId } = (await call('GET', '/sso/captcha')).data;
    const sso = await call('POST', '/sso/login', {
      account: 'province',
      password: 'Test@12345',
      captchaId,
      captchaCode: 'test',
    });
    expect(sso.result, JSON.stringify(sso)).toBe('success');
    const login = (await call('POST', '/api/sys/login', { tgt: sso.data.tgt, subAct: 'a' })).data;
    const auth = { authorization: login.token, 'x-csrf-token': login.csrfToken };
    for (let i = 0; i < 4; i++)
      expect((await call('POST', '/api/resource/announcement/list', { page: 1, pageSize: 5 }, auth)).flag).toBe(true);
    await call('POST', '/api/sys/logout', { subAct: 'a' }, auth);
    for (let i = 0; i < 2; i++)
      expect(await call('POST', '/api/resource/announcement/list', { page: 1, pageSize: 5 }, auth)).toMatchObject({
        flag: false,
        code: 501,
      });

    process.kill(workers[0], 'SIGKILL');
    const replaced = await until(
      () => childrenOf(server!.pid!),
      (pids) => pids.length === 2 && !pids.includes(workers[0]),
    );
    expect(replaced).toHaveLength(2);
    expect(replaced).toContain(workers[1]);
    expect(await until(ask, (s) => s === 200)).toBe(200);

    const exited = new Promise<number | null>((r) => server!.once('exit', (code) => r(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(replaced.filter((pid) => fs.existsSync(`/proc/${pid}`))).toEqual([]);
  }, 120_000);
});
