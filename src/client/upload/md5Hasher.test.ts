import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createIncrementalMd5, md5OfBlob } from './md5Hasher.js';

const nodeMd5 = (b: Uint8Array) => crypto.createHash('md5').update(b).digest('hex');

describe('md5 hashers', () => {
  const bytes = new Uint8Array(crypto.randomBytes(3 * 1024 * 1024 + 12345));

  it('hash-wasm and spark-md5 give the same md5 as Node on the same bytes, fed in uneven pieces', async () => {
    for (const prefer of ['wasm', 'spark'] as const) {
      const h = await createIncrementalMd5(prefer);
      expect(h.kind).toBe(prefer);
      let at = 0;
      for (const step of [1, 63, 64, 65, 1000, 1 << 20, 7777]) {
        h.update(bytes.subarray(at, at + step));
        at += step;
      }
      h.update(bytes.subarray(at));
      expect(h.digest()).toBe(nodeMd5(bytes));
    }
  });

  it('hashes a Blob in slices, with each upload chunk hashed too, alike in both hashers', async () => {
    const blob = new Blob([bytes]);
    const chunkSize = 1024 * 1024 + 3;
    const chunks = [0, 1, 2, 3].map((i) => nodeMd5(bytes.subarray(i * chunkSize, (i + 1) * chunkSize)));
    const seen: number[] = [];
    const wasm = await md5OfBlob(blob, {
      prefer: 'wasm',
      sliceSize: 300_000,
      chunkSize,
      onProgress: (loaded) => seen.push(loaded),
    });
    const spark = await md5OfBlob(blob, { prefer: 'spark', sliceSize: 1 << 20, chunkSize });
    expect(wasm).toEqual({ md5: nodeMd5(bytes), chunkMd5s: chunks, kind: 'wasm' });
    expect(spark).toEqual({ md5: nodeMd5(bytes), chunkMd5s: chunks, kind: 'spark' });
    expect(seen.at(-1)).toBe(bytes.length);
    expect(seen.every((v, i) => i === 0 || v > seen[i - 1])).toBe(true);
  });

  it('gives a one-chunk file its own md5 as the chunk md5, and handles an empty file', async () => {
    const small = new Blob([bytes.subarray(0, 1000)]);
    expect(await md5OfBlob(small, { chunkSize: 1 << 30 })).toMatchObject({
      md5: nodeMd5(bytes.subarray(0, 1000)),
      chunkMd5s: [nodeMd5(bytes.subarray(0, 1000))],
    });
    expect((await md5OfBlob(new Blob([]))).md5).toBe('d41d8cd98f00b204e9800998ecf8427e');
  });

  it('falls back to spark-md5 where WebAssembly is missing', async () => {
    const saved = globalThis.WebAssembly;
    try {
      // @ts-expect-error simulating a browser without WebAssembly
      delete globalThis.WebAssembly;
      const h = await createIncrementalMd5();
      expect(h.kind).toBe('spark');
    } finally {
      globalThis.WebAssembly = saved;
    }
  });
});
