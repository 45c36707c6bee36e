/**
 * npm run files:verify [-- --quick] [-- --json]
 * Reads every stored file the database holds back from the storage (the DATA_DIR folder or the S3
 * bucket) and checks its md5; lists each content whose bytes are absent, differ or cannot be read,
 * with the file records (id, name, where it is attached) that show it. --quick only asks whether
 * each object is there. Exits 1 when anything is listed, 0 when every file is whole.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/platform/config/config.js';
import { resolveFileConfig } from '../src/server/platform/config/fileConfig.js';
import { openDatabase } from '../src/server/platform/db/database.js';
import { tableExists } from '../src/server/platform/db/tableExists.js';
import { localStorage } from '../src/server/platform/storage/localStorage.js';
import { lazyS3Storage } from '../src/server/platform/storage/lazyS3Storage.js';
import { verifyStoredFiles } from '../src/server/platform/files/verifyFiles.js';

const { values } = parseArgs({ options: { quick: { type: 'boolean' }, json: { type: 'boolean' } }, strict: true });

const WORDS = { absent: '文件内容不存在', differs: '文件内容与校验值不符', unreadable: '文件存储读取失败' } as const;

async function main(): Promise<number> {
  const config = loadConfig();
  const files = resolveFileConfig(config);
  const storage = files.storage === 's3' && files.s3 ? lazyS3Storage(files.s3) : localStorage(files.localDir!);
  const database = await openDatabase(config);
  let checked = 0;
  let problems = 0;
  try {
    if (!(await tableExists(database, 'file_blobs'))) {
      console.error('数据库中还没有文件表（portal 尚未在此数据库上启动过）');
      return 0;
    }
    for await (const p of verifyStoredFiles(database.db, storage, {
      checksums: !values.quick,
      onChecked: () => checked++,
    })) {
      problems++;
      if (values.json) console.log(JSON.stringify(p));
      else {
        console.log(
          `${WORDS[p.problem]}  md5 ${p.md5}  ${p.storageKey}${p.actualMd5 ? `（实际 ${p.actualMd5}）` : ''}`,
        );
        for (const f of p.files)
          console.log(`    文件 ${f.id}  ${f.name}  ${f.belongType}${f.belongId === null ? '' : ` #${f.belongId}`}`);
      }
    }
  } finally {
    await database.close();
  }
  console.error(`已检查 ${checked} 个文件内容（${storage.name}），有问题 ${problems} 个`);
  return problems ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
