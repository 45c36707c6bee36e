import { connect, mapProps, mapReadPretty } from '@formily/react';
import { Switch as AntdSwitch } from 'antd';
import { BooleanText } from '../BooleanText.js';

/** Yes/no switch; read-pretty shows 是 / 否 (Formily's own Switch has no read-pretty). */
export const Switch = connect(
  AntdSwitch,
  mapProps({ value: 'checked' }, (props) => {
    const { value: _drop, ...rest } = props as Record<string, unknown>;
    return rest;
  }),
  mapReadPretty(BooleanText),
);
