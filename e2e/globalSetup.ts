import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

export const E2E_PASSWORD = 'E2e@Demo2026';
export const E2E_CAPTCHA = 'e2e1';
export const E2E_SMS_CODE = '246810';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    demoPassword: string;
    captchaCode: string;
    smsCode: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitFor(url: string, child: ChildProcess, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the portal exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      if (res.status < 500) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the portal did not answer ${url} within ${ms} ms`);
}

export interface Portal {
  baseURL: string;
  dataDir: string;
  /** The file its output goes to. */
  logFile: string;
  stop(): Promise<void>;
}

/**
 * Starts the portal exactly as `npm start` does, on a free port with a fresh data folder of its
 * own (`name` tells its folder and log apart): the journeys share one; the crawler, which saves
 * every edit form again, walks one of its own. `env` adds to or overrides the journeys' settings
 * (an empty value unsets one). Links in e-mail lead to the address the portal is started on.
 */
export async function startPortal(
  name: string,
  shareDataOf?: string,
  env: Record<string, string> = {},
): Promise<Portal> {
  const root = path.resolve(import.meta.dirname, '..');
  const port = await freePort();
  // Another process on a running portal's data (as WORKERS does): it leaves the data to that portal.
  const dataDir = shareDataOf ?? path.join(root, '.e2e', `data-${name}-${Date.now()}`);
  fs.mkdirSync(path.join(root, '.e2e', 'screenshots'), { recursive: true });
  const logFile = path.join(root, '.e2e', name === 'journeys' ? 'server.log' : `server-${name}.log`);
  const log = fs.createWriteStream(logFile);
  const baseURL = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_PASSWORD: E2E_PASSWORD,
      CAPTCHA_TEST_CODE: E2E_CAPTCHA,
      SMS_TEST_CODE: E2E_SMS_CODE,
      NODE_ENV: 'test',
      // The journeys walk the demo portal a new user sees.
      DEMO_DATA: 'on',
      // Uploaded documents and media are converted for the preview, as on a real start.
      CONVERSION: 'on',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  await waitFor(`${baseURL}/api/basicInfoMaintain/querySysName`, child, 200_000);
  return {
    baseURL,
    dataDir,
    logFile,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (shareDataOf) return;
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(`${dataDir}-sessions`, { recursive: true, force: true });
    },
  };
}

/** The portal the journeys share. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const portal = await startPortal('journeys');
  project.provide('baseURL', portal.baseURL);
  project.provide('dataDir', portal.dataDir);
  project.provide('demoPassword', E2E_PASSWORD);
  project.provide('captchaCode', E2E_CAPTCHA);
  project.provide('smsCode', E2E_SMS_CODE);
  return () => portal.stop();
}
