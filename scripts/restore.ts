/**
 * npm run restore -- --from /var/backups/portal/2026-01-31 [--fresh-secrets]
 * Brings a backup (npm run backup) back into an empty data directory or database, as the
 * environment configures (DATA_DIR, DATABASE_URL, PG_SCHEMA, the S3 settings): checks every
 * checksum first, then writes. --fresh-secrets, for a copy in another environment: drops every
 * session and the stored signing key (a new one is made at the first start).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/platform/config/config.js';
import { resolveFileConfig } from '../src/server/platform/config/fileConfig.js';
import { restoreBackup } from '../src/server/platform/backup/restore.js';
import { localStorage } from '../src/server/platform/storage/localStorage.js';
import { lazyS3Storage } from '../src/server/platform/storage/lazyS3Storage.js';

const { values } = parseArgs({
  options: { from: { type: 'string' }, 'fresh-secrets': { type: 'boolean' } },
  strict: true,
});

async function main(): Promise<void> {
  if (!values.from) throw new Error('用法：npm run restore -- --from <备份目录> [--fresh-secrets]');
  const config = loadConfig();
  const files = resolveFileConfig(config);
  const storage = files.storage === 's3' && files.s3 ? lazyS3Storage(files.s3) : localStorage(files.localDir!);
  const manifest = await restoreBackup(config, storage, values.from, {
    freshSecrets: values['fresh-secrets'],
    log: (line) => console.log(line),
  });
  console.log(`恢复完成：快照时间 ${manifest.snapshotAt}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
