import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'e2e/**/*.test.ts'],
    // Server tests build whole apps (migrations, scrypt); give them room on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One migrated, seeded database per config per run, copied by each test app (src/server/platform/testing/templateDatabase.ts).
    globalSetup: ['src/server/platform/testing/templateSetup.ts'],
  },
});
