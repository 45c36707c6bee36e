import crypto from 'node:crypto';
import type { DictionaryOption } from '../../../shared/schema/types.js';
import type { Db } from '../db/tables.js';

/** Shape of a dictionary type's name: checked before anything reaches a query (values are bound anyway). */
export const DICTIONARY_TYPE_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,31}$';

export interface DictionaryItem {
  text: string;
  value: string;
  /** The tag colour the option is drawn with, where it has one. */
  color?: string;
}

export function contentHash(value: unknown): string {
  return crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** Every known type with its version; browsers compare versions to drop a stale cached list. */
export async function dictionaryVersions(db: Db): Promise<Record<string, number>> {
  const rows = await db.selectFrom('dictionary_types').select(['type', 'version']).orderBy('type').execute();
  return Object.fromEntries(rows.map((r) => [r.type as string, Number(r.version)]));
}

/** The option list of a type, or null when the type is not known (the caller refuses it). */
export async function dictionaryItems(db: Db, type: string): Promise<DictionaryItem[] | null> {
  const known = await db.selectFrom('dictionary_types').select('type').where('type', '=', type).executeTakeFirst();
  if (!known) return null;
  const rows = await db
    .selectFrom('dictionary_items')
    .select(['text', 'value', 'color'])
    .where('type', '=', type)
    .orderBy('sort_no')
    .execute();
  return rows.map((r) => ({
    text: r.text as string,
    value: r.value as string,
    ...(r.color ? { color: String(r.color) } : {}),
  }));
}

/**
 * Replaces a type's options and bumps its version, in one transaction. `seedHash` records which
 * seed file content the list came from, so a start-up seed rewrites it only when the file changed.
 * Returns whether anything changed.
 */
export async function saveDictionary(
  db: Db,
  def: { type: string; label: string; options: DictionaryOption[] },
  opts: { seedHash?: string; onlyIfSeedChanged?: boolean; now?: number } = {},
): Promise<boolean> {
  if (!new RegExp(DICTIONARY_TYPE_PATTERN).test(def.type)) throw new Error(`Invalid dictionary type: ${def.type}`);
  const now = opts.now ?? Date.now();
  return db.transaction().execute(async (trx): Promise<boolean> => {
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
      // The record id of the entity dictionary is the database's to give (migration 194).
      const inserted = await trx
        .insertInto('dictionary_types')
        .values({
          type: def.type,
          label: def.label,
          version: 1,
          seed_hash: opts.seedHash ?? null,
          updated_at: now,
        })
        // Seeded by another start a moment before: its list stands.
        .onConflict((oc) => oc.column('type').doNothing())
        .returning('type')
        .executeTakeFirst();
      if (!inserted) return false;
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
