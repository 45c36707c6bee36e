import { sql } from 'kysely';
import type { Database } from './database.js';

/** The catalogue tables asked here, each for the columns it is asked for. */
type Catalogue = {
  'information_schema.tables': { table_schema: string; table_name: string };
  sqlite_master: { type: string; name: string };
};

/**
 * Whether a table exists in the schema this connection works in. Only a bound parameter reaches
 * the catalogue query, so a name can never become SQL text.
 */
export async function tableExists(database: Database, table: string): Promise<boolean> {
  const { dialect } = database;
  const db = database.db.withTables<Catalogue>();
  const row =
    dialect === 'postgres'
      ? await db
          .selectFrom('information_schema.tables')
          .select('table_name')
          .where('table_schema', '=', sql<string>`current_schema()`)
          .where('table_name', '=', table)
          .executeTakeFirst()
      : await db
          .selectFrom('sqlite_master')
          .select('name')
          .where('type', '=', 'table')
          .where('name', '=', table)
          .executeTakeFirst();
  return Boolean(row);
}
