import type { Database } from '../../platform/db/database.js';
import { tableExists } from '../../platform/db/tableExists.js';
import { KyselyRecordStore } from '../../platform/records/RecordStore.js';
import type { SchemaSet } from '../../platform/schemas/SchemaSet.js';
import { docOf, kindOf } from '../../platform/schemas/schemaDocs.js';
import { latestVersions } from '../../platform/schemas/schemaVersions.js';
import type { EntityDef } from '../../../shared/schema/types.js';
import { accessChanges } from './accessChange.js';
import { accessDiffOf } from './accessDiff.js';

const shown = (v: unknown) => (v === undefined ? '（无）' : JSON.stringify(v));

/**
 * The access diff of the repository's schemas against what a database has published (its newest
 * version of each file published in the studio), as `npm run schemas:check -- --against` prints
 * it: for an entity, its reach in numbers per role and account against that database's records and
 * accounts; for any other file, the access-bearing values that change. Files the database never
 * published are served there from its own deployment's files, which it does not hold: not compared.
 */
export async function accessAgainst(
  files: SchemaSet,
  database: Database,
): Promise<{ compared: number; lines: string[] }> {
  if (!(await tableExists(database, 'schema_versions'))) return { compared: 0, lines: [] };
  const store = KyselyRecordStore.of(database);
  const versions = await latestVersions(database.db);
  const lines: string[] = [];
  for (const v of versions) {
    const before = JSON.parse(v.content) as unknown;
    const after = docOf(files, v.key);
    const changes = accessChanges(before, after);
    if (!changes.length) continue;
    lines.push(`${v.key}（已发布版本 ${v.id} → 仓库）：`);
    for (const c of changes) lines.push(`  ${c.path}：${shown(c.before)} → ${shown(c.after)}`);
    if (kindOf(v.key) === 'entities' && after && typeof after === 'object') {
      const diff = await accessDiffOf(database.db, store, before as EntityDef, after as EntityDef);
      for (const line of diff.lines) lines.push(`  ${line}`);
    }
  }
  return { compared: versions.length, lines };
}
