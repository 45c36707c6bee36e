import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vitePrecompress.js';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

// The web app is built into dist/ and served by the Fastify server (one process, one port).
// In development `npm run dev:client` proxies the API to a server on :8080.
export default defineConfig({
  root: '.',
  plugins: [precompress()],
  resolve: {
    // umi-request's own dependencies, lighter for the browser: the two qs calls it makes (checked
    // against qs in queryString.test.ts) and no fetch polyfill: the request layer's chunk goes from
    // 28 KB to 9 KB gzip.
    alias: [
      { find: /^qs$/, replacement: here('./src/client/api/queryString.ts') },
      { find: /^isomorphic-fetch$/, replacement: here('./src/client/api/nativeFetch.ts') },
    ],
  },
  // Assets are addressed relative to the page, and the server writes the base path into each page
  // (<base href>, src/server/platform/web/baseHref.ts): one build serves any BASE_PATH. Code chunks
  // loaded later resolve against the module that asks for them, so they follow too.
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      onwarn(warning, warn) {
        // antd and rc-* ship "use client" directives for React Server Components; meaningless here.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/sso': 'http://localhost:8080',
      '/fileserver': 'http://localhost:8080',
    },
  },
});
