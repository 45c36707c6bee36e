import { connect, mapReadPretty } from '@formily/react';
import { Input } from 'antd';
import { checkPassword, PASSWORD_RULE_TEXT } from '../../../../shared/password.js';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
}

const CHECKS: { key: keyof ReturnType<typeof checkPassword>; text: string }[] = [
  { key: 'length', text: '8-32位' },
  { key: 'lettersAndDigits', text: '包含字母和数字' },
  { key: 'threeKinds', text: '大写字母、小写字母、数字、符号中至少三种' },
];

/**
 * A new password with the account rule (src/shared/password.ts, the one the server applies)
 * ticked off as it is typed, so nobody learns the rule from a refusal.
 */
export function PasswordRuleEdit({ value, onChange, placeholder, disabled }: Props) {
  const text = value ?? '';
  const result = checkPassword(text);
  return (
    <div className="runtime-password-rule">
      <Input.Password
        value={text}
        disabled={disabled}
        placeholder={placeholder ?? '请输入密码'}
        autoComplete="new-password"
        maxLength={32}
        onChange={(e) => onChange?.(e.target.value)}
      />
      <ul aria-label={PASSWORD_RULE_TEXT} style={{ listStyle: 'none', padding: 0, margin: '4px 0 0', fontSize: 12 }}>
        {CHECKS.map((c) => {
          const met = text !== '' && result[c.key];
          return (
            <li key={c.key} data-met={met ? 'yes' : 'no'} style={{ color: met ? '#52c41a' : '#8c8c8c' }}>
              {met ? '✓' : '○'} {c.text}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export const PasswordRule = connect(
  PasswordRuleEdit,
  mapReadPretty(() => <span className="runtime-text">******</span>),
);
