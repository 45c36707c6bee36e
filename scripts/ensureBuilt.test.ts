import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const here = path.dirname(new URL(import.meta.url).pathname);

/** A start in a process of its own: its "build" writes dist/ file by file, slowly, and logs when. */
function start(root: string, name: string): Promise<{ code: number | null; out: string }> {
  const code = `
    import fs from 'node:fs';
    import path from 'node:path';
    const { ensureBuilt } = await import(${JSON.stringify(pathToFileURL(path.join(here, 'ensureBuilt.mjs')).href)});
    const root = ${JSON.stringify(root)};
    const log = (line) => fs.appendFileSync(path.join(root, 'log'), line + '\\n');
    const built = await ensureBuilt(root, async () => {
      log('${name} build start');
      fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
      fs.mkdirSync(path.join(root, 'dist/assets'), { recursive: true });
      for (let i = 0; i < 10; i++) {
        fs.writeFileSync(path.join(root, 'dist/assets', 'a' + i + '.js.br'), 'x');
        await new Promise((r) => setTimeout(r, 40));
      }
      log('${name} build end');
    }, { pollMs: 20 });
    // What a starting server reads of the build: each file the build wrote, whole.
    const files = fs.readdirSync(path.join(root, 'dist/assets'));
    for (const f of files) fs.readFileSync(path.join(root, 'dist/assets', f));
    log('${name} serves ' + files.length + ' files' + (built ? ' (built)' : ''));
  `;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (c) => resolve({ code: c, out }));
  });
}

describe('a start while another process builds the app', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'start-'));
    fs.mkdirSync(path.join(root, 'src/client'), { recursive: true });
    fs.writeFileSync(path.join(root, 'src/client/main.tsx'), 'x');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('waits for that build and serves it whole, built once', async () => {
    const runs = await Promise.all([start(root, 'one'), start(root, 'two'), start(root, 'three')]);
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0]);
    const log = fs.readFileSync(path.join(root, 'log'), 'utf8').trim().split('\n');
    expect(log.filter((l) => l.endsWith('build start'))).toHaveLength(1);
    expect(log.filter((l) => l.endsWith('serves 10 files (built)'))).toHaveLength(1);
    expect(log.filter((l) => l.endsWith('serves 10 files'))).toHaveLength(2);
    // Nobody served while the build was writing.
    expect(log[1]).toMatch(/build end$/);
    expect(fs.existsSync(path.join(root, '.build.lock'))).toBe(false);
  });

  it('takes over the lock of a process that died while building', async () => {
    fs.writeFileSync(path.join(root, '.build.lock'), '2147483646');
    const run = await start(root, 'one');
    expect(run.code).toBe(0);
    expect(fs.readFileSync(path.join(root, 'log'), 'utf8')).toContain('one serves 10 files (built)');
  });
});
