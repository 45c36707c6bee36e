import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropPgSchema, openDatabase, type Database } from '../../platform/db/database.js';
import { migrateToLatest } from '../../platform/db/migrate.js';

/**
 * A migrated database of its own for the index's tests and the bench: SQLite in a temp folder,
 * or a PostgreSQL schema of its own (dropped on close) when `url` names a server.
 */
export async function scratchDatabase(url = process.env.DATABASE_URL): Promise<Database & { drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'similarity-'));
  const pgSchema = url ? `sim_${crypto.randomBytes(5).toString('hex')}` : undefined;
  const database = await openDatabase({ databaseUrl: url, dataDir, pgSchema, pgPrepare: false });
  await migrateToLatest(database);
  return {
    ...database,
    async drop() {
      await database.close();
      if (url && pgSchema) await dropPgSchema(url, pgSchema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
