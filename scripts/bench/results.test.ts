import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordRun } from './results.js';

describe('bench results file', () => {
  it('writes what the run printed under a dated name, with the machine and the hello-world line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-results-'));
    try {
      const run = recordRun(process.cwd(), dir, new Date('2026-11-26T15:04:05.678Z'));
      expect(run.hasHelloWorld()).toBe(false);
      console.log('hello-world: %d req/s', 41000);
      console.log('list 100000 rows: 5000 req/s');
      expect(run.hasHelloWorld()).toBe(true);
      const file = run.finish();
      expect(path.basename(file)).toBe('2026-11-26T15-04-05Z.md');
      const text = fs.readFileSync(file, 'utf8');
      expect(text).toContain(`${os.cpus().length} cores`);
      expect(text).toContain('hello-world: 41000 req/s');
      expect(text).toContain('list 100000 rows: 5000 req/s');
      // A run never overwrites another's file.
      expect(() => recordRun(process.cwd(), dir, new Date('2026-11-26T15:04:05.678Z')).finish()).toThrow();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says when the run failed', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-results-'));
    try {
      const file = recordRun(process.cwd(), dir).finish(new Error('Chromium not found'));
      expect(fs.readFileSync(file, 'utf8')).toContain('The run failed: Chromium not found');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
