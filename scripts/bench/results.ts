/**
 * Each `npm run bench` writes what it printed to a dated file under bench/results/ (one file per
 * run, never overwritten), headed by the machine, Node, the commit and the BENCH_* settings, with
 * the hello-world's figure of the same run: figures are only comparable within a run.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format } from 'node:util';

export interface RunRecord {
  /** Whether the run printed a hello-world figure (the list part does). */
  hasHelloWorld(): boolean;
  /** Writes the file (also after a failed run, saying so) and returns its path. */
  finish(error?: unknown): string;
}

function commitOf(root: string): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${sha} with uncommitted changes` : sha;
  } catch {
    return 'unknown';
  }
}

/** Starts keeping every line the run prints (console.log and console.error), from now on. */
export function recordRun(root: string, dir = path.join(root, 'bench', 'results'), now = new Date()): RunRecord {
  const lines: string[] = [];
  const keep =
    (original: (...a: unknown[]) => void) =>
    (...args: unknown[]) => {
      lines.push(format(...args));
      original(...args);
    };
  const log = console.log;
  const error = console.error;
  console.log = keep(log.bind(console));
  console.error = keep(error.bind(console));
  const settings = Object.entries(process.env)
    .filter(([k]) => k.startsWith('BENCH_'))
    .map(([k, v]) => `${k}=${v}`);
  const [load1, load5] = os.loadavg();
  const head = [
    `# npm run bench, ${now.toISOString()}`,
    '',
    `- machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}`,
    `- load average at start: ${load1.toFixed(2)} (1 min), ${load5.toFixed(2)} (5 min)`,
    `- Node ${process.version}, commit ${commitOf(root)}`,
    `- settings: ${settings.length ? settings.join(' ') : 'defaults'}${process.env.DATABASE_URL ? ', DATABASE_URL set' : ''}`,
    '',
  ];
  return {
    hasHelloWorld: () => lines.some((l) => l.startsWith('hello-world:')),
    finish(failure?: unknown): string {
      console.log = log;
      console.error = error;
      fs.mkdirSync(dir, { recursive: true });
      const stamp = now
        .toISOString()
        .replace(/:/g, '-')
        .replace(/\.\d+Z$/, 'Z');
      const file = path.join(dir, `${stamp}.md`);
      const failed =
        failure === undefined
          ? []
          : ['', `The run failed: ${failure instanceof Error ? failure.message : String(failure)}`];
      fs.writeFileSync(file, `${[...head, '```', ...lines, '```', ...failed].join('\n')}\n`, { flag: 'wx' });
      return file;
    },
  };
}
