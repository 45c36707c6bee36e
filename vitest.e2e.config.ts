import { defineConfig } from 'vitest/config';
import { E2E_CAPTCHA, E2E_PASSWORD, E2E_SMS_CODE } from './e2e/globalSetup.js';

// Browser journeys: one portal started as `npm start` starts it, shared by all files, which run
// one after another (one server, one browser at a time, on a 2-core machine).
export default defineConfig({
  test: {
    setupFiles: ['e2e/failureShots.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    // A poll waits for what a person would wait for: vitest's own second is less than a page takes
    // to load again on the CI machine while the other lane keeps both cores busy.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 240_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'journeys',
          include: ['e2e/**/*.e2e.ts'],
          exclude: ['e2e/crawler.e2e.ts', 'e2e/crawlerFire.e2e.ts'],
          // Started only when a journey is among the files run.
          globalSetup: ['e2e/globalSetup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The crawler starts a portal of its own with fresh demo data, so it walks the same
          // portal whatever the journeys before it did, and the firing crawler one per account;
          // `npm run test:crawl` runs both, without the journeys' portal.
          name: 'crawler',
          include: ['e2e/crawler.e2e.ts', 'e2e/crawlerFire.e2e.ts'],
          provide: { demoPassword: E2E_PASSWORD, captchaCode: E2E_CAPTCHA, smsCode: E2E_SMS_CODE },
        },
      },
    ],
  },
});
