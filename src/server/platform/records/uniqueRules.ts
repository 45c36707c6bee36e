import type { EntityDef, UniqueRuleDef } from '../../../shared/schema/types.js';
import { fieldKind } from '../schemas/entityModel.js';
import type { Filter, RecordStore, StoredRecord } from './RecordStore.js';
import { ruleToCond } from '../schemas/ruleFilter.js';

/** One field's complaint, as the save's other checks say theirs. */
type FieldError = { field: string; label: string; message: string };

/**
 * Whether a unique rule is checked on this save. A rule guarding how records come into being
 * ("one application per leader per notice") says `on: "change"`: checked when the record is
 * created and when a save changes one of its fields, so later saves of a record that was fine
 * when made (or that predates the rule) are never refused for what they did not touch.
 */
export function uniqueRuleApplies(
  rule: UniqueRuleDef,
  existing: StoredRecord | null,
  next: Record<string, unknown>,
): boolean {
  const on = rule.on ?? 'change';
  if (!existing || on === 'save') return true;
  if (on === 'create') return false;
  return rule.fields.some((f) => JSON.stringify(existing[f] ?? null) !== JSON.stringify(next[f] ?? null));
}

/**
 * The field messages of the entity's `unique` rules this save breaks: another record (among those
 * the rule's `among` condition keeps) holds the same values in all of the rule's fields. A rule
 * with an empty value in one of its fields holds nothing yet and is skipped.
 */
export async function uniqueErrors(
  store: RecordStore,
  entity: EntityDef,
  existing: StoredRecord | null,
  next: Record<string, unknown>,
  now: number,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const rule of entity.unique ?? []) {
    if (!uniqueRuleApplies(rule, existing, next)) continue;
    const values = rule.fields.map((f) => (typeof next[f] === 'string' ? (next[f] as string).trim() : next[f]));
    if (values.some((v) => v === null || v === undefined || v === '' || typeof v === 'object')) continue;
    const where: Filter[] = rule.fields.map((f, i) => ({
      t: 'cmp',
      field: f,
      op: '=',
      value: values[i] as string | number | boolean,
    }));
    if (existing) where.push({ t: 'cmp', field: 'id', op: '<>', value: existing.id });
    if (rule.among !== undefined) where.push(ruleToCond(rule.among, { now }, fieldKind(entity)));
    const { total } = await store.list(entity, {
      where: { t: 'and', items: where },
      sort: [{ field: 'id', order: 'asc' }],
      offset: 0,
      limit: 1,
    });
    const field = rule.field ?? rule.fields[0];
    if (total > 0) errors.push({ field, label: entity.fields[field]?.label ?? field, message: rule.message });
  }
  return errors;
}
