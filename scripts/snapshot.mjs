// `npm run snapshot`: re-records the render snapshots after an intended change, then prints what
// changed: the page outlines (*.txt) as a diff a reviewer reads, the widget DOM snapshots (*.html)
// by name and size only, and snapshot files that are new or gone.
import { spawnSync } from 'node:child_process';

const dirs = ['src/client/runtime'];
const run = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', ...dirs, '--update', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
const git = (...args) => spawnSync('git', args, { encoding: 'utf8' }).stdout ?? '';
const snapshots = dirs.map((d) => `${d}/**/__snapshots__/**`);

const outlines = git('diff', '--no-color', '-U2', '--', ...snapshots.map((s) => `${s}.txt`));
const html = git('diff', '--stat=120', '--', ...snapshots.map((s) => `${s}.html`));
const added = git('ls-files', '--others', '--exclude-standard', '--', ...snapshots).trim();
const removed = git('ls-files', '--deleted', '--', ...snapshots).trim();
console.log('\n==== snapshot changes');
if (!outlines && !html && !added && !removed) console.log('none');
if (outlines) console.log(`\n---- page outlines\n${outlines}`);
if (html) console.log(`\n---- widget DOM snapshots (HTML; see git diff for the markup)\n${html}`);
if (added) console.log(`\n---- new snapshot files\n${added}`);
if (removed) console.log(`\n---- removed snapshot files\n${removed}`);
process.exit(run.status ?? 1);
