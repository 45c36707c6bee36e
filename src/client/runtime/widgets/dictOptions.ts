import { useForm } from '@formily/react';
import type { DictionaryFlags } from '../../../shared/dictionaryRules.js';
import { DICT_PENDING_TEXT } from '../dictionaries/DictPending.js';
import { useDictionary } from '../dictionaries/useDictionary.js';

export interface DictBinding {
  /** Dictionary type whose options the widget offers. */
  dict?: string;
  /** Options given by the schema (used when no dict, e.g. status filters). */
  options?: { label: string; value: unknown }[];
}

/**
 * Options of a dictionary-bound widget. Dictionary rules (SPEC §5 isTopicAppraisal) read their flag
 * from the form's values when the form has that field, else from the runtime.
 * Call inside an observer so a change of the flag re-renders. While the dictionary loads, the
 * current `value`'s options read as a neutral placeholder: a select or radio shows its raw value
 * when no option matches it, and a raw code must never reach the screen.
 */
export function useDictOptions(
  { dict, options }: DictBinding,
  value?: unknown,
): { options: { label: string; value: string }[]; loading: boolean } {
  const form = useForm();
  const values = (form?.values ?? {}) as Record<string, unknown>;
  const flags: DictionaryFlags = {};
  if (values.isTopicAppraisal !== undefined)
    flags.isTopicAppraisal = values.isTopicAppraisal as DictionaryFlags['isTopicAppraisal'];
  const state = useDictionary(options ? undefined : dict, flags);
  if (options) return { options: options.map((o) => ({ label: o.label, value: o.value as string })), loading: false };
  const bound = state.options.map((o) => ({ label: o.text, value: o.value }));
  if (state.loading) {
    const current = asOptionValue(value);
    for (const v of Array.isArray(current) ? current : [current]) {
      if (v !== null && v !== undefined && v !== '' && !bound.some((o) => o.value === v))
        bound.push({ label: DICT_PENDING_TEXT, value: String(v) });
    }
  }
  return { options: bound, loading: state.loading };
}

/** Dictionary values are strings; records may carry numbers (status 0): compare as strings. */
export function asOptionValue(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'number' ? String(v) : v));
  return value;
}
