import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** Names the folder of this run's compiled tree, for the test processes (compiledTreeSetup.ts). */
export const COMPILED_TREE_ENV = 'TEST_COMPILED_TREE';

const SOURCE_DIRS = ['src', 'scripts'];
const TYPESCRIPT = /\.tsx?$/;
const SKIPPED = /\.test\.tsx?$|\.d\.ts$/;

/**
 * A copy of the repository at `out` in which `src/` and `scripts/` are JavaScript, for the tests that
 * start the server or a script as a process of its own: through the TypeScript loader each start
 * compiled and resolved every module again. Every other entry of the root is a link to the real
 * one, so paths a module finds from its own place (`../../../../schemas`) land where they do in
 * the repository. Files other than TypeScript (a script in a page's folder) are linked too.
 */
export async function buildCompiledTree(root: string, out: string): Promise<void> {
  const entryPoints: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const from = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(from);
      else if (!TYPESCRIPT.test(entry.name)) linkInto(out, path.relative(root, from), from);
      else if (!SKIPPED.test(entry.name)) entryPoints.push(from);
    }
  };
  for (const dir of SOURCE_DIRS) walk(path.join(root, dir));
  for (const entry of fs.readdirSync(root)) {
    if (!SOURCE_DIRS.includes(entry) && entry !== '.git') linkInto(out, entry, path.join(root, entry));
  }
  await build({
    entryPoints,
    outdir: out,
    outbase: root,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    logLevel: 'error',
  });
}

function linkInto(out: string, rel: string, target: string): void {
  const at = path.join(out, rel);
  fs.mkdirSync(path.dirname(at), { recursive: true });
  fs.symlinkSync(target, at);
}

/**
 * The arguments that start `entry` (a TypeScript file relative to the root, e.g.
 * 'src/server/main.ts') with node: its compiled file when the run has a compiled tree, else the
 * source through the TypeScript loader.
 */
export function nodeEntryArgs(entry: string, root = process.cwd()): string[] {
  const tree = process.env[COMPILED_TREE_ENV];
  if (tree) return [path.join(tree, entry.replace(TYPESCRIPT, '.js'))];
  return ['--import', 'tsx', path.join(root, entry)];
}
