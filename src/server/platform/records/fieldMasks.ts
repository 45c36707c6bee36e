import { maskIdCard, maskPhone } from '../../../shared/masks.js';
import type { EntityDef, FieldDef } from '../../../shared/schema/types.js';
import type { SessionUser } from '../auth/sessions.js';
import type { StoredRecord } from './RecordStore.js';

type Mask = (v: string) => string;

interface MaskedField {
  name: string;
  /** The field's own mask (a phone, an ID number). */
  mask?: Mask;
  /** Masked columns of the rows the field holds (a member's ID number). */
  columns: [string, Mask][];
  /** The field naming the user whose number it is: that user reads it whole. */
  holder?: string;
  /** Readers whom the entity's update rule grants the record read it whole. */
  managers: boolean;
  /** Roles that read it whole on every record they may read. */
  roles: readonly string[];
}

const maskOf = (kind: FieldDef['mask']): Mask | undefined =>
  kind === 'idCard' ? maskIdCard : kind === 'phone' ? maskPhone : undefined;

const plans = new WeakMap<EntityDef, MaskedField[]>();

/** The entity's masked fields (a mask of its own or masked row columns) with who reads them whole. */
export function maskedFields(entity: EntityDef): MaskedField[] {
  let plan = plans.get(entity);
  if (!plan) {
    plan = [];
    for (const [name, def] of Object.entries(entity.fields)) {
      const columns = Object.entries(def.rows?.fields ?? {})
        .map(([col, c]): [string, Mask | undefined] => [col, maskOf(c.mask)])
        .filter((c): c is [string, Mask] => c[1] !== undefined);
      const mask = maskOf(def.mask);
      if (!mask && !columns.length) continue;
      plan.push({
        name,
        ...(mask ? { mask } : {}),
        columns,
        ...(def.unmaskFor?.holder ? { holder: def.unmaskFor.holder } : {}),
        managers: def.unmaskFor?.managers === true,
        roles: def.unmaskFor?.roles ?? [],
      });
    }
    plans.set(entity, plan);
  }
  return plan;
}

function maskRows(value: unknown, columns: [string, Mask][]): unknown {
  const one = (row: unknown) => {
    if (!row || typeof row !== 'object' || Array.isArray(row)) return row;
    const out = { ...(row as Record<string, unknown>) };
    for (const [col, mask] of columns) if (typeof out[col] === 'string') out[col] = mask(out[col] as string);
    return out;
  };
  if (Array.isArray(value)) return value.map(one);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, row]) => [k, one(row)]));
  return value;
}

/**
 * The one masking rule of the portal (SPEC §5), applied by the server to every record it answers or
 * exports: a field with a mask is read whole by the person it names (`unmaskFor.holder`), by the
 * administrators who manage the record (`unmaskFor.managers`: the entity's update rule grants it to
 * them) and by the roles that oversee it (`unmaskFor.roles`); every other reader gets it masked, so the whole value never reaches their browser. `out` is
 * the answer made from `rec` (ruleRecord); `manages` is asked only when a field depends on it.
 * Without a reader (a visitor) every masked field is masked.
 */
export function applyMasks(
  entity: EntityDef,
  rec: StoredRecord,
  out: Record<string, unknown>,
  reader: SessionUser | null,
  manages: () => boolean,
): void {
  let managing: boolean | undefined;
  for (const f of maskedFields(entity)) {
    if (!(f.name in out)) continue;
    const holds =
      reader !== null &&
      f.holder !== undefined &&
      rec[f.holder] !== null &&
      rec[f.holder] !== undefined &&
      Number(rec[f.holder]) === reader.userId;
    const whole =
      holds ||
      (reader !== null && f.roles.includes(reader.roleCode)) ||
      (reader !== null && f.managers && (managing ??= manages()));
    const raw = rec[f.name] ?? null;
    if (whole) {
      // ruleRecord masks a read-only masked field for every caller: the reader who may see it gets the stored value.
      if (typeof raw === 'string' || f.columns.length) out[f.name] = raw;
      continue;
    }
    if (f.mask && typeof raw === 'string') out[f.name] = f.mask(raw);
    else if (f.columns.length) out[f.name] = maskRows(raw, f.columns);
  }
}
