// The web app's build for `npm start`: built when its sources are newer than the last build, by one
// process at a time. A second start while another process builds waits for that build and uses it
// (it read, or served, files the first was still writing in dist/ otherwise).
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = ['src/client', 'src/shared', 'index.html', 'vite.config.ts', 'vite.ssr.config.ts', 'package-lock.json'];

function newestMtime(root, entries) {
  let newest = 0;
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
    else newest = Math.max(newest, st.mtimeMs);
  };
  entries.forEach((e) => walk(path.join(root, e)));
  return newest;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/**
 * Runs `fn` holding `lockFile` (created exclusively, holding this process's id). A lock whose
 * process is gone (killed while building) is taken over; one whose process lives is waited for.
 */
export async function withLock(lockFile, fn, { pollMs = 250, onWait = () => {} } = {}) {
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  let told = false;
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      const holder = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (holder && !alive(holder)) {
        // Whoever sees the dead holder first removes its lock; the rest try again.
        fs.rmSync(lockFile, { force: true });
        continue;
      }
      if (!told) onWait(holder);
      told = true;
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}

/** What the compiled server (scripts/buildServer.mjs, into build/) is made of. */
export const SERVER_BUILD = {
  sources: ['src/server', 'src/shared', 'scripts', 'schemas/meta', 'package-lock.json'],
  stamp: 'build/.build-stamp',
};

/**
 * Builds the web app into `root/dist` with `build` when its sources changed since the stamp the
 * last build left (or another build: `sources` and `stamp`), holding `root/.build.lock`; true when
 * this process built it.
 */
export async function ensureBuilt(root, build, options = {}) {
  const stamp = path.join(root, options.stamp ?? 'dist/.build-stamp');
  const sources = options.sources ?? SOURCES;
  const stale = () => !fs.existsSync(stamp) || newestMtime(root, sources) > fs.statSync(stamp).mtimeMs;
  if (!stale()) return false;
  return withLock(
    path.join(root, '.build.lock'),
    async () => {
      // Another process may have built it while this one waited.
      if (!stale()) return false;
      await build();
      fs.mkdirSync(path.dirname(stamp), { recursive: true });
      fs.writeFileSync(stamp, new Date().toISOString());
      return true;
    },
    { onWait: (pid) => console.log(`Waiting for the web app's build by process ${pid}...`), ...options },
  );
}
