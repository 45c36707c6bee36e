import fs from 'node:fs';
import path from 'node:path';

/**
 * What makes a file run apart: a call that replaces a module for the file that makes it (vi.mock,
 * vi.doMock); emptying the document's head, or its body unless the file keeps the body's nodes
 * aside meanwhile (keepBodyAside.ts), since the files of a worker share the document (antd's
 * global message holder keeps its list in the body, and a later file's message then fails); or the
 * marker comment of a file that tests a module's first load (a lazy chunk no earlier file loaded).
 */
const REPLACES_MODULES = /\bvi\s*\.\s*(mock|doMock)\s*\(|^\/\/ @fresh-modules\b/m;
const EMPTIES_HEAD = /\bdocument\.head\s*\.\s*(innerHTML\s*=(?!=)|replaceChildren\s*\()/;
const EMPTIES_BODY = /\bdocument\.body\s*\.\s*(innerHTML\s*=(?!=)|replaceChildren\s*\()/;
const KEEPS_BODY_ASIDE = /^\s*keepBodyAside\(\);/m;
const needsOwnWorker = (text: string) =>
  REPLACES_MODULES.test(text) || EMPTIES_HEAD.test(text) || (EMPTIES_BODY.test(text) && !KEEPS_BODY_ASIDE.test(text));
const TEST_FILE = /\.test\.tsx?$/;

/**
 * The test files under `dirs` (relative to `root`) that need a module graph of their own, as paths
 * relative to `root`. Files that share a worker's loaded modules (`isolate: false`) cannot replace
 * a module: it may already be loaded for an earlier file, and a replacement stays registered for
 * the files after it. Nor can they see a module load for the first time, or empty the document
 * the others use. The config runs these files apart.
 */
export function freshModuleFiles(root: string, dirs: readonly string[]): string[] {
  return testFilesWhere(root, dirs, needsOwnWorker);
}

const JSDOM_FILE = /^\s*(?:\/\/|\/?\*+)\s*@vitest-environment\s+jsdom\b/m;

/** The test files under `dirs` that run in a document (`@vitest-environment jsdom`); the others run in node. */
export function documentTestFiles(root: string, dirs: readonly string[]): string[] {
  return testFilesWhere(root, dirs, (text) => JSDOM_FILE.test(text));
}

/** The test files under `dirs` whose text passes `test`, relative to `root`, sorted. */
function testFilesWhere(root: string, dirs: readonly string[], test: (text: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (TEST_FILE.test(entry.name) && test(fs.readFileSync(path.join(root, rel), 'utf8'))) {
        found.push(rel);
      }
    }
  };
  for (const dir of dirs) if (fs.existsSync(path.join(root, dir))) walk(dir);
  return found.sort();
}
