import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from '../storage/FileStorage.js';
import { snapshotDatabase, type DatabaseTarget } from './backupDatabase.js';

/** What a backup folder holds, written last: a folder without it is not a finished backup. */
export interface BackupManifest {
  format: 'topic-portal-backup/1';
  createdAt: string;
  /** When the database snapshot was taken: every write acknowledged before it is in the backup. */
  snapshotAt: string;
  database: { dialect: 'sqlite' | 'postgres'; file: string; sha256: string; pgSchema?: string; extensions: string[] };
  storage: string;
  /** Every stored object the database names, under files/<key>, with its md5 and size. */
  files: { key: string; md5: string; size: number }[];
  /** Objects the database names that the storage did not hold when the backup was taken. */
  missing: string[];
}

export const MANIFEST = 'manifest.json';
export const FILES_DIR = 'files';

export function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash('sha256');
    fs.createReadStream(file)
      .on('data', (d) => hash.update(d))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

/** Where a stored object's copy lives in a backup folder (keys are made by the server: blobs/ab/…). */
export function backupPath(dir: string, key: string): string {
  if (!/^[a-z]+(\/[A-Za-z0-9._-]+)+$/.test(key) || key.split('/').includes('..')) throw new Error(`bad key ${key}`);
  return path.join(dir, FILES_DIR, ...key.split('/'));
}

/**
 * A backup into the empty folder `dir` while the portal serves: first the database's consistent
 * snapshot, then each stored object it names, copied out of the storage (folder or bucket) and
 * hashed on the way, then the manifest. Stored objects are never changed once written (they are
 * named by content), so copying them after the snapshot finds each as it was.
 */
export async function createBackup(
  config: DatabaseTarget,
  storage: FileStorage,
  dir: string,
  log: (line: string) => void = () => undefined,
): Promise<BackupManifest> {
  await fsp.mkdir(dir, { recursive: true });
  if ((await fsp.readdir(dir)).length) throw new Error(`备份目录不是空的：${dir}`);
  const snapshotAt = new Date().toISOString();
  const db = await snapshotDatabase(config, dir);
  log(`数据库快照完成（${db.dialect}），引用 ${db.keys.length} 个存储对象`);
  const files: BackupManifest['files'] = [];
  const missing: string[] = [];
  for (const key of db.keys) {
    const target = backupPath(dir, key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    if (!(await storage.exists(key))) {
      missing.push(key);
      continue;
    }
    const hash = crypto.createHash('md5');
    let size = 0;
    const source = await storage.createReadStream(key);
    source.on('data', (d: Buffer) => {
      hash.update(d);
      size += d.length;
    });
    await pipeline(source, fs.createWriteStream(target));
    files.push({ key, md5: hash.digest('hex'), size });
  }
  if (missing.length) log(`存储中缺少 ${missing.length} 个对象（见 manifest.json 的 missing）`);
  const manifest: BackupManifest = {
    format: 'topic-portal-backup/1',
    createdAt: new Date().toISOString(),
    snapshotAt,
    database: {
      dialect: db.dialect,
      file: db.file,
      sha256: await sha256Of(path.join(dir, db.file)),
      ...(config.pgSchema ? { pgSchema: config.pgSchema } : {}),
      extensions: db.extensions,
    },
    storage: storage.name,
    files,
    missing,
  };
  // Written last and renamed into place: a backup cut short has no manifest and restores nothing.
  await fsp.writeFile(path.join(dir, `${MANIFEST}.part`), JSON.stringify(manifest, null, 1));
  await fsp.rename(path.join(dir, `${MANIFEST}.part`), path.join(dir, MANIFEST));
  return manifest;
}
