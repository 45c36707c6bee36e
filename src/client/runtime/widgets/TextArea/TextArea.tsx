import { Input } from '@formily/antd-v5';
import { withTextFilter } from '../textFiltered.js';

/** Multi-line text; read-pretty keeps line breaks. A field with `textFilter` drops emoji and symbols as typed. */
export const TextArea = withTextFilter(Input.TextArea);
