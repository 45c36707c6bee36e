import { defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './src/server/platform/testing/heavyFirstSequencer.js';

export default defineConfig({
  test: {
    globals: true,
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'e2e/**/*.test.ts'],
    // Server tests build whole apps (migrations, scrypt); give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One test file per core (vitest's default leaves one core to itself, which here is half the
    // machine); TEST_WORKERS sets another count (CI runs the suite beside a build: 1 there).
    maxWorkers: Number(process.env.TEST_WORKERS) || 2,
    // Test passwords guard nothing: scrypt at N=2^10 instead of 2^15 (auth/secrets.ts honours it only
    // under NODE_ENV=test), as the suite seeds and checks hundreds of them.
    env: { TEST_SCRYPT_N: '1024' },
    // One migrated, seeded database per config per run, copied by each test app (src/server/platform/testing/templateDatabase.ts).
    globalSetup: ['src/server/platform/testing/templateSetup.ts'],
    // jsdom files: getComputedStyle from indexed rules, same answers (src/client/runtime/testing/indexedComputedStyle.ts).
    setupFiles: ['src/client/runtime/testing/jsdomSetup.ts'],
    sequence: { sequencer: HeavyFirstSequencer },
  },
});
