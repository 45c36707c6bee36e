import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { blobKey, ChunkMismatchError, ChunkTooLargeError, type FileStorage } from './FileStorage.js';

export const md5 = (b: Buffer) => crypto.createHash('md5').update(b).digest('hex');
export const id = () => crypto.randomBytes(16).toString('hex');
async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const p of stream) parts.push(p as Buffer);
  return Buffer.concat(parts);
}

/** What every storage driver does alike, as tests of the driver `make` gives (local disk, S3). */
export function storageContract(name: string, make: () => FileStorage): void {
  describe(`${name} storage`, () => {
    it('stores chunks, lists them, assembles them in order and serves ranges', async () => {
      const storage = make();
      const upload = id();
      const a = crypto.randomBytes(6 * 1024 * 1024 + 17);
      const b = crypto.randomBytes(3 * 1024 * 1024);
      const whole = Buffer.concat([a, b]);
      // Out of order, as a resumed upload may send them.
      expect(await storage.putChunk(upload, 1, Readable.from([b]), { maxBytes: a.length, length: b.length })).toEqual({
        size: b.length,
        md5: md5(b),
      });
      expect(await storage.listChunks(upload)).toEqual([{ index: 1, size: b.length }]);
      await storage.putChunk(upload, 0, Readable.from([a.subarray(0, 1000), a.subarray(1000)]), {
        maxBytes: a.length,
        length: a.length,
      });
      expect(await storage.listChunks(upload)).toEqual([
        { index: 0, size: a.length },
        { index: 1, size: b.length },
      ]);

      const key = blobKey(md5(whole));
      // A refused assembly leaves the chunks exactly as they were.
      const refused = await storage.assemble(upload, 2, key, () => undefined);
      await refused.discard();
      expect(await storage.listChunks(upload)).toEqual([
        { index: 0, size: a.length },
        { index: 1, size: b.length },
      ]);
      expect(await storage.exists(key)).toBe(false);

      const hash = crypto.createHash('md5');
      const staged = await storage.assemble(upload, 2, key, (piece) => hash.update(piece));
      expect(hash.digest('hex')).toBe(md5(whole));
      expect(staged.size).toBe(whole.length);
      expect(staged.head.equals(whole.subarray(0, staged.head.length))).toBe(true);
      expect(await storage.exists(key)).toBe(false);
      await staged.commit();
      expect(await storage.exists(key)).toBe(true);
      expect(md5(await readAll(await storage.createReadStream(key)))).toBe(md5(whole));
      expect(
        (await readAll(await storage.createReadStream(key, { start: 10, end: 19 }))).equals(whole.subarray(10, 20)),
      ).toBe(true);

      await storage.removeUpload(upload);
      expect(await storage.listChunks(upload)).toEqual([]);
      await storage.remove(key);
      expect(await storage.exists(key)).toBe(false);
    });

    it('discards refused bytes and promotes a single chunk without a copy through the server', async () => {
      const storage = make();
      const upload = id();
      const data = Buffer.from('%PDF-1.4\n' + 'x'.repeat(5000));
      await storage.putChunk(upload, 0, Readable.from([data]), { maxBytes: data.length, length: data.length });
      const key = blobKey(md5(data));
      const refused = await storage.assemble(upload, 1, key, () => undefined);
      await refused.discard();
      expect(await storage.exists(key)).toBe(false);
      const staged = await storage.stageChunk(upload, 0, key);
      expect(staged.size).toBe(data.length);
      expect(staged.head.subarray(0, 5).toString()).toBe('%PDF-');
      await staged.commit();
      expect((await readAll(await storage.createReadStream(key))).equals(data)).toBe(true);
      await storage.removeUpload(upload);
    });

    it('refuses a chunk longer than announced and keeps nothing of it', async () => {
      const storage = make();
      const upload = id();
      const data = crypto.randomBytes(4096);
      await expect(
        storage.putChunk(upload, 0, Readable.from([data]), { maxBytes: 1024, length: 1024 }),
      ).rejects.toBeInstanceOf(ChunkTooLargeError);
      expect(await storage.listChunks(upload)).toEqual([]);
    });

    it('keeps no chunk whose bytes do not have the md5 sent with it', async () => {
      const storage = make();
      const upload = id();
      const data = crypto.randomBytes(2048);
      const wrong = md5(Buffer.from('something else'));
      await expect(
        storage.putChunk(upload, 0, Readable.from([data]), { maxBytes: 4096, length: data.length, expectedMd5: wrong }),
      ).rejects.toBeInstanceOf(ChunkMismatchError);
      expect(await storage.listChunks(upload)).toEqual([]);
      await storage.putChunk(upload, 0, Readable.from([data]), {
        maxBytes: 4096,
        length: data.length,
        expectedMd5: md5(data),
      });
      expect(await storage.listChunks(upload)).toEqual([{ index: 0, size: data.length }]);
    });
  });
}
