import { Radio as FormilyRadio } from '@formily/antd-v5';
import { observer } from '@formily/react';
import { asOptionValue, useDictOptions, type DictBinding } from '../dictOptions.js';

type Props = DictBinding & Record<string, unknown> & { value?: unknown };

/** Radio buttons over a dictionary type; read-pretty shows the label. */
export const Radio = observer(({ dict, options, value, ...rest }: Props) => {
  const bound = useDictOptions({ dict, options }, value);
  return <FormilyRadio.Group {...rest} value={asOptionValue(value)} options={bound.options} />;
});
