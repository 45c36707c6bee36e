import crypto from 'node:crypto';
import type { FileStorage } from '../storage/FileStorage.js';
import type { Db } from '../db/tables.js';

/** One stored content whose bytes are not what the database says, and the file records that show it. */
export interface FileProblem {
  md5: string;
  storageKey: string;
  /** absent: the storage has no such object; differs: its bytes have another md5; unreadable: the storage failed. */
  problem: 'absent' | 'differs' | 'unreadable';
  /** What the bytes hash to now (differs only). */
  actualMd5?: string;
  files: { id: number; name: string; belongType: string; belongId: number | null }[];
}

/**
 * Reads every stored content the database holds (file_blobs, complete) back from the storage and
 * hashes it, or with `checksums: false` only asks whether it is there; yields each whose bytes are
 * absent, differ from their md5 or cannot be read, with every file record that shows them. One
 * content at a time: memory stays flat however many files there are.
 */
export async function* verifyStoredFiles(
  db: Db,
  storage: FileStorage,
  opts: { checksums: boolean; onChecked?: (md5: string) => void } = { checksums: true },
): AsyncGenerator<FileProblem> {
  let after = '';
  for (;;) {
    const page = await db
      .selectFrom('file_blobs')
      .select(['md5', 'storage_key'])
      .where('complete', '=', 1)
      .where('md5', '>', after)
      .orderBy('md5')
      .limit(500)
      .execute();
    if (!page.length) return;
    for (const blob of page) {
      after = blob.md5;
      const found = await check(storage, blob.storage_key, opts.checksums);
      opts.onChecked?.(blob.md5);
      if (found.ok && (!found.md5 || found.md5 === blob.md5)) continue;
      const files = await db
        .selectFrom('files')
        .select(['id', 'original_file_name', 'belong_type', 'belong_id'])
        .where('md5', '=', blob.md5)
        .orderBy('id')
        .execute();
      yield {
        md5: blob.md5,
        storageKey: blob.storage_key,
        problem: !found.ok ? found.problem : 'differs',
        ...(found.ok && found.md5 ? { actualMd5: found.md5 } : {}),
        files: files.map((f) => ({
          id: Number(f.id),
          name: f.original_file_name,
          belongType: f.belong_type,
          belongId: f.belong_id === null ? null : Number(f.belong_id),
        })),
      };
    }
  }
}

async function check(
  storage: FileStorage,
  key: string,
  checksums: boolean,
): Promise<{ ok: true; md5?: string } | { ok: false; problem: 'absent' | 'unreadable' }> {
  try {
    if (!(await storage.exists(key))) return { ok: false, problem: 'absent' };
    if (!checksums) return { ok: true };
    const hash = crypto.createHash('md5');
    for await (const piece of await storage.createReadStream(key)) hash.update(piece as Buffer);
    return { ok: true, md5: hash.digest('hex') };
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
}
