/**
 * The bench's server processes (scripts/bench/listServer.ts): a hello-world or the app, each in a
 * child process that prints one JSON line {port, authorization, csrf, seedMs} when it listens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Child {
  child: ChildProcess;
  info: { port: number; authorization?: string; csrf?: string; seedMs?: number };
}

export function startChild(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Child> {
  const script = path.join(path.dirname(new URL(import.meta.url).pathname), 'listServer.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env,
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (d) => {
      buffer += d;
      const line = buffer.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, info: JSON.parse(line) });
    });
    child.once('exit', (code) => reject(new Error(`bench child ${args[0]} exited with ${code}`)));
  });
}

export async function stop(c: Child): Promise<void> {
  const exited = new Promise((r) => c.child.once('exit', r));
  c.child.kill('SIGTERM');
  await exited;
}

/** The built app (dist/) on a fresh SQLite database in a temp folder, for the browser benches. */
export async function startApp(env: NodeJS.ProcessEnv = {}): Promise<{ port: number; close: () => Promise<void> }> {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
  if (!fs.existsSync(path.join(root, 'dist', 'index.html')))
    throw new Error('dist/ is missing: run npm run build first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-app-'));
  const app = await startChild(['app', '0', dataDir], { ...process.env, DATABASE_URL: '', ...env });
  return {
    port: app.info.port,
    close: async () => {
      await stop(app);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
