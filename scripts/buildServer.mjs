// The server as JavaScript, for production: src/server and src/shared (tests left out) and the
// operator's scripts, each file compiled by esbuild to the same path with .js, beside the files
// they read at run time (publicBoot.js, the bundled meta-schemas). Not bundled: a module loaded at
// first use (exceljs, the document builders, the S3 driver) comes from the node_modules of the
// folder the process started in, so a release's files are its own (scripts/release.ts).
import fs from 'node:fs';
import path from 'node:path';

/** The operator's commands a release carries: node scripts/<name>.js in the release's folder. */
export const RELEASE_SCRIPTS = ['user-create', 'backup', 'restore', 'files-verify'];

const isTest = (f) => /\.test\.tsx?$/.test(f) || f.split(path.sep).includes('testing');

function filesUnder(root, dir) {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(dir, f))
    .filter((f) => fs.statSync(path.join(root, f)).isFile() && !isTest(f));
}

/** Compiles the server from `root` into `out` (out/src/server/main.js is the entry). */
export async function buildServer(root, out) {
  const { build } = await import('esbuild');
  const sources = [...filesUnder(root, 'src/server'), ...filesUnder(root, 'src/shared')];
  const code = [
    ...sources.filter((f) => f.endsWith('.ts')),
    ...RELEASE_SCRIPTS.map((s) => path.join('scripts', `${s}.ts`)),
  ];
  await build({
    absWorkingDir: root,
    entryPoints: code,
    outdir: out,
    outbase: '.',
    bundle: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  for (const f of sources.filter((f) => !f.endsWith('.ts'))) {
    fs.mkdirSync(path.dirname(path.join(out, f)), { recursive: true });
    fs.copyFileSync(path.join(root, f), path.join(out, f));
  }
  fs.cpSync(path.join(root, 'schemas', 'meta'), path.join(out, 'schemas', 'meta'), { recursive: true });
  fs.writeFileSync(path.join(out, 'package.json'), JSON.stringify({ type: 'module' }));
}
