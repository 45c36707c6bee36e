import { Input as FormilyInput } from '@formily/antd-v5';

/** Single-line text; read-pretty shows the text. */
export const Input = FormilyInput;
