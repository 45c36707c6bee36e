/**
 * Form lookups: when a field naming another record changes (a change request's topic), the
 * record is read and some of its values are copied into fields of this form (the topic's current
 * name beside the new one). Declared in the page schema (`lookups`); the server fills the same
 * fields authoritatively on save, so this is for the user's eyes only.
 */
import { onFieldValueChange, onFormMount, type Field, type Form } from '@formily/core';
import type { FormLookupDef } from '../../../shared/schema/types.js';

export type LoadRecord = (entity: string, id: string) => Promise<Record<string, unknown>>;

/** The values a lookup copies from a loaded record (missing ones as null, so stale values go). */
export function lookupValues(
  lookup: FormLookupDef,
  loaded: Record<string, unknown> | null,
  current: Record<string, unknown> = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [target, source] of Object.entries(lookup.copy)) out[target] = loaded ? (loaded[source] ?? null) : null;
  // Starting values the user edits (the member list to add one to): only into fields still empty.
  for (const [target, source] of Object.entries(lookup.fillEmpty ?? {})) {
    if (loaded && isEmpty(current[target]) && !isEmpty(loaded[source])) out[target] = loaded[source];
  }
  return out;
}

function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

export function lookupEffects(
  lookups: FormLookupDef[] | undefined,
  load: LoadRecord,
  mode: 'add' | 'edit' | 'look',
): (form: Form) => void {
  return (form: Form) => {
    if (!lookups?.length || mode === 'look') return;
    for (const lookup of lookups) {
      let asked = 0;
      const read = (id: unknown) => {
        const ticket = ++asked;
        if (id === null || id === undefined || id === '') {
          form.setValues(lookupValues(lookup, null));
          return;
        }
        load(lookup.entity, String(id)).then(
          // Only the answer to the latest choice is copied.
          (rec) => {
            if (ticket === asked) form.setValues(lookupValues(lookup, rec, form.values));
          },
          () => {
            if (ticket === asked) form.setValues(lookupValues(lookup, null));
          },
        );
      };
      onFieldValueChange(lookup.field, (f) => read((f as Field).value));
      // A new record's form opened with the field given (its notice in the address) reads it at once.
      if (lookup.onOpen && mode === 'add')
        onFormMount(() => {
          const id: unknown = form.getValuesIn(lookup.field);
          if (id !== null && id !== undefined && id !== '') read(id);
        });
    }
  };
}
