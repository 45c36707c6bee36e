import { Input } from '@formily/antd-v5';

/** Multi-line text; read-pretty keeps line breaks. */
export const TextArea = Input.TextArea;
