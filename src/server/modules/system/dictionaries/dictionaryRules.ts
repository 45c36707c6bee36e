import { AppError } from '../../../platform/http/AppError.js';
import type { EntityExtension } from '../../../platform/records/Engine.js';
import { sameValue } from '../../../platform/records/fieldDiff.js';

const bad = (field: string, label: string, message: string) => AppError.invalid([{ field, label, message }]);
const MAX_OPTIONS = 200;

type Option = { value: string; text: string; color?: string };

/** A tag colour as antd names it (a preset, a status) or a hex code: nothing else reaches a page's style. */
const COLOR = /^(#[0-9a-fA-F]{3,8}|[a-z][a-z-]{0,31})$/;

/** Checks an edited option list against the stored one; answers the clean list or throws the first problem. */
export function checkOptions(given: unknown, before: Option[]): Option[] {
  if (!Array.isArray(given) || !given.length) throw bad('options', '字典值', '请至少填写一个字典值');
  if (given.length > MAX_OPTIONS) throw bad('options', '字典值', `字典值不能超过${MAX_OPTIONS}个`);
  const out: Option[] = [];
  const seen = new Set<string>();
  given.forEach((o, i) => {
    const row = (o ?? {}) as Record<string, unknown>;
    const value = typeof row.value === 'string' || typeof row.value === 'number' ? String(row.value).trim() : '';
    const text = typeof row.text === 'string' ? row.text.trim() : '';
    if (!value || value.length > 64 || /[\s<>]/.test(value))
      throw bad('options', '字典值', `第${i + 1}行：值不能为空，不超过64个字符，且不能含空格`);
    if (!text || text.length > 128) throw bad('options', '字典值', `第${i + 1}行：名称不能为空，且不超过128个字符`);
    if (seen.has(value)) throw bad('options', '字典值', `第${i + 1}行：值“${value}”重复`);
    seen.add(value);
    // The colour the option's tag is drawn with (a status) is kept as it was given.
    const color = typeof row.color === 'string' ? row.color.trim() : '';
    if (color && !COLOR.test(color)) throw bad('options', '字典值', `第${i + 1}行：颜色“${color}”不是有效的颜色`);
    out.push(color ? { value, text, color } : { value, text });
  });
  // Records keep the value: removing one would leave them with a code nobody can read.
  const gone = before.filter((o) => !seen.has(o.value));
  if (gone.length)
    throw bad('options', '字典值', `已有的字典值不能删除（记录可能正在使用）：${gone.map((o) => o.text).join('、')}`);
  return out;
}

/**
 * What the schema of dictionary (dictionary_types with its options in dictionary_items) cannot
 * say: an edited option list keeps every stored value, with no duplicate nor empty name; the log
 * says which names changed. The engine's save bumps the type's version, so browsers holding the
 * old list refresh it at their next version check (dic/versions).
 */
export const dictionaryRules: EntityExtension = {
  async inSave(_ctx, { existing, next, log }) {
    const before = (existing?.options as Option[] | null) ?? [];
    if (!sameValue(next.options, before)) next.options = checkOptions(next.options, before);
    const options = next.options as Option[];
    const changed = options
      .filter((o) => before.find((b) => b.value === o.value)?.text !== o.text)
      .map((o) => `${o.value}=${o.text}`);
    log.actionLabel = '修改字典';
    log.comment =
      [
        next.label !== existing?.label ? `名称：${String(next.label)}` : '',
        changed.length ? `字典值：${changed.join('，')}` : '',
      ]
        .filter(Boolean)
        .join('；') || null;
  },
};
