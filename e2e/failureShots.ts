/**
 * Setup of every browser journey: when a test fails, each page it left open is photographed under
 * .e2e/screenshots/FAILED-*.png and the messages it showed are printed beside the failure.
 */
import { beforeEach } from 'vitest';
import { shootOpenPages } from './harness.js';

beforeEach((ctx) => {
  ctx.onTestFailed(async () => {
    for (const note of await shootOpenPages(ctx.task.name)) console.error(`[failure] ${note}`);
  });
});
