import type { EntityDef } from '../../../shared/schema/types.js';
import type { SessionUser } from '../auth/sessions.js';
import { AppError } from '../http/AppError.js';
import { rulesFor, type Right } from '../records/access.js';

/**
 * The entity's area fields: those taking values from the dictionary of its `areaCode` (the
 * record's scope column, declared with the area dictionary), the scope column itself excepted.
 */
export function areaFields(entity: EntityDef): string[] {
  const dict = entity.fields.areaCode?.dict;
  if (!dict) return [];
  return Object.entries(entity.fields)
    .filter(([name, def]) => name !== 'areaCode' && !def.readOnly && def.dict === dict)
    .map(([name]) => name);
}

/**
 * Area fields agree with the record's scope: a user who holds the right only within their area
 * (no rule of scope `all` for it) may give an area field no other value than their own area, the
 * one the record is stored under. Refused, naming the field, rather than stored disagreeing
 * (a city admin's expert "in" another city that the city admin alone then edits).
 */
export function assertAreaFieldsInScope(
  entity: EntityDef,
  right: Right,
  values: Record<string, unknown>,
  user: SessionUser,
): void {
  const fields = areaFields(entity).filter((f) => f in values);
  if (!fields.length) return;
  if (rulesFor(entity, right, user).some((r) => r.scope === 'all')) return;
  for (const name of fields) {
    const v = values[name];
    const list = Array.isArray(v) ? v : v === null || v === undefined || v === '' ? [] : [v];
    if (list.some((x) => String(x) !== user.areaCode)) {
      const label = entity.fields[name]!.label;
      throw AppError.invalid([{ field: name, label, message: `${label}只能选择本地区` }]);
    }
  }
}
