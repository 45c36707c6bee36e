import type { Database } from '../db/database.js';
import type { SessionUser } from '../auth/sessions.js';
import type { MenuNode } from '../../shared/schema/types.js';
import { tableExists } from './tableExists.js';

export type CountKey = NonNullable<MenuNode['badge']>;
export type Counts = Record<CountKey, number>;

/**
 * Where each badge number of the counts object (SPEC §3) comes from: the table of the module that
 * owns that kind of record. A module not built yet has no table and counts 0; nothing is invented.
 */
export const COUNT_TABLES: Record<CountKey, string> = {
  achieveNum: 'achievement',
  meetNum: 'meeting',
  reviewNum: 'review',
  topicNum: 'topic',
  topicSumNum: 'topic',
  topicChangeNum: 'topic_change',
};

async function countRows(database: Database, table: string): Promise<number> {
  if (!(await tableExists(database, table))) return 0;
  const row = await database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countsFor(database: Database, _user: SessionUser): Promise<Counts> {
  const cache = new Map<string, Promise<number>>();
  const out = {} as Counts;
  for (const [key, table] of Object.entries(COUNT_TABLES) as [CountKey, string][]) {
    if (!cache.has(table)) cache.set(table, countRows(database, table));
    out[key] = await cache.get(table)!;
  }
  return out;
}
