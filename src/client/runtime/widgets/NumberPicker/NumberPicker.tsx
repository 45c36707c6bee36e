import { NumberPicker as FormilyNumberPicker } from '@formily/antd-v5';

export const NumberPicker = FormilyNumberPicker;
