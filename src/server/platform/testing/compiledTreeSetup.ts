import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPILED_TREE_ENV, buildCompiledTree } from './compiledTree.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * Vitest global setup: compiles the repository's TypeScript once for this run (compiledTree.ts),
 * names the folder in the environment the test workers inherit, and removes it at the end.
 * TEST_COMPILED=off leaves the processes to the TypeScript loader (to compare).
 */
export default async function setup(): Promise<() => void> {
  if (process.env.TEST_COMPILED === 'off') return () => undefined;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'portal_js_'));
  await buildCompiledTree(ROOT, out);
  process.env[COMPILED_TREE_ENV] = out;
  return () => fs.rmSync(out, { recursive: true, force: true });
}
