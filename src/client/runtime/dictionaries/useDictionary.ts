import { useEffect, useMemo, useState } from 'react';
import { applyDictionaryRules, type DictionaryFlags } from '../../../shared/dictionaryRules.js';
import type { DictionaryOption } from '../../../shared/schema/types.js';
import { useRuntime } from '../RuntimeContext.js';

export interface DictionaryState {
  options: DictionaryOption[];
  loading: boolean;
}

/**
 * Options of a dictionary type for a widget or a table, with the dictionary rules of SPEC §5
 * applied (flags from the runtime, overridden by the caller's, e.g. the record's isTopicAppraisal).
 * Re-renders when the store drops a stale type and loads it again.
 */
export function useDictionary(type: string | undefined, flags?: DictionaryFlags): DictionaryState {
  const { dictionaries, dictionaryFlags } = useRuntime();
  const [options, setOptions] = useState<DictionaryOption[] | undefined>(() => (type ? dictionaries.peek(type) : []));
  useEffect(() => {
    if (!type) {
      setOptions([]);
      return;
    }
    let alive = true;
    const load = () => {
      const hit = dictionaries.peek(type);
      if (hit) {
        setOptions(hit);
        return;
      }
      setOptions(undefined);
      dictionaries.get(type).then(
        (o) => {
          if (alive) setOptions(o);
        },
        () => {
          if (alive) setOptions([]);
        },
      );
    };
    load();
    const stop = dictionaries.subscribe((t) => {
      if (t === type) load();
    });
    return () => {
      alive = false;
      stop();
    };
  }, [type, dictionaries]);
  const isTopicAppraisal = flags?.isTopicAppraisal ?? dictionaryFlags.isTopicAppraisal;
  const ruled = useMemo(
    () => (type && options ? applyDictionaryRules(type, options, { isTopicAppraisal }) : (options ?? [])),
    [type, options, isTopicAppraisal],
  );
  return { options: ruled, loading: options === undefined };
}

export function dictionaryText(options: DictionaryOption[], value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const values = Array.isArray(value) ? value : [value];
  return values.map((v) => options.find((o) => o.value === String(v))?.text ?? String(v)).join('、');
}
