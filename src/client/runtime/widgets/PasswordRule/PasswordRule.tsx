import { connect, mapReadPretty, observer, useForm } from '@formily/react';
import { Input } from 'antd';
import { PASSWORD_MAX_LENGTH } from '../../../../shared/password.js';
import { useRuntime } from '../../RuntimeContext.js';
import { PasswordStrength } from './PasswordStrength.js';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
}

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/**
 * A new password with the policy the server applies (src/shared/passwordStrength.ts) judged as it
 * is typed, with the form's own account, name, mobile and e-mail among the words it may not use,
 * so nobody learns the rule from a refusal.
 */
export const PasswordRuleEdit = observer(function PasswordRuleEdit({ value, onChange, placeholder, disabled }: Props) {
  const form = useForm();
  const { siteSettings } = useRuntime();
  const v = form.values as Record<string, unknown>;
  const words = {
    username: text(v.username),
    realName: text(v.realName),
    mobile: text(v.mobile),
    email: text(v.email),
    site: [siteSettings?.systemName ?? null],
  };
  return (
    <div>
      <Input.Password
        value={value ?? ''}
        disabled={disabled}
        placeholder={placeholder ?? '请输入密码'}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        onChange={(e) => onChange?.(e.target.value)}
      />
      <PasswordStrength value={value ?? ''} words={words} />
    </div>
  );
});

export const PasswordRule = connect(
  PasswordRuleEdit,
  mapReadPretty(() => <span className="runtime-text">******</span>),
);
