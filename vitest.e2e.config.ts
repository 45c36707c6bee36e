import { defineConfig } from 'vitest/config';

// Browser journeys: one portal started as `npm start` starts it, shared by all files, which run
// one after another (one server, one browser at a time, on a 2-core machine).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    // The crawler (e2e/crawler.e2e.ts) is one of them: it starts a portal of its own with fresh demo
    // data, so it walks the same portal whatever the journeys before it did. `npm run test:crawl`
    // runs it alone.
    globalSetup: ['e2e/globalSetup.ts'],
    setupFiles: ['e2e/failureShots.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 240_000,
    pool: 'forks',
  },
});
