/**
 * npm run schemas:check [folder] [--against <database>]: checks every schema under schemas/ (or
 * the folder given) against its meta-schema and every cross reference; prints each problem with
 * its file and JSON path and exits non-zero when there is any. The server runs the same check at
 * start-up. Then, on a
 * throw-away SQLite app with the demo accounts, whether the read rules of the entities modules
 * serve (users...) say what those modules answer (src/server/platform/testing/readProbe.ts).
 * With --against, the access diff of these schemas against what that database has published: per
 * role and sample account, its records before → after (src/server/modules/studio/accessAgainst.ts).
 */
import path from 'node:path';
import { loadSchemas, SchemaLoadError } from '../src/server/platform/schemas/loadSchemas.js';
import { checkSchemas, type SchemaProblem } from '../src/server/platform/schemas/checkSchemas.js';
import { probeVirtualReads } from '../src/server/platform/testing/readProbe.js';
import { createTestApp } from '../src/server/testApp.js';
import fs from 'node:fs';
import { openDatabase, openSqliteFile, type Database } from '../src/server/platform/db/database.js';
import { accessAgainst } from '../src/server/modules/studio/accessAgainst.js';
import type { SchemaSet } from '../src/server/platform/schemas/SchemaSet.js';

async function probe(dir: string): Promise<SchemaProblem[]> {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  process.env = { ...env, SCHEMAS_DIR: dir };
  const t = await createTestApp({ schemasDir: dir });
  try {
    return (await probeVirtualReads(t.ctx)).map((p) => ({
      ...p,
      file: path.join(path.relative(process.cwd(), dir) || '.', p.file),
    }));
  } finally {
    await t.close();
  }
}

/** A PostgreSQL URL, a SQLite file, or a data folder holding portal.sqlite; never created. */
async function openTarget(target: string): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(target))
    return openDatabase({ databaseUrl: target, dataDir: '', pgSchema: process.env.PG_SCHEMA || undefined });
  const file = fs.existsSync(target) && fs.statSync(target).isDirectory() ? path.join(target, 'portal.sqlite') : target;
  if (!fs.existsSync(file)) throw new Error(`no database at ${file}`);
  return openSqliteFile(file);
}

async function printAccessDiff(set: SchemaSet, target: string): Promise<void> {
  const database = await openTarget(target);
  try {
    const { compared, lines } = await accessAgainst(set, database);
    const where = target.replace(/\/\/[^@/]*@/, '//');
    if (!lines.length) console.log(`访问权限：与 ${where} 已发布的 ${compared} 个配置文件相比没有变化`);
    else
      console.log(
        `访问权限变化（${where} 已发布 → 仓库，共比较 ${compared} 个已发布的配置文件）：\n${lines.join('\n')}`,
      );
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--against');
  const against = at >= 0 ? args.splice(at, 2)[1] : undefined;
  if (at >= 0 && !against) {
    console.error('--against needs a database URL, a SQLite file or a data folder');
    return 2;
  }
  const dir = path.resolve(args[0] ?? process.env.SCHEMAS_DIR ?? 'schemas');
  let problems: SchemaProblem[];
  let set: SchemaSet | undefined;
  try {
    set = loadSchemas(dir);
    problems = checkSchemas(set);
  } catch (e) {
    if (!(e instanceof SchemaLoadError)) throw e;
    problems = e.problems;
  }
  if (!problems.length) problems = await probe(dir);
  for (const p of problems) console.error(`${p.file} ${p.path || '/'}: ${p.message}`);
  if (problems.length) {
    console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'} in ${dir}`);
    return 1;
  }
  console.log(`schemas OK (${dir})`);
  if (against && set) await printAccessDiff(set, against);
  return 0;
}

process.exitCode = await main();
