// The web app's production build, as `npm run build` makes it: the app for browsers into `outDir`
// (dist/), and the server's drawing of the shell around public pages, built for Node from the
// app's own components (vite.ssr.config.ts), into `outDir`-ssr (dist-ssr/, which
// src/server/platform/web/publicPages/serverFrame.ts loads). Used by `npm start` and the release script.
import path from 'node:path';

export async function buildWebApp(root, outDir = path.join(root, 'dist')) {
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn', mode: 'production', build: { outDir } });
  await build({
    root,
    configFile: path.join(root, 'vite.ssr.config.ts'),
    logLevel: 'warn',
    mode: 'production',
    build: { outDir: `${outDir}-ssr` },
  });
}
