import { sql } from 'kysely';
import type { Dialect } from '../database.js';
import type { MigrationDb } from '../migrate.js';

/**
 * A new dictionary type takes its number from the database (migration 180 numbered the types):
 * on PostgreSQL from a sequence, the column's default, so two starts seeding new types at once
 * never pick the same number; on SQLite, whose writers take turns, a trigger numbers a row inserted
 * without one with the next number. The code inserts no id at all.
 */
export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`create sequence dictionary_types_id_seq owned by dictionary_types.id`.execute(db);
    await sql`select setval('dictionary_types_id_seq', coalesce((select max(id) from dictionary_types), 0) + 1, false)`.execute(
      db,
    );
    await sql`alter table dictionary_types alter column id set default nextval('dictionary_types_id_seq')`.execute(db);
    return;
  }
  await sql`create trigger dictionary_types_id after insert on dictionary_types for each row when new.id is null
    begin
      update dictionary_types set id = (select coalesce(max(id), 0) + 1 from dictionary_types) where rowid = new.rowid;
    end`.execute(db);
}
