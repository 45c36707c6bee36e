/**
 * npm run schemas:check [folder]: checks every schema under schemas/ (or the folder given) against
 * its meta-schema and every cross reference; prints each problem with its file and JSON path and
 * exits non-zero when there is any. The server runs the same check at start-up.
 */
import path from 'node:path';
import { loadSchemas, SchemaLoadError } from '../src/server/schemas/loadSchemas.js';
import { checkSchemas, type SchemaProblem } from '../src/server/schemas/checkSchemas.js';

function main(): number {
  const dir = path.resolve(process.argv[2] ?? process.env.SCHEMAS_DIR ?? 'schemas');
  let problems: SchemaProblem[];
  try {
    problems = checkSchemas(loadSchemas(dir));
  } catch (e) {
    if (!(e instanceof SchemaLoadError)) throw e;
    problems = e.problems;
  }
  for (const p of problems) console.error(`${p.file} ${p.path || '/'}: ${p.message}`);
  if (problems.length) {
    console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'} in ${dir}`);
    return 1;
  }
  console.log(`schemas OK (${dir})`);
  return 0;
}

process.exitCode = main();
