import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILED_TREE_ENV, buildCompiledTree, nodeEntryArgs } from './compiledTree.js';

const made: string[] = [];
afterEach(() => made.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function folder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tree-'));
  made.push(dir);
  return dir;
}
function write(root: string, rel: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
}

describe('buildCompiledTree', () => {
  it('compiles src and scripts in place, and the rest of the root is reached as from the source', async () => {
    const root = folder();
    write(
      root,
      'src/server/where.ts',
      [
        "import fs from 'node:fs';",
        "import { asset } from './asset.js';",
        'const here: string = new URL(".", import.meta.url).pathname;',
        "export const said = (): string => fs.readFileSync(here + '../../schemas/one.json', 'utf8').trim() + asset;",
      ].join('\n'),
    );
    write(root, 'src/server/asset.js', "export const asset = '+asset';");
    write(root, 'src/server/where.test.ts', 'throw new Error("tests are not compiled");');
    write(root, 'scripts/say.ts', "import { said } from '../src/server/where.js';\nconsole.log(said());");
    write(root, 'schemas/one.json', '{"one":1}');
    const out = folder();
    await buildCompiledTree(root, out);
    expect(execFileSync(process.execPath, [path.join(out, 'scripts/say.js')], { encoding: 'utf8' }).trim()).toBe(
      '{"one":1}+asset',
    );
    expect(fs.existsSync(path.join(out, 'src/server/where.test.js'))).toBe(false);
    expect(fs.realpathSync(path.join(out, 'schemas'))).toBe(fs.realpathSync(path.join(root, 'schemas')));
  });
});

describe('nodeEntryArgs', () => {
  it('starts the compiled file when the run has a tree, else the source through the TypeScript loader', () => {
    const saved = process.env[COMPILED_TREE_ENV];
    try {
      process.env[COMPILED_TREE_ENV] = '/tmp/tree';
      expect(nodeEntryArgs('src/server/main.ts')).toEqual(['/tmp/tree/src/server/main.js']);
      delete process.env[COMPILED_TREE_ENV];
      expect(nodeEntryArgs('scripts/seed.ts', '/repo')).toEqual(['--import', 'tsx', '/repo/scripts/seed.ts']);
    } finally {
      if (saved === undefined) delete process.env[COMPILED_TREE_ENV];
      else process.env[COMPILED_TREE_ENV] = saved;
    }
  });
});
