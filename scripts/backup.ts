/**
 * npm run backup -- --out /var/backups/portal/2026-01-31
 * A consistent backup while the portal serves, into an empty folder: the database (SQLite's online
 * backup, or pg_dump of PostgreSQL in one snapshot), every stored file it names (from the DATA_DIR
 * folder or the S3 bucket, as the environment configures) and manifest.json with their checksums.
 * docs/deploy.md ("Backups") says what a backup holds.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/platform/config/config.js';
import { resolveFileConfig } from '../src/server/platform/config/fileConfig.js';
import { createBackup } from '../src/server/platform/backup/backup.js';
import { localStorage } from '../src/server/platform/storage/localStorage.js';
import { lazyS3Storage } from '../src/server/platform/storage/lazyS3Storage.js';

const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });

async function main(): Promise<void> {
  if (!values.out) throw new Error('用法：npm run backup -- --out <空目录>');
  const config = loadConfig();
  const files = resolveFileConfig(config);
  const storage = files.storage === 's3' && files.s3 ? lazyS3Storage(files.s3) : localStorage(files.localDir!);
  const manifest = await createBackup(config, storage, values.out, (line) => console.log(line));
  console.log(`备份完成：${values.out}（快照时间 ${manifest.snapshotAt}，${manifest.files.length} 个文件）`);
  if (manifest.missing.length) {
    console.error(
      `警告：数据库引用的 ${manifest.missing.length} 个存储对象已不在存储中（npm run files:verify 列出相关记录）`,
    );
    process.exitCode = 3;
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
