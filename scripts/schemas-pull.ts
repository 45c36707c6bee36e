/**
 * npm run schemas:pull: writes the versions published in the schema studio back into schemas/
 * (for review and commit), from the configured database (DATABASE_URL / DATA_DIR as the server
 * reads them). Files whose content already equals the published version are left untouched.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/platform/config/config.js';
import { openDatabase } from '../src/server/platform/db/database.js';
import { tableExists } from '../src/server/platform/db/tableExists.js';
import { loadSchemas } from '../src/server/platform/schemas/loadSchemas.js';
import { fileOfKey } from '../src/server/platform/schemas/schemaDocs.js';
import { latestVersions } from '../src/server/platform/schemas/schemaVersions.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const files = loadSchemas(config.schemasDir);
  const database = await openDatabase(config);
  try {
    if (!(await tableExists(database, 'schema_versions'))) {
      console.log('No published versions (the database has not been started with the schema studio yet).');
      return;
    }
    let written = 0;
    for (const v of await latestVersions(database.db)) {
      const file = fileOfKey(files, v.key);
      const doc = JSON.parse(v.content);
      const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
      let same = false;
      try {
        same = current !== undefined && JSON.stringify(JSON.parse(current)) === JSON.stringify(doc);
      } catch {
        same = false;
      }
      if (same) continue;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
      console.log(
        `${path.relative(process.cwd(), file)} ← version ${v.id} (${v.userName ?? ''} ${new Date(v.createdAt).toISOString()}: ${v.reason ?? ''})`,
      );
      written++;
    }
    console.log(
      written
        ? `${written} file(s) written; review them with git diff and npm run schemas:check`
        : 'schemas/ already holds every published version',
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
