import { DatePicker } from '@formily/antd-v5';
import '../dayjsLocale.js';
import type { ComponentProps } from 'react';

type Props = ComponentProps<typeof DatePicker>;

/** Date and time ('YYYY-MM-DD HH:mm:ss'); read-pretty shows the same format. */
export function DateTimePicker(props: Props) {
  return <DatePicker showTime {...props} />;
}
