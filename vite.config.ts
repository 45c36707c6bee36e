import { defineConfig } from 'vite';
import { precompress } from './scripts/vitePrecompress.js';

// The web app is built into dist/ and served by the Fastify server (one process, one port).
// In development `npm run dev:client` proxies the API to a server on :8080.
export default defineConfig({
  root: '.',
  plugins: [precompress()],
  base: process.env.BASE_PATH ? `/${process.env.BASE_PATH.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/') : '/',
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
