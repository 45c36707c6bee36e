import { DatePicker as FormilyDatePicker } from '@formily/antd-v5';
import '../dayjsLocale.js';

/** A date ('YYYY-MM-DD'), or date and time with `showTime` ('YYYY-MM-DD HH:mm:ss'). */
export const DatePicker = FormilyDatePicker;
