import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEMPLATE_DIR_ENV, dropTemplates } from './templateDatabase.js';

/**
 * Vitest global setup: a folder for this run's seeded database templates (templateDatabase.ts),
 * named in the environment the test workers inherit, and removed with its PostgreSQL templates at
 * the end. Templates are built lazily, so a run without server tests builds none.
 * TEST_TEMPLATES=off builds every test app's database from scratch, as a start would (to compare).
 */
export default function setup(): () => Promise<void> {
  if (process.env.TEST_TEMPLATES === 'off') return async () => undefined;
  const root = path.join(os.tmpdir(), `portal_tpl_${crypto.randomBytes(4).toString('hex')}`);
  fs.mkdirSync(root);
  process.env[TEMPLATE_DIR_ENV] = root;
  return async () => {
    try {
      if (process.env.DATABASE_URL) await dropTemplates(process.env.DATABASE_URL, root);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  };
}
