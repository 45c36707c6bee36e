import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keepPreviousAssets, OWN_ASSETS } from './releaseAssets.js';

const made: string[] = [];
function dist(...files: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-'));
  made.push(dir);
  fs.mkdirSync(path.join(dir, 'dist', 'assets'), { recursive: true });
  for (const f of files) fs.writeFileSync(path.join(dir, 'dist', 'assets', f), f);
  return dir;
}
const assetsOf = (d: string) => fs.readdirSync(path.join(d, 'dist', 'assets')).sort();

afterEach(() => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('keepPreviousAssets', () => {
  it("keeps one release back: the third release holds the second's assets, not the first's", () => {
    const first = dist('index-a.js', 'page-a.js');
    expect(keepPreviousAssets(first, null)).toBe(0);
    const second = dist('index-b.js', 'page-a.js');
    expect(keepPreviousAssets(second, first)).toBe(1);
    expect(assetsOf(second)).toEqual(['index-a.js', 'index-b.js', 'page-a.js']);
    const third = dist('index-c.js');
    expect(keepPreviousAssets(third, second)).toBe(2);
    expect(assetsOf(third)).toEqual(['index-b.js', 'index-c.js', 'page-a.js']);
    expect(fs.readFileSync(path.join(third, OWN_ASSETS), 'utf8')).toBe('index-c.js\n');
  });

  it('copies everything from a release made before the list existed, and nothing a list names outside its folder', () => {
    const old = dist('index-a.js', 'kept-z.js');
    const next = dist('index-b.js');
    expect(keepPreviousAssets(next, old)).toBe(2);
    fs.writeFileSync(path.join(next, OWN_ASSETS), '../../etc/passwd\nindex-b.js\n');
    const last = dist('index-c.js');
    expect(keepPreviousAssets(last, next)).toBe(1);
    expect(assetsOf(last)).toEqual(['index-b.js', 'index-c.js']);
  });
});
