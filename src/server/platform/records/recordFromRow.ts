import type { Selectable } from 'kysely';
import type { EntityDef } from '../../../shared/schema/types.js';
import type { EntityRow } from '../db/rows.js';
import type { StoredRecord } from './storedRecord.js';
import { planOf } from './entityPlan.js';
import { isStructured, statusOfRow } from './fieldStorage.js';

function num(v: unknown): number | null {
  return v === null || v === undefined ? null : Number(v);
}

/** A table row (columns, and the JSON data column as text) as the record the engine handles. */
export function recordFromRow(entity: EntityDef, row: Record<string, unknown>): StoredRecord {
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(String(row.data ?? '{}'));
  } catch {
    data = {};
  }
  const { makeRecord, inData, columns } = planOf(entity);
  const rec = makeRecord() as StoredRecord;
  if (entity.storage) fixedSystemFields(entity, row, rec);
  else systemFields(row as unknown as Selectable<EntityRow>, rec);
  // The data column holds only the fields that have a value: the rest stay null as made.
  for (const name in data) if (inData.has(name)) rec[name] = data[name] ?? null;
  for (const s of columns) {
    const v = row[s.column];
    if (v === null || v === undefined) continue;
    const name = s.field;
    if (isStructured(s.def)) {
      try {
        rec[name] = JSON.parse(String(v));
      } catch {
        /* stays null */
      }
    } else if (s.def.type === 'boolean') rec[name] = Number(v) === 1;
    else if (s.def.type === 'integer' || s.def.type === 'number') rec[name] = Number(v);
    // A code kept in an integer column (a fixed table's gender) reads as the text the dictionary holds.
    else if (s.def.type === 'string' && typeof v === 'number') rec[name] = String(v);
    else rec[name] = v;
  }
  return rec;
}

function systemFields(row: Selectable<EntityRow>, rec: StoredRecord): void {
  rec.id = Number(row.id);
  rec.version = Number(row.version);
  rec.status = (row.status as string) ?? null;
  rec.ownerId = num(row.owner_id);
  rec.areaCode = (row.area_code as string) ?? null;
  rec.createdAt = Number(row.created_at);
  rec.updatedAt = Number(row.updated_at);
  rec.createdBy = num(row.created_by);
  rec.updatedBy = num(row.updated_by);
}

/** A fixed table's system columns; those it lacks read as a record that was never changed: version 1, times 0, the rest null. */
function fixedSystemFields(entity: EntityDef, row: Record<string, unknown>, rec: StoredRecord): void {
  const cols = planOf(entity).system;
  const at = (field: string) => (cols[field] ? row[cols[field]] : undefined);
  rec.id = Number(row.id);
  rec.version = Number(at('version') ?? 1);
  const statuses = entity.storage?.statuses;
  rec.status = statuses ? statusOfRow(statuses, row) : ((at('status') as string) ?? null);
  rec.ownerId = num(at('ownerId'));
  rec.areaCode = (at('areaCode') as string) ?? null;
  rec.createdAt = Number(at('createdAt') ?? 0);
  rec.updatedAt = Number(at('updatedAt') ?? 0);
  rec.createdBy = num(at('createdBy'));
  rec.updatedBy = num(at('updatedBy'));
}
