import { Input as FormilyInput } from '@formily/antd-v5';
import { connect, mapReadPretty } from '@formily/react';
import { maskIdCard, maskPhone } from '../../../../shared/masks.js';

/** Read-pretty of a personal number: ID numbers keep the first and last 4, mobiles the first 2 and last 4 (SPEC §5). */
function MaskedText({ value, mask }: { value?: unknown; mask?: 'idCard' | 'mobile' }) {
  const text = value === null || value === undefined ? '' : String(value);
  const shown = mask === 'mobile' ? maskPhone(text) : maskIdCard(text);
  return <span className="runtime-text">{shown || '-'}</span>;
}

/** A text input for an ID number or a mobile number that shows the number masked when read. */
export const MaskedInput = connect(FormilyInput, mapReadPretty(MaskedText));
