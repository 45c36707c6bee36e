// `npm start`: builds the web app when its sources changed (one process at a time: ensureBuilt.mjs),
// then runs the server in this same process, so one process serves everything on one port: in
// production the server compiled to JavaScript (build/), otherwise its TypeScript through tsx.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, SERVER_BUILD } from './ensureBuilt.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

if (process.env.SKIP_BUILD !== 'true') {
  await ensureBuilt(root, async () => {
    console.log('Building the web app...');
    const { buildWebApp } = await import('./buildWebApp.mjs');
    // Always ship the production build of React, whatever NODE_ENV the server itself runs under
    // (the browser tests start the server with NODE_ENV=test and must test what ships).
    const serverEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    await buildWebApp(root);
    if (serverEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = serverEnv;
  });
}

if (process.env.NODE_ENV === 'production') {
  // Production runs JavaScript, compiled once into build/ (a release folder has it already:
  // scripts/release.ts), not TypeScript compiled at each start.
  if (process.env.SKIP_BUILD !== 'true') {
    const { buildServer } = await import('./buildServer.mjs');
    await ensureBuilt(root, () => buildServer(root, path.join(root, 'build')), SERVER_BUILD);
  }
  await import('../build/src/server/main.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/server/main.ts');
}
