// Builds the render bench's pages (scripts/bench/render.ts) the way the app is built.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import app from '../../../vite.config.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const pages = ['antdLogin', 'antdTable', 'antdForm', 'runtimeList', 'runtimeForm'];

export default defineConfig({
  root: here,
  base: '/',
  logLevel: 'warn',
  resolve: app.resolve,
  build: {
    outDir: process.env.BENCH_RENDER_OUT ?? path.join(here, '.out'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: app.build?.chunkSizeWarningLimit,
    rollupOptions: {
      onwarn: app.build?.rollupOptions?.onwarn,
      input: Object.fromEntries(pages.map((p) => [p, path.join(here, `${p}.html`)])),
    },
  },
});
