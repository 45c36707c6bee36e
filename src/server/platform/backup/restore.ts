import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../db/database.js';
import type { FileStorage } from '../storage/FileStorage.js';
import { backupPath, MANIFEST, sha256Of, type BackupManifest } from './backup.js';
import { restoreDatabase, type DatabaseTarget } from './backupDatabase.js';

/** Reads a backup's manifest and checks the database copy against its checksum. */
export async function readBackup(dir: string): Promise<BackupManifest> {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${dir} 没有 manifest.json：不是完整的备份`);
  const manifest = JSON.parse(await fsp.readFile(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 'topic-portal-backup/1') throw new Error(`不认识的备份格式：${manifest.format}`);
  if ((await sha256Of(path.join(dir, manifest.database.file))) !== manifest.database.sha256)
    throw new Error('数据库备份文件的校验值不符：备份已损坏');
  return manifest;
}

/** Stores one file through the storage's own upload path (local folder or bucket alike). */
async function put(storage: FileStorage, file: string, key: string, size: number): Promise<void> {
  const uploadId = crypto.randomBytes(16).toString('hex');
  try {
    await storage.putChunk(uploadId, 0, fs.createReadStream(file), { maxBytes: size + 1, length: size });
    await (await storage.stageChunk(uploadId, 0, key)).commit();
  } finally {
    await storage.removeUpload(uploadId);
  }
}

function md5Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash('md5');
    fs.createReadStream(file)
      .on('data', (d) => hash.update(d))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

/**
 * Brings a backup back into an empty data directory or database: the database copy, then every
 * stored object, each checked against the manifest's md5 before it is stored. With
 * `freshSecrets` (a copy for another environment), the sessions are dropped and the stored
 * signing key removed, so a new one is made at the first start and no link or login of the
 * original works there.
 */
export async function restoreBackup(
  config: DatabaseTarget,
  storage: FileStorage,
  dir: string,
  opts: { freshSecrets?: boolean; log?: (line: string) => void } = {},
): Promise<BackupManifest> {
  const log = opts.log ?? (() => undefined);
  const manifest = await readBackup(dir);
  if (config.databaseUrl && (config.pgSchema ?? null) !== (manifest.database.pgSchema ?? null))
    throw new Error(`备份的 PostgreSQL 模式是 ${manifest.database.pgSchema ?? 'public'}，请以同名 PG_SCHEMA 恢复`);
  for (const f of manifest.files) {
    if ((await md5Of(backupPath(dir, f.key))) !== f.md5) throw new Error(`备份中的文件已损坏：${f.key}`);
  }
  await restoreDatabase(config, dir, manifest.database.file, manifest.database.extensions);
  log(`数据库已恢复（${manifest.database.dialect}）`);
  for (const f of manifest.files) await put(storage, backupPath(dir, f.key), f.key, f.size);
  log(`已恢复 ${manifest.files.length} 个存储对象`);
  if (opts.freshSecrets) {
    const database = await openDatabase(config);
    try {
      await database.db.deleteFrom('app_sessions').execute();
      await database.db.deleteFrom('app_secrets').execute();
    } finally {
      await database.close();
    }
    log('已清除会话与签名密钥：首次启动时生成新密钥，原环境的登录与链接在此无效');
  }
  return manifest;
}
