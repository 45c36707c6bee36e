import type { JsonChange } from '../../../shared/schema/jsonDiff.js';
import type { Selectable } from 'kysely';
import type { SchemaVersionsTable } from '../db/rows.js';
import type { Db } from '../db/tables.js';

/** One stored version of one schema file (table schema_versions). */
export interface SchemaVersion {
  id: number;
  key: string;
  content: string;
  action: 'file' | 'publish' | 'rollback';
  reason: string | null;
  diff: JsonChange[] | null;
  rolledBackTo: number | null;
  userId: number | null;
  userName: string | null;
  createdAt: number;
}

function fromRow(r: Selectable<SchemaVersionsTable>): SchemaVersion {
  return {
    id: Number(r.id),
    key: r.schema_key,
    content: r.content,
    // Only insertVersion writes the column, from SchemaVersion['action'].
    action: r.action as SchemaVersion['action'],
    reason: r.reason ?? null,
    diff: r.diff ? JSON.parse(r.diff) : null,
    rolledBackTo: r.rolled_back_to === null || r.rolled_back_to === undefined ? null : Number(r.rolled_back_to),
    userId: r.user_id === null || r.user_id === undefined ? null : Number(r.user_id),
    userName: r.user_name ?? null,
    createdAt: Number(r.created_at),
  };
}

/** The newest version of each key that has one: what the server serves over the files. */
export async function latestVersions(db: Db): Promise<SchemaVersion[]> {
  const newest = db
    .selectFrom('schema_versions')
    .select((eb) => ['schema_key', eb.fn.max('id').as('id')])
    .groupBy('schema_key');
  const rows = await db
    .selectFrom('schema_versions as v')
    .innerJoin(newest.as('n'), 'n.id', 'v.id')
    .selectAll('v')
    .orderBy('v.id')
    .execute();
  return rows.map(fromRow);
}

/** The newest id of the table: moves with every publish and rollback anywhere. */
export async function newestVersionId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('schema_versions')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return row?.id === null || row?.id === undefined ? 0 : Number(row.id);
}

/** Every version of one key, newest first, without their content. */
export async function versionsOf(db: Db, key: string): Promise<Omit<SchemaVersion, 'content'>[]> {
  const rows = await db
    .selectFrom('schema_versions')
    .select(['id', 'schema_key', 'action', 'reason', 'diff', 'rolled_back_to', 'user_id', 'user_name', 'created_at'])
    .where('schema_key', '=', key)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => {
    const { content: _c, ...rest } = fromRow({ ...r, content: '' });
    return rest;
  });
}

export async function versionById(db: Db, id: number): Promise<SchemaVersion | undefined> {
  const row = await db.selectFrom('schema_versions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function insertVersion(db: Db, v: Omit<SchemaVersion, 'id'>): Promise<number> {
  const row = await db
    .insertInto('schema_versions')
    .values({
      schema_key: v.key,
      content: v.content,
      action: v.action,
      reason: v.reason,
      diff: v.diff === null || v.diff === undefined ? null : JSON.stringify(v.diff),
      rolled_back_to: v.rolledBackTo,
      user_id: v.userId,
      user_name: v.userName,
      created_at: v.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
