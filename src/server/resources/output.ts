import type { EntityDef } from '../../shared/schema/types.js';
import type { StoredRecord } from './RecordStore.js';
import { formatDateTime } from './time.js';

/**
 * A record as clients see it: system fields first (times as 'YYYY-MM-DD HH:mm:ss'), then every
 * declared field (null when empty), or only `fields` (a list's row). Rules are evaluated on this same
 * shape on both sides; a field left out reads as null to them too.
 */
export function ruleRecord(entity: EntityDef, rec: StoredRecord, fields?: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: rec.id,
    version: rec.version,
    status: rec.status,
    ownerId: rec.ownerId,
    areaCode: rec.areaCode,
    createdAt: formatDateTime(rec.createdAt),
    updatedAt: formatDateTime(rec.updatedAt),
    createdBy: rec.createdBy,
    updatedBy: rec.updatedBy,
  };
  for (const name of fields ?? Object.keys(entity.fields)) {
    if (name in out) continue;
    out[name] = rec[name] ?? null;
  }
  return out;
}

/** What anonymous visitors get: the id and the entity's public fields, nothing else. */
export function publicRecord(entity: EntityDef, rec: StoredRecord): Record<string, unknown> {
  const full = ruleRecord(entity, rec);
  const out: Record<string, unknown> = { id: rec.id };
  for (const f of entity.access.public?.fields ?? []) out[f] = full[f] ?? null;
  return out;
}
