import { defineConfig } from 'vitest/config';

// Browser journeys: one portal started as `npm start` starts it, shared by all files, which run
// one after another (one server, one browser at a time, on a 2-core machine).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    // The crawler runs on its own (`npm run test:crawl`) until its walks are steady: on a loaded
    // machine it still reports pages that change under it (a tab gone, a dictionary still loading).
    exclude: process.env.E2E_CRAWL ? [] : ['e2e/crawler.e2e.ts'],
    globalSetup: ['e2e/globalSetup.ts'],
    setupFiles: ['e2e/failureShots.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 240_000,
    pool: 'forks',
  },
});
