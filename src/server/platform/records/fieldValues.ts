import type { FieldDef } from '../../../shared/schema/types.js';
import { toOneLine } from '../../../shared/oneLine.js';
import { passesTextFilter, textFilterMessage } from '../../../shared/textFilter.js';
import { sanitizeRichText } from './sanitizeRichText.js';
import { formatDate, formatDateTime, parseLocal } from './time.js';

/**
 * One field value checked and brought to its stored form: what a user's save (resources/validate.ts)
 * and a value the server sets itself (a workflow's `set`, `init`) share.
 */

export function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

/** Rich text with no words and no picture is empty (an editor leaves <p><br></p> behind). */
export function richTextEmpty(html: string): boolean {
  return !/<img\b/i.test(html) && html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === '';
}

export interface Checked {
  value: unknown;
  error?: string;
}

export function checkString(def: FieldDef, raw: unknown): Checked {
  if (typeof raw === 'number' && Number.isFinite(raw)) raw = String(raw);
  if (typeof raw !== 'string') return { value: null, error: `${def.label}格式不正确` };
  // A one-line field never keeps a line break or control character, whoever sent it.
  let value = def.type === 'string' ? toOneLine(raw) : raw;
  if (def.type === 'richtext') {
    value = sanitizeRichText(value);
    if (richTextEmpty(value)) return { value: null };
  }
  if (value === '') return { value: null };
  const length = [...value].length;
  if (def.maxLength !== undefined && length > def.maxLength)
    return { value, error: `${def.label}不能超过${def.maxLength}个字符` };
  if (def.minLength !== undefined && length < def.minLength)
    return { value, error: `${def.label}不能少于${def.minLength}个字符` };
  // SPEC §5's input filter: the browser's input drops these as typed; a body that still has them was not typed there.
  if (def.textFilter && def.type !== 'richtext' && !passesTextFilter(value))
    return { value, error: textFilterMessage(def.label) };
  if (def.pattern && !new RegExp(def.pattern, 'u').test(value))
    return { value, error: def.patternMessage ?? `${def.label}格式不正确` };
  return { value };
}

export function checkNumber(def: FieldDef, raw: unknown): Checked {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  if (!Number.isFinite(n)) return { value: null, error: `${def.label}必须是数字` };
  if (def.type === 'integer' && !Number.isInteger(n)) return { value: null, error: `${def.label}必须是整数` };
  if (def.minimum !== undefined && n < def.minimum) return { value: n, error: `${def.label}不能小于${def.minimum}` };
  if (def.maximum !== undefined && n > def.maximum) return { value: n, error: `${def.label}不能大于${def.maximum}` };
  return { value: n };
}

export function checkBoolean(def: FieldDef, raw: unknown): Checked {
  if (raw === true || raw === 1 || raw === '1' || raw === 'true') return { value: true };
  if (raw === false || raw === 0 || raw === '0' || raw === 'false') return { value: false };
  return { value: null, error: `${def.label}格式不正确` };
}

export function checkDate(def: FieldDef, raw: unknown): Checked {
  const ms = typeof raw === 'number' && Number.isFinite(raw) ? raw : typeof raw === 'string' ? parseLocal(raw) : null;
  if (ms === null) return { value: null, error: `${def.label}格式不正确` };
  return { value: def.type === 'date' ? formatDate(ms) : formatDateTime(ms) };
}

/**
 * Coerces a value the server itself sets (workflow `set`, `init`) to the field's stored form:
 * epoch ms become date / date-time text, numbers stay numbers.
 */
export function coerceServerValue(def: FieldDef | undefined, value: unknown): unknown {
  if (!def || value === null || value === undefined) return value ?? null;
  if (def.type === 'date' || def.type === 'datetime') return checkDate(def, value).value;
  if (def.type === 'integer' || def.type === 'number')
    return checkNumber({ ...def, minimum: undefined, maximum: undefined }, value).value;
  if (def.type === 'boolean') return checkBoolean(def, value).value;
  if (def.type === 'string' || def.type === 'text') return typeof value === 'string' ? value : String(value);
  return value;
}
