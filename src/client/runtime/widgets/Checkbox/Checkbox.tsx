import { Checkbox as FormilyCheckbox } from '@formily/antd-v5';
import { connect, mapProps, mapReadPretty, observer } from '@formily/react';
import { Checkbox as AntdCheckbox } from 'antd';
import { asOptionValue, useDictOptions, type DictBinding } from '../dictOptions.js';
import { BooleanText } from '../BooleanText.js';

type Props = DictBinding & Record<string, unknown> & { value?: unknown };

const Single = connect(AntdCheckbox, mapProps({ value: 'checked', onInput: 'onChange' }), mapReadPretty(BooleanText));

/** Several dictionary values as checkboxes (`dict` / `options`), or one yes/no box without them. */
export const Checkbox = observer(({ dict, options, value, ...rest }: Props) => {
  const bound = useDictOptions({ dict, options }, value);
  if (!dict && !options) return <Single {...rest} value={value} />;
  return (
    <FormilyCheckbox.Group {...rest} value={asOptionValue(value) as unknown[] | undefined} options={bound.options} />
  );
});
