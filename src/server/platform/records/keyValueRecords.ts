import type { EntityDef } from '../../../shared/schema/types.js';
import type { StoredRecord } from './storedRecord.js';
import type { EntityDb } from '../db/tables.js';

/**
 * The one record (id 1) of an entity kept in a key/value table (`storage.keyValue`): each field is
 * a property of the JSON object in the value of the row its column names (`<row key>.<property>`).
 * Such a record has no version: the last save wins.
 */
type KeyValue = { table: string; key: string; value: string; updatedAt?: string };

function layout(entity: EntityDef): KeyValue & { places: [field: string, row: string, prop: string][] } {
  const s = entity.storage!;
  const places = Object.entries(s.columns).map(([field, column]): [string, string, string] => {
    const dot = column.indexOf('.');
    return [field, column.slice(0, dot), column.slice(dot + 1)];
  });
  return { table: s.table, ...s.keyValue!, updatedAt: s.system?.updatedAt, places };
}

function parsed(text: unknown): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(String(text ?? '{}'));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

async function readRows(db: EntityDb, kv: ReturnType<typeof layout>) {
  const keys = [...new Set(kv.places.map((p) => p[1]))];
  const rows = await db.selectFrom(kv.table).selectAll().where(kv.key, 'in', keys).execute();
  return new Map(rows.map((r) => [String(r[kv.key]), r as Record<string, unknown>]));
}

export async function getKeyValueRecord(
  db: EntityDb,
  entity: EntityDef,
  id: number,
): Promise<StoredRecord | undefined> {
  if (id !== 1) return undefined;
  const kv = layout(entity);
  const rows = await readRows(db, kv);
  const updated = kv.updatedAt ? Math.max(0, ...[...rows.values()].map((r) => Number(r[kv.updatedAt!] ?? 0))) : 0;
  const rec: StoredRecord = {
    id: 1,
    version: 1,
    status: null,
    ownerId: null,
    areaCode: null,
    createdAt: 0,
    updatedAt: updated,
    createdBy: null,
    updatedBy: null,
  };
  const values = new Map([...rows].map(([k, r]) => [k, parsed(r[kv.value])]));
  for (const [field, row, prop] of kv.places) rec[field] = values.get(row)?.[prop] ?? null;
  return rec;
}

/** Writes the record's fields into their rows' objects (made when missing); other properties stay. */
export async function updateKeyValueRecord(db: EntityDb, entity: EntityDef, record: StoredRecord): Promise<boolean> {
  if (record.id !== 1) return false;
  const kv = layout(entity);
  const rows = await readRows(db, kv);
  const objects = new Map<string, Record<string, unknown>>();
  for (const [field, row, prop] of kv.places) {
    const obj = objects.get(row) ?? parsed(rows.get(row)?.[kv.value]);
    objects.set(row, obj);
    // An emptied field leaves its property out, as if it was never set.
    if (record[field] === null || record[field] === undefined) delete obj[prop];
    else obj[prop] = record[field];
  }
  for (const [key, obj] of objects) {
    const set = { [kv.value]: JSON.stringify(obj), ...(kv.updatedAt ? { [kv.updatedAt]: record.updatedAt } : {}) };
    await db
      .insertInto(kv.table)
      .values({ [kv.key]: key, ...set })
      .onConflict((oc) => oc.column(kv.key).doUpdateSet(set))
      .execute();
  }
  return true;
}
