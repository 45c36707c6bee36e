import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { frameDirOf } from '../web/publicPages/serverFrame.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/**
 * A web app folder for a test app whose public pages are drawn as `npm start` draws them: the
 * shell's frame and the runtime's page kinds, built for Node by the same Vite config as
 * `npm run build` (vite.ssr.config.ts) into the folder beside it (`<clientDir>-ssr`), with an
 * index.html that names one module script. A few seconds; the caller removes the folder
 * (`removeDrawing`). Built here, not read from dist-ssr/: a test tries the drawing of the sources
 * it runs with, whether or not the app has been built since they changed.
 */
export async function buildPublicDrawing(): Promise<string> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'public-drawing-'));
  const clientDir = path.join(base, 'client');
  fs.mkdirSync(clientDir);
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>x</title><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
  );
  const { build } = await import('vite');
  // React's production JSX, as `npm run build` makes it (a test runs with NODE_ENV=test, which
  // Vite's React plugin would build the development runtime for).
  const mode = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(ROOT, 'vite.ssr.config.ts'),
      root: ROOT,
      mode: 'production',
      logLevel: 'silent',
      build: { outDir: frameDirOf(clientDir), emptyOutDir: true, reportCompressedSize: false },
    });
  } finally {
    process.env.NODE_ENV = mode;
  }
  return clientDir;
}

/** Removes what buildPublicDrawing made. */
export function removeDrawing(clientDir: string): void {
  fs.rmSync(path.dirname(clientDir), { recursive: true, force: true });
}
