/**
 * npm run seed: migrates and seeds the configured database without starting the server
 * (the server does the same on every start). Reference data follows schemas/; demo users only
 * outside production.
 */
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../src/server/platform/config/config.js';
import { openDatabase } from '../src/server/platform/db/database.js';
import { migrateToLatest } from '../src/server/platform/db/migrate.js';
import { seed } from '../src/server/platform/seed/seed.js';
import { moduleContext } from '../src/server/app.js';
import { MODULES } from '../src/server/modules/index.js';
import { loadSchemas } from '../src/server/platform/schemas/loadSchemas.js';
import { describeDemoAccounts } from '../src/server/platform/seed/demoUsers.js';
import { SchemaRegistry } from '../src/server/platform/schemas/schemaRegistry.js';
import { cloneSet } from '../src/server/platform/schemas/schemaDocs.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const schemas = loadSchemas(config.schemasDir);
  const database = await openDatabase(config);
  const log = {
    info: () => {},
    warn: console.warn,
    error: console.error,
    debug: () => {},
    trace: () => {},
    fatal: console.error,
    child: () => log,
  } as unknown as FastifyBaseLogger;
  try {
    const applied = await migrateToLatest(database);
    // Seeds by the schemas the server would serve: the published versions over the files.
    const schemaRegistry = new SchemaRegistry(cloneSet(schemas), schemas, database, log);
    await schemaRegistry.refresh();
    await seed(moduleContext({ config, database, schemas, schemaRegistry, log }), MODULES);
    const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
    console.log(`Database ready (${where}); migrations applied now: ${applied.length ? applied.join(', ') : 'none'}`);
    if (!config.production) console.log(describeDemoAccounts(config.demoPassword));
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
