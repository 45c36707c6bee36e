import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';

const run = promisify(execFile);

/** A binary PPM (P6, 8 bits) as RGBA pixels, as the QR reader takes them. */
function readPpm(bytes: Buffer): { width: number; height: number; rgba: Uint8ClampedArray } {
  // Header: P6, width, height, max value, each after white space (comments are not written by pdftoppm).
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('not a binary PPM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const pixels = bytes.subarray(header[0].length);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, j = 0; i < width * height; i++, j += 3) {
    rgba[i * 4] = pixels[j]!;
    rgba[i * 4 + 1] = pixels[j + 1]!;
    rgba[i * 4 + 2] = pixels[j + 2]!;
    rgba[i * 4 + 3] = 255;
  }
  return { width, height, rgba };
}

/** Whether poppler's pdftoppm is installed here (scripts/install-system-packages.sh; not with Node alone). */
export function canRasterisePdf(): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, 'pdftoppm')));
}

/**
 * For tests: the text of the QR code on the first page of a PDF, as a phone would read it from the
 * printed page: the page rasterised by poppler's pdftoppm, then read by jsQR. Null when none is found.
 */
export async function qrTextOfPdf(pdf: Buffer, dpi = 150): Promise<string | null> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qr-pdf-'));
  try {
    const file = path.join(dir, 'page.pdf');
    fs.writeFileSync(file, pdf);
    await run('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', file, path.join(dir, 'page')]);
    const ppm = fs.readdirSync(dir).find((f) => f.endsWith('.ppm'));
    if (!ppm) return null;
    const { width, height, rgba } = readPpm(fs.readFileSync(path.join(dir, ppm)));
    return jsQR(rgba, width, height)?.data ?? null;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
