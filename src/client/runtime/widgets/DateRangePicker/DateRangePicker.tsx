import { DatePicker } from '@formily/antd-v5';
import '../dayjsLocale.js';

/** [from, to] as 'YYYY-MM-DD' strings (list filters with op "range"); read-pretty shows both dates. */
export const DateRangePicker = DatePicker.RangePicker;
