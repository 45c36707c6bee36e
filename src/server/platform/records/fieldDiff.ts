import type { EntityDef, FieldChange, FieldDef, WorkflowDef } from '../../../shared/schema/types.js';
import { SYSTEM_FIELDS } from '../../../shared/schema/types.js';
import { maskIdCard, maskPhone } from '../../../shared/masks.js';
import type { DictionaryValues } from './dictionaries.js';

const MAX_SHOWN = 300;

function clip(s: string): string {
  return s.length > MAX_SHOWN ? `${s.slice(0, MAX_SHOWN)}…` : s;
}

function empty(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

/** Canonical text of a value for comparison: key order of objects does not count as a change. */
function canonical(v: unknown): string {
  if (empty(v)) return '';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${k}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** Whether two stored values are the same for users (empty values alike, key order aside). */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function plain(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (Array.isArray(v)) return v.map(plain).filter(Boolean).join('、');
  if (typeof v === 'object') {
    // Rows of an editable table (members, phases): their values in order, one row after another.
    return Object.values(v as Record<string, unknown>)
      .map(plain)
      .filter(Boolean)
      .join('，');
  }
  return String(v);
}

/** A value as a user reads it in the log: dictionary labels, masked numbers, file names, text of rich text. */
function shown(def: FieldDef, v: unknown, labels: Map<string, string> | undefined): string | null {
  if (empty(v)) return null;
  if (def.mask) {
    const mask = def.mask === 'idCard' ? maskIdCard : maskPhone;
    return Array.isArray(v) ? v.map((x) => mask(String(x))).join('、') : mask(String(v));
  }
  if (labels) return (Array.isArray(v) ? v : [v]).map((x) => labels.get(String(x)) ?? String(x)).join('、');
  if (def.type === 'files')
    return clip(
      (v as { fileName?: string }[])
        .map((f) => f?.fileName ?? '')
        .filter(Boolean)
        .join('、'),
    );
  if (def.type === 'richtext')
    return clip(
      String(v)
        .replace(/<[^>]*>/g, ' ')
        .replace(/&nbsp;/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  if (def.type === 'boolean') return v ? '是' : '否';
  if (Array.isArray(v)) return clip(v.map(plain).join('；'));
  return clip(plain(v));
}

export type DictLabels = Map<string, Map<string, string>>;

/**
 * The labels of every dictionary the entity's fields use. Loaded before a transaction opens: on
 * SQLite a query outside the transaction would wait for the transaction's own connection.
 */
export async function dictLabelsOf(entity: EntityDef, dicts: DictionaryValues): Promise<DictLabels> {
  const out: DictLabels = new Map();
  for (const def of Object.values(entity.fields)) {
    if (def.dict && !def.mask && !out.has(def.dict)) out.set(def.dict, await dicts.labels(def.dict));
  }
  return out;
}

/**
 * What changed between two versions of a record, field by field, in the entity's field order:
 * label, old and new value as users see them. The workflow's own field is left out (the log row
 * says from → to already), as are the system bookkeeping fields. `before` null: a new record,
 * every field given a value is listed.
 */
export function fieldDiff(
  entity: EntityDef,
  workflow: WorkflowDef | null,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  labels: DictLabels,
): FieldChange[] {
  const skip = new Set<string>([...SYSTEM_FIELDS, ...(workflow ? [workflow.field] : [])]);
  const out: FieldChange[] = [];
  for (const [field, def] of Object.entries(entity.fields)) {
    // A write-only value (a password) never reaches the log.
    if (skip.has(field) || def.writeOnly) continue;
    const a = before ? before[field] : null;
    const b = after[field];
    if (canonical(a) === canonical(b)) continue;
    const dict = def.dict && !def.mask ? (labels.get(def.dict) ?? new Map<string, string>()) : undefined;
    out.push({ field, label: def.label, from: shown(def, a, dict), to: shown(def, b, dict) });
  }
  return out;
}
