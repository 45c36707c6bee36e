// `npm run test:e2e`: browser journeys in headless Chromium against the portal as `npm start` runs it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

// Chromium's headless build (Debian: chromium-headless-shell) draws the same pages as the full
// browser with less work; the full browser serves where it is the one installed.
const chromium =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => fs.existsSync(p)) ??
  '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '-c', 'vitest.e2e.config.ts', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium } },
);
process.exit(result.status ?? 1);
