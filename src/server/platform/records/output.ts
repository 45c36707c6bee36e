import { maskIdCard, maskPhone } from '../../../shared/masks.js';
import { SYSTEM_FIELDS, type EntityDef } from '../../../shared/schema/types.js';
import type { StoredRecord } from './RecordStore.js';
import { formatDate, formatDateTime } from './time.js';
import { shapeMaker } from './recordShape.js';
import { applyMasks } from './fieldMasks.js';

/**
 * A record as clients see it: system fields first (times as 'YYYY-MM-DD HH:mm:ss'), then every
 * declared field (null when empty), or only `fields` (a list's row). Rules are evaluated on this same
 * shape on both sides; a field left out reads as null to them too. `fields` is meant to be a kept array
 * (listFields keeps one per page): the answer's shape is made once per array.
 */
export function ruleRecord(entity: EntityDef, rec: StoredRecord, fields?: readonly string[]): Record<string, unknown> {
  const { make, names } = fields ? listShape(fields) : entityShape(entity);
  const out = make();
  out.id = rec.id;
  out.version = rec.version;
  out.status = rec.status;
  out.ownerId = rec.ownerId;
  out.areaCode = rec.areaCode;
  out.createdAt = formatDateTime(rec.createdAt);
  out.updatedAt = formatDateTime(rec.updatedAt);
  out.createdBy = rec.createdBy;
  out.updatedBy = rec.updatedBy;
  for (const name of names) {
    const v = rec[name] ?? null;
    // A date field holding a moment (written by a module or an older seed as epoch ms) reads like
    // every other date: the province's text, never a bare number in a look page or an export.
    out[name] = typeof v === 'number' ? timeText(entity, name, v) : v;
  }
  const masks = maskedFields(entity);
  for (const [name, mask] of masks) if (typeof out[name] === 'string') out[name] = mask(out[name] as string);
  return out;
}

const masked = new WeakMap<EntityDef, [string, (v: string) => string][]>();

/**
 * Read-only fields with a mask are masked in this shape for every caller (rules, modules): the engine
 * answers them whole only to the readers their unmaskFor names (fieldMasks.applyMasks). No form sends
 * a read-only field back, so a mask is never written over the stored value.
 */
function maskedFields(entity: EntityDef): [string, (v: string) => string][] {
  let list = masked.get(entity);
  if (!list) {
    list = [];
    for (const [name, def] of Object.entries(entity.fields))
      if (def.readOnly && def.mask) list.push([name, def.mask === 'idCard' ? maskIdCard : maskPhone]);
    masked.set(entity, list);
  }
  return list;
}

const dateKinds = new WeakMap<EntityDef, Map<string, 'date' | 'datetime'>>();

function timeText(entity: EntityDef, name: string, v: number): unknown {
  let kinds = dateKinds.get(entity);
  if (!kinds) {
    kinds = new Map();
    for (const [f, def] of Object.entries(entity.fields))
      if (def.type === 'date' || def.type === 'datetime') kinds.set(f, def.type);
    dateKinds.set(entity, kinds);
  }
  const kind = kinds.get(name);
  if (!kind || !Number.isFinite(v)) return v;
  return kind === 'date' ? formatDate(v) : formatDateTime(v);
}

const SYSTEM: ReadonlySet<string> = new Set(SYSTEM_FIELDS);

/** The answer's keys for these fields: the system ones first, then the rest in the order given. */
function shapeFor(fields: readonly string[]) {
  const names = fields.filter((f, i) => !SYSTEM.has(f) && fields.indexOf(f) === i);
  return { names, make: shapeMaker([...SYSTEM_FIELDS, ...names]) };
}

// A list's fields are one array per page (listFields keeps it), so its shape is made once.
const listShapes = new WeakMap<readonly string[], ReturnType<typeof shapeFor>>();
const entityShapes = new WeakMap<EntityDef, ReturnType<typeof shapeFor>>();

function listShape(fields: readonly string[]) {
  let shape = listShapes.get(fields);
  if (!shape) listShapes.set(fields, (shape = shapeFor(fields)));
  return shape;
}

function entityShape(entity: EntityDef) {
  let shape = entityShapes.get(entity);
  if (!shape)
    entityShapes.set(entity, (shape = shapeFor(Object.keys(entity.fields).filter((f) => !entity.fields[f].writeOnly))));
  return shape;
}

/** What anonymous visitors get: the id and the entity's public fields (masked ones masked), nothing else. */
export function publicRecord(entity: EntityDef, rec: StoredRecord): Record<string, unknown> {
  const full = ruleRecord(entity, rec);
  applyMasks(entity, rec, full, null, () => false);
  const out: Record<string, unknown> = { id: rec.id };
  for (const f of entity.access.public?.fields ?? []) out[f] = full[f] ?? null;
  return out;
}
