import { DatePicker } from '@formily/antd-v5';

/** [from, to] as 'YYYY-MM-DD' strings (list filters with op "range"). */
export const DateRange = DatePicker.RangePicker;
