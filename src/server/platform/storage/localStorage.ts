import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertKey,
  assertUploadId,
  ChunkMismatchError,
  type FileStorage,
  type StagedFile,
  type StoredChunk,
  HEAD_BYTES,
} from './FileStorage.js';
import { HeadKeeper, Meter } from './streams.js';

const READ_HWM = 1 << 20;

/**
 * Files on the local disk under `root` (DATA_DIR/files): chunks in uploads/<uploadId>/<index>.chunk,
 * finished files in blobs/<md5[0..2]>/<md5>. A chunk is written to a temporary name and renamed,
 * so a broken-off transfer never looks like a stored chunk.
 */
export function localStorage(root: string): FileStorage {
  const uploadDir = (uploadId: string) => {
    assertUploadId(uploadId);
    return path.join(root, 'uploads', uploadId);
  };
  const chunkPath = (uploadId: string, index: number) => {
    if (!Number.isSafeInteger(index) || index < 0) throw new Error('bad chunk index');
    return path.join(uploadDir(uploadId), `${index}.chunk`);
  };
  const keyPath = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  const tmpName = (dir: string, what: string) => path.join(dir, `${what}.${crypto.randomBytes(6).toString('hex')}.tmp`);

  async function syncFile(file: string): Promise<void> {
    const fd = await fsp.open(file, 'r+');
    try {
      await fd.sync();
    } finally {
      await fd.close();
    }
  }

  /**
   * Staged bytes in `file`: commit moves them to the key (a chunk is linked, not moved, so until
   * the upload is recorded complete a crash leaves every chunk in place); discard calls `restore`.
   */
  function staged(
    file: string,
    size: number,
    head: Buffer,
    key: string,
    restore: () => Promise<void>,
    keepSource = false,
  ): StagedFile {
    return {
      size,
      head,
      async commit() {
        const target = keyPath(key);
        await fsp.mkdir(path.dirname(target), { recursive: true });
        await syncFile(file);
        if (fs.existsSync(target)) {
          if (!keepSource) await fsp.rm(file, { force: true });
          return;
        }
        if (!keepSource) {
          await fsp.rename(file, target);
          return;
        }
        const tmp = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
        await fsp.link(file, tmp).catch(() => fsp.copyFile(file, tmp));
        await fsp.rename(tmp, target);
      },
      discard: restore,
    };
  }

  return {
    name: 'local',

    async putChunk(uploadId, index, body, { maxBytes, expectedMd5 }) {
      const dir = uploadDir(uploadId);
      await fsp.mkdir(dir, { recursive: true });
      const tmp = tmpName(dir, `${index}`);
      const meter = new Meter(maxBytes);
      try {
        await pipeline(body, meter, fs.createWriteStream(tmp, { highWaterMark: READ_HWM }));
        if (expectedMd5 && meter.md5() !== expectedMd5) throw new ChunkMismatchError();
        await fsp.rename(tmp, chunkPath(uploadId, index));
      } catch (e) {
        await fsp.rm(tmp, { force: true });
        throw e;
      }
      return { size: meter.bytes, md5: meter.md5() };
    },

    async listChunks(uploadId) {
      let names: string[];
      try {
        names = await fsp.readdir(uploadDir(uploadId));
      } catch {
        return [];
      }
      const out: StoredChunk[] = [];
      for (const name of names) {
        const m = /^(\d+)\.chunk$/.exec(name);
        if (!m) continue;
        const stat = await fsp.stat(path.join(uploadDir(uploadId), name));
        out.push({ index: Number(m[1]), size: stat.size });
      }
      return out.sort((a, b) => a.index - b.index);
    },

    async assemble(uploadId, count, key, observe) {
      const dir = uploadDir(uploadId);
      const file = tmpName(dir, 'assembled');
      const head = new HeadKeeper(HEAD_BYTES);
      let size = 0;
      const see = (piece: Buffer) => {
        observe(piece);
        head.see(piece);
        size += piece.length;
      };
      // The chunks are copied into a temporary file and never touched: a crash at any point
      // leaves them all in place (and at worst a stray temporary file, removed here next time),
      // so the upload can be completed again.
      for (const name of await fsp.readdir(dir)) {
        if (name.startsWith('assembled.')) await fsp.rm(path.join(dir, name), { force: true });
      }
      const first = chunkPath(uploadId, 0);
      await fsp.copyFile(first, file);
      const restore = async () => {
        await fsp.rm(file, { force: true });
      };
      let out: fs.WriteStream | undefined;
      try {
        for await (const piece of fs.createReadStream(file, { highWaterMark: READ_HWM }) as AsyncIterable<Buffer>)
          see(piece);
        out = fs.createWriteStream(file, { flags: 'a', highWaterMark: READ_HWM });
        for (let i = 1; i < count; i++) {
          for await (const piece of fs.createReadStream(chunkPath(uploadId, i), {
            highWaterMark: READ_HWM,
          }) as AsyncIterable<Buffer>) {
            see(piece);
            if (!out.write(piece)) await once(out, 'drain');
          }
        }
        out.end();
        await once(out, 'finish');
      } catch (e) {
        out?.destroy();
        await restore();
        throw e;
      }
      return staged(file, size, head.head(), key, restore);
    },

    async stageChunk(uploadId, index, key) {
      const file = chunkPath(uploadId, index);
      const { size } = await fsp.stat(file);
      const fd = await fsp.open(file, 'r');
      let head: Buffer;
      try {
        const buf = Buffer.alloc(Math.min(HEAD_BYTES, size));
        const { bytesRead } = await fd.read(buf, 0, buf.length, 0);
        head = buf.subarray(0, bytesRead);
      } finally {
        await fd.close();
      }
      // Linked to the key on commit; the chunk itself goes only with the finished upload.
      return staged(file, size, head, key, async () => {}, true);
    },

    async createReadStream(key, range) {
      const file = keyPath(key);
      await fsp.access(file);
      return fs.createReadStream(file, {
        highWaterMark: READ_HWM,
        ...(range ? { start: range.start, end: range.end } : {}),
      }) as Readable;
    },

    async exists(key) {
      try {
        await fsp.access(keyPath(key));
        return true;
      } catch {
        return false;
      }
    },

    async remove(key) {
      await fsp.rm(keyPath(key), { force: true });
    },

    async removeUpload(uploadId) {
      await fsp.rm(uploadDir(uploadId), { recursive: true, force: true });
    },

    async ping() {
      await fsp.mkdir(root, { recursive: true });
      await fsp.access(root, fs.constants.W_OK);
    },
  };
}
