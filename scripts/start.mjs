// `npm start`: builds the web app when its sources changed, then runs the server in this same
// process (TypeScript loaded through tsx), so one process serves everything on one port.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function newestMtime(entries) {
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

const stamp = path.join(root, 'dist', '.build-stamp');
const sources = ['src/client', 'src/shared', 'index.html', 'vite.config.ts', 'package-lock.json'];
const stale = !fs.existsSync(stamp) || newestMtime(sources) > fs.statSync(stamp).mtimeMs;
if (stale && process.env.SKIP_BUILD !== 'true') {
  console.log('Building the web app...');
  const { build } = await import('vite');
  // Always ship the production build of React, whatever NODE_ENV the server itself runs under
  // (the browser tests start the server with NODE_ENV=test and must test what ships).
  const serverEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({ logLevel: 'warn', mode: 'production' });
  if (serverEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = serverEnv;
  fs.writeFileSync(stamp, new Date().toISOString());
}

const { register } = await import('tsx/esm/api');
register();
await import('../src/server/main.ts');
