import { Input as FormilyInput } from '@formily/antd-v5';
import { withTextFilter } from '../textFiltered.js';

/** Single-line text; read-pretty shows the text. A field with `textFilter` drops emoji and symbols as typed. */
export const Input = withTextFilter(FormilyInput);
