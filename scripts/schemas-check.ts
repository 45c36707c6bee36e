/**
 * npm run schemas:check [folder]: checks every schema under schemas/ (or the folder given) against
 * its meta-schema and every cross reference; prints each problem with its file and JSON path and
 * exits non-zero when there is any. The server runs the same check at start-up. Then, on a
 * throw-away SQLite app with the demo accounts, whether the read rules of the entities modules
 * serve (users...) say what those modules answer (src/server/platform/testing/readProbe.ts).
 */
import path from 'node:path';
import { loadSchemas, SchemaLoadError } from '../src/server/platform/schemas/loadSchemas.js';
import { checkSchemas, type SchemaProblem } from '../src/server/platform/schemas/checkSchemas.js';
import { probeVirtualReads } from '../src/server/platform/testing/readProbe.js';
import { createTestApp } from '../src/server/platform/testing/testApp.js';

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

async function main(): Promise<number> {
  const dir = path.resolve(process.argv[2] ?? process.env.SCHEMAS_DIR ?? 'schemas');
  let problems: SchemaProblem[];
  try {
    problems = checkSchemas(loadSchemas(dir));
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
  return 0;
}

process.exitCode = await main();
