import { Select as FormilySelect } from '@formily/antd-v5';
import { observer } from '@formily/react';
import { asOptionValue, useDictOptions, type DictBinding } from '../dictOptions.js';

type Props = DictBinding & Record<string, unknown> & { value?: unknown };

/** Dropdown bound to a dictionary type (`dict`) or to fixed `options`; read-pretty shows the label. */
export const Select = observer(({ dict, options, value, ...rest }: Props) => {
  const bound = useDictOptions({ dict, options }, value);
  return (
    <FormilySelect
      placeholder="请选择"
      {...rest}
      value={asOptionValue(value)}
      options={bound.options}
      loading={bound.loading}
    />
  );
});
