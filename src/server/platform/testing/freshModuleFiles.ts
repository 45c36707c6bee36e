import fs from 'node:fs';
import path from 'node:path';

/**
 * A call that replaces a module for the file that makes it (vi.mock, vi.doMock), or the marker
 * comment of a file that tests a module's first load (a lazy chunk that no earlier file loaded).
 */
const NEEDS_OWN_MODULES = /\bvi\s*\.\s*(mock|doMock)\s*\(|^\/\/ @fresh-modules\b/m;
const TEST_FILE = /\.test\.tsx?$/;

/**
 * The test files under `dirs` (relative to `root`) that need a module graph of their own, as paths
 * relative to `root`. Files that share a worker's loaded modules (`isolate: false`) cannot replace
 * a module: it may already be loaded for an earlier file, and a replacement stays registered for
 * the files after it. Nor can they see a module load for the first time. The config runs these
 * files apart.
 */
export function freshModuleFiles(root: string, dirs: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (TEST_FILE.test(entry.name) && NEEDS_OWN_MODULES.test(fs.readFileSync(path.join(root, rel), 'utf8'))) {
        found.push(rel);
      }
    }
  };
  for (const dir of dirs) if (fs.existsSync(path.join(root, dir))) walk(dir);
  return found.sort();
}
