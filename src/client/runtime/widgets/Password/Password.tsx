import { Password as FormilyPassword } from '@formily/antd-v5';

/** Masked input with a strength meter; read-pretty never shows the value. */
export const Password = FormilyPassword;
