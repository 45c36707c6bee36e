import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What only runs with more than Node: Ceph's gateway, LibreOffice, ffmpeg, bubblewrap, poppler, Chromium. */
const NEEDS_SYSTEM = [
  /startS3TestServer\(/,
  /\bconvertFile\(/,
  /from 'playwright-core'/,
  /conversionReadiness\([^)]*\)\)\.toBe\('on'\)/,
  /sandboxFeatures\(\)\.bwrap\)\.toBe\(true\)/,
  // A QR code read off a rasterised page (pdftoppm), unless asked only where poppler is installed.
  /^(?!.*canRasterisePdf\(\)).*\bqrTextOfPdf\(/m,
];

function testFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => path.join(dir, f));
}

describe('npm test with Node alone', () => {
  it('leaves the files that need system packages to npm run test:system (*.system.test.ts)', () => {
    const files = [...testFiles('src'), ...testFiles('scripts')];
    const system = files.filter((f) => f.endsWith('.system.test.ts'));
    expect(system.length).toBeGreaterThan(5);
    const misplaced = files
      .filter((f) => !f.endsWith('.system.test.ts') && f !== path.join('scripts', 'systemTests.test.ts'))
      .filter((f) => NEEDS_SYSTEM.some((re) => re.test(fs.readFileSync(path.join(root, f), 'utf8'))));
    expect(misplaced).toEqual([]);
  });
});
