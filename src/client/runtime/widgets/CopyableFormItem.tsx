import { FormItem } from '@formily/antd-v5';
import { observer, useField } from '@formily/react';
import type { ComponentProps } from 'react';
import { CopyButton } from './CopyButton.js';

/**
 * The form item of a field the schema marks `copyable` (formSchema names it for such fields): the
 * copy action after the value, in look pages and edit forms alike.
 */
export const CopyableFormItem = observer((props: ComponentProps<typeof FormItem>) => {
  const field = useField() as { value?: unknown; title?: unknown } | null;
  const value = field?.value;
  const text = value === null || value === undefined ? '' : String(value);
  return (
    <FormItem
      {...props}
      addonAfter={<CopyButton text={text} label={typeof field?.title === 'string' ? field.title : undefined} />}
    />
  );
});
