import { observer } from '@formily/react';
import { DictPending } from '../../dictionaries/DictPending.js';
import { asOptionValue, useDictOptions, type DictBinding } from '../dictOptions.js';

/** Read-only label of a dictionary value (in every mode). */
export const DictText = observer(({ dict, options, value }: DictBinding & { value?: unknown }) => {
  const bound = useDictOptions({ dict, options }, value);
  const v = asOptionValue(value);
  const values = (Array.isArray(v) ? v : [v]).filter((x) => x !== null && x !== undefined && x !== '');
  if (bound.loading && values.length)
    return (
      <span className="runtime-text">
        <DictPending />
      </span>
    );
  const text = values.map((x) => bound.options.find((o) => o.value === x)?.label ?? String(x)).join('、');
  return <span className="runtime-text">{text || '-'}</span>;
});
