import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DictionaryOption } from '../../../shared/schema/types.js';

/** Shape of a dictionary type's name: checked before anything reaches a query (values are bound anyway). */
export const DICTIONARY_TYPE_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,31}$';

export interface DictionaryItem {
  text: string;
  value: string;
}

export function contentHash(value: unknown): string {
  return crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** Every known type with its version; browsers compare versions to drop a stale cached list. */
export async function dictionaryVersions(db: Kysely<any>): Promise<Record<string, number>> {
  const rows = await db.selectFrom('dictionary_types').select(['type', 'version']).orderBy('type').execute();
  return Object.fromEntries(rows.map((r) => [r.type as string, Number(r.version)]));
}

/** The option list of a type, or null when the type is not known (the caller refuses it). */
export async function dictionaryItems(db: Kysely<any>, type: string): Promise<DictionaryItem[] | null> {
  const known = await db.selectFrom('dictionary_types').select('type').where('type', '=', type).executeTakeFirst();
  if (!known) return null;
  const rows = await db
    .selectFrom('dictionary_items')
    .select(['text', 'value'])
    .where('type', '=', type)
    .orderBy('sort_no')
    .execute();
  return rows.map((r) => ({ text: r.text as string, value: r.value as string }));
}

/**
 * Replaces a type's options and bumps its version, in one transaction. `seedHash` records which
 * seed file content the list came from, so a start-up seed rewrites it only when the file changed.
 * Returns whether anything changed.
 */
export async function saveDictionary(
  db: Kysely<any>,
  def: { type: string; label: string; options: DictionaryOption[] },
  opts: { seedHash?: string; onlyIfSeedChanged?: boolean; now?: number } = {},
): Promise<boolean> {
  if (!new RegExp(DICTIONARY_TYPE_PATTERN).test(def.type)) throw new Error(`Invalid dictionary type: ${def.type}`);
  const now = opts.now ?? Date.now();
  // Two starts seeding at once can pick the same next id for different types: the one that lost
  // the id tries again with the next.
  for (let attempt = 1; ; attempt += 1) {
    const saved = await saveOnce(db, def, opts, now);
    if (saved !== 'id taken') return saved;
    if (attempt >= 5) throw new Error(`Dictionary ${def.type}: no free id after ${attempt} attempts`);
  }
}

async function saveOnce(
  db: Kysely<any>,
  def: { type: string; label: string; options: DictionaryOption[] },
  opts: { seedHash?: string; onlyIfSeedChanged?: boolean },
  now: number,
): Promise<boolean | 'id taken'> {
  return db.transaction().execute(async (trx): Promise<boolean | 'id taken'> => {
    const current = await trx
      .selectFrom('dictionary_types')
      .select(['version', 'seed_hash'])
      .where('type', '=', def.type)
      .executeTakeFirst();
    if (current && opts.onlyIfSeedChanged && current.seed_hash === opts.seedHash) return false;
    if (current) {
      await trx
        .updateTable('dictionary_types')
        .set({
          label: def.label,
          version: Number(current.version) + 1,
          seed_hash: opts.seedHash ?? current.seed_hash,
          updated_at: now,
        })
        .where('type', '=', def.type)
        .execute();
      await trx.deleteFrom('dictionary_items').where('type', '=', def.type).execute();
    } else {
      const inserted = await trx
        .insertInto('dictionary_types')
        .values({
          // The next record id of the entity dictionary (migration 180).
          id: sql`(select coalesce(max(id), 0) + 1 from dictionary_types)`,
          type: def.type,
          label: def.label,
          version: 1,
          seed_hash: opts.seedHash ?? null,
          updated_at: now,
        })
        // Either key: the type (seeded by another start a moment before) or the id (taken by it).
        .onConflict((oc) => oc.doNothing())
        .returning('type')
        .executeTakeFirst();
      if (!inserted) {
        const seeded = await trx
          .selectFrom('dictionary_types')
          .select('type')
          .where('type', '=', def.type)
          .executeTakeFirst();
        return seeded ? false : 'id taken';
      }
    }
    if (def.options.length) {
      await trx
        .insertInto('dictionary_items')
        .values(
          def.options.map((o, i) => ({
            type: def.type,
            value: String(o.value),
            text: o.text,
            color: o.color ?? null,
            sort_no: i,
          })),
        )
        .execute();
    }
    return true;
  });
}
