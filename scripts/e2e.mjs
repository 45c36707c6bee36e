// `npm run test:e2e`: browser journeys in headless Chromium against the portal as `npm start` runs it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '-c', 'vitest.e2e.config.ts', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
