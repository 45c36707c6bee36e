/**
 * Messages of a form field that name it, from the schema's label: 请输入标题, 请选择状态,
 * 请上传附件, 手机号格式不正确, 标题不能超过200个字符. A schema's own message (patternMessage) wins.
 * Each message rides on a Formily validator rule, so when a rule or the schema sets `required` or
 * `maxLength`, Formily updates that rule's value and keeps its message.
 */
import type { FieldDef } from '../../../shared/schema/types.js';
import { rowErrors } from '../../../shared/rowChecks.js';
import { emptyOneOfGroups, type OneOfGroup } from '../../../shared/schema/requiredFields.js';

/** Widgets where the user picks rather than types. */
const PICKERS = new Set([
  'Select',
  'Radio',
  'Checkbox',
  'DatePicker',
  'DateTimePicker',
  'DateRangePicker',
  'Switch',
  'RecordSelect',
  'SchoolSelect',
]);
const UPLOADERS = new Set(['Upload']);

export function requiredMessage(label: string, widget: string): string {
  if (UPLOADERS.has(widget)) return `请上传${label}`;
  return PICKERS.has(widget) ? `请选择${label}` : `请输入${label}`;
}

export function formatMessage(def: FieldDef, label: string): string {
  return def.patternMessage ?? `${label}格式不正确`;
}

/**
 * The rule of the entity's requireOneOf groups a field belongs to: with every field of a group
 * empty in the form, the group's message, as the server's refusal of the same save says it.
 */
export function oneOfValidator(groups: readonly OneOfGroup[]): Record<string, unknown> {
  return {
    validator: (_value: unknown, _rule: unknown, ctx: { form?: { values?: Record<string, unknown> } }) =>
      emptyOneOfGroups(groups, (f) => ctx?.form?.values?.[f])[0]?.message ?? '',
  };
}

/** The validator rules of a field, each with its message naming the field. */
export function fieldValidators(
  def: FieldDef,
  label: string,
  widget: string,
  oneOf: readonly OneOfGroup[] = [],
): Record<string, unknown>[] {
  // required false until the schema or a rule turns it on: the message is then already in place.
  const list: Record<string, unknown>[] = [
    { required: Boolean(def.required) && def.requiredOn !== 'submit', message: requiredMessage(label, widget) },
  ];
  if (oneOf.length) list.push(oneOfValidator(oneOf));
  if (def.pattern) list.push({ pattern: def.pattern, message: formatMessage(def, label) });
  if (def.type === 'files') return list;
  // A json field's rows: the first complaint blocks the save (each cell shows its own).
  if (def.rows)
    list.push({ validator: (value: unknown) => rowErrors('', { label, rows: def.rows }, value)[0]?.message ?? '' });
  if (def.maxLength !== undefined)
    list.push({ maxLength: def.maxLength, message: `${label}不能超过${def.maxLength}个字符` });
  if (def.minLength !== undefined)
    list.push({ minLength: def.minLength, message: `${label}不能少于${def.minLength}个字符` });
  if (def.minimum !== undefined) list.push({ minimum: def.minimum, message: `${label}不能小于${def.minimum}` });
  if (def.maximum !== undefined) list.push({ maximum: def.maximum, message: `${label}不能大于${def.maximum}` });
  return list;
}
