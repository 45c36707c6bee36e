import type { FieldDef } from '../../../shared/schema/types.js';

/**
 * What a number field accepts, said next to it (可填1到15): the same bounds the field's validator
 * and the server check, so nobody learns them from a refusal. Null for other fields, or a number
 * field without bounds.
 */
export function rangeText(def: FieldDef): string | null {
  if (def.type !== 'number' && def.type !== 'integer') return null;
  const whole = def.type === 'integer' ? '的整数' : '';
  const { minimum: min, maximum: max } = def;
  if (min !== undefined && max !== undefined) return `可填${min}到${max}${whole}`;
  if (min !== undefined) return `可填不小于${min}${whole ? whole : '的数'}`;
  if (max !== undefined) return `可填不大于${max}${whole ? whole : '的数'}`;
  return null;
}
