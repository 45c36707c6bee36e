/**
 * Portal instances as systemd runs them (deploy/systemd/portal@.service): `node current/src/server/main.js`
 * in the current release's folder, started again whenever one exits until the check stops them
 * (Restart=always), each writing its process id where the restart command finds it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface Instance {
  port: number;
  log: string[];
  /** Exit codes of the processes that ended (a restart's SIGTERM included). */
  exits: (number | null)[];
  stop(): Promise<(number | null)[]>;
}

export function superviseInstance(install: string, port: number, env: NodeJS.ProcessEnv): Instance {
  const run = path.join(install, 'run');
  fs.mkdirSync(run, { recursive: true });
  const log: string[] = [];
  const exits: (number | null)[] = [];
  let stopping = false;
  let child: ChildProcess;
  const start = () => {
    const current = path.join(install, 'current');
    child = spawn(process.execPath, [path.join(current, 'src/server/main.js')], {
      cwd: current,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    fs.writeFileSync(path.join(run, `${port}.pid`), String(child.pid));
    child.stdout!.on('data', (d) => log.push(String(d)));
    child.stderr!.on('data', (d) => log.push(String(d)));
    child.once('exit', (code) => {
      exits.push(code);
      if (!stopping) start();
    });
  };
  start();
  return {
    port,
    log,
    exits,
    async stop() {
      stopping = true;
      const ended = new Promise<void>((r) => (child.exitCode !== null ? r() : child.once('exit', () => r())));
      child.kill('SIGTERM');
      await Promise.race([ended, new Promise((r) => setTimeout(r, 20_000))]);
      return exits;
    },
  };
}

/** What the release script runs to restart the instance on {port}: SIGTERM to its process. */
export function restartCommand(install: string): string {
  return `kill -TERM "$(cat ${path.join(install, 'run')}/{port}.pid)"`;
}

/** Runs an operator's command of the current release (node scripts/<name>.js in its folder). */
export function releaseScript(
  install: string,
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): { status: number | null; out: string } {
  const current = path.join(install, 'current');
  const r = spawnSync(process.execPath, [path.join(current, 'scripts', `${name}.js`), ...args], {
    cwd: current,
    env,
    encoding: 'utf8',
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/**
 * Requests through the proxy, one after another, until stopped. Each call that does not answer
 * true (a 200 with what it should hold) is a failure, with the reason it gives.
 */
export function steadyClient(call: () => Promise<true | string>): {
  stop(): Promise<{ sent: number; failed: string[] }>;
} {
  let running = true;
  let sent = 0;
  const failed: string[] = [];
  const loop = (async () => {
    while (running) {
      sent++;
      try {
        const answer = await call();
        if (answer !== true) failed.push(`request ${sent}: ${answer}`);
      } catch (e) {
        failed.push(`request ${sent}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { sent, failed };
    },
  };
}
