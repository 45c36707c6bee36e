import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database, Dialect } from './database.js';

/**
 * What a migration is handed: the schema builder and raw SQL, and no typed tables, since each
 * migration sees the database as it stood when it was written, not as tables.ts says it is now.
 */
export type MigrationDb = Kysely<Record<string, never>>;

/**
 * A migration file in ./migrations exports `up(db, dialect)` (and optionally `down`).
 * Files run in name order, so name them NNN_what.ts. Each module owns its own files.
 */
export interface PortalMigration {
  up(db: MigrationDb, dialect: Dialect): Promise<void>;
  down?(db: MigrationDb, dialect: Dialect): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

class FolderProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const dir = path.join(here, 'migrations');
    const files = (await fs.readdir(dir)).filter((f) => /^\d+_.*\.(ts|js)$/.test(f) && !f.includes('.test.')).sort();
    const out: Record<string, Migration> = {};
    for (const file of files) {
      const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as PortalMigration;
      const name = file.replace(/\.(ts|js)$/, '');
      out[name] = {
        up: (db) => mod.up(db, this.dialect),
        down: mod.down ? (db) => mod.down!(db, this.dialect) : undefined,
      };
    }
    return out;
  }
}

export async function migrateToLatest(database: Database): Promise<string[]> {
  // Kysely looks for its own tables in every schema unless told which one: with several schemas
  // in one PostgreSQL database (tests, PG_SCHEMA) it would find another's and skip creating ours.
  const migrationTableSchema =
    database.dialect === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]?.s
      : undefined;
  const migrator = new Migrator({
    db: database.db,
    provider: new FolderProvider(database.dialect),
    migrationTableSchema,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
