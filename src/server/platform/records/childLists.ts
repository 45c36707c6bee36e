import type { ChildListStorage, EntityDef } from '../../../shared/schema/types.js';
import type { StoredRecord } from './storedRecord.js';
import type { EntityDb } from '../db/tables.js';
import { planOf } from './entityPlan.js';

/** The child lists of a fixed table's entity (`storage.lists`), by field. */
function listsOf(entity: EntityDef): readonly (readonly [string, ChildListStorage])[] {
  return planOf(entity).childLists;
}

/** One child row as a list item: each property from its column. */
function rowItem(list: ChildListStorage, row: Record<string, unknown>): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const [prop, column] of Object.entries(list.columns ?? {})) item[prop] = row[column] ?? null;
  return item;
}

export function hasChildLists(entity: EntityDef): boolean {
  return listsOf(entity).length > 0;
}

/** Reads each record's child rows into its list field (and their number into the count field), one query per list. */
export async function readChildLists(db: EntityDb, entity: EntityDef, records: StoredRecord[]): Promise<void> {
  for (const [field, list] of listsOf(entity)) {
    const keys = [...new Set(records.map((r) => r[list.link.field]).filter((v) => v !== null && v !== undefined))];
    const byKey = new Map<string, unknown[]>();
    if (keys.length) {
      const rows = await db
        .selectFrom(list.table)
        .selectAll()
        .where(list.link.column, 'in', keys as string[])
        .orderBy(list.link.column)
        .orderBy((list.order ?? list.value)!)
        .execute();
      for (const row of rows) {
        const item = list.value ? String(row[list.value]) : rowItem(list, row);
        const key = String(row[list.link.column]);
        byKey.set(key, [...(byKey.get(key) ?? []), item]);
      }
    }
    for (const rec of records) {
      const items = byKey.get(String(rec[list.link.field])) ?? [];
      rec[field] = items;
      if (list.count) rec[list.count] = items.length;
    }
  }
}

/** Replaces a record's child rows by its list fields' values (a field left null keeps its rows). */
export async function writeChildLists(db: EntityDb, entity: EntityDef, record: Record<string, unknown>): Promise<void> {
  for (const [field, list] of listsOf(entity)) {
    const items = record[field];
    if (!Array.isArray(items)) continue;
    const key = record[list.link.field] as string | number;
    await db.deleteFrom(list.table).where(list.link.column, '=', key).execute();
    if (!items.length) continue;
    await db
      .insertInto(list.table)
      .values(
        items.map((item: unknown, i) => {
          const row: Record<string, unknown> = { [list.link.column]: key };
          if (list.order) row[list.order] = i;
          if (list.value) row[list.value] = item;
          for (const [prop, column] of Object.entries(list.columns ?? {}))
            row[column] = (item as Record<string, unknown> | null)?.[prop] ?? null;
          return row;
        }),
      )
      .execute();
  }
}

/** Removes a record's child rows (before the record itself, whatever the table's foreign keys say). */
export async function deleteChildLists(db: EntityDb, entity: EntityDef, record: StoredRecord): Promise<void> {
  for (const [, list] of listsOf(entity))
    await db
      .deleteFrom(list.table)
      .where(list.link.column, '=', record[list.link.field] as string | number)
      .execute();
}

/** The child tables an entity writes besides its own. */
export function childTables(entity: EntityDef): string[] {
  return listsOf(entity).map(([, l]) => l.table);
}
