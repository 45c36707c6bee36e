import { connect, mapReadPretty, useForm } from '@formily/react';
import { Button, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../RuntimeContext.js';
import { useMessage } from '../../../feedback/messages.js';
import { FORM_REFUSED_EVENT } from '../Captcha/Captcha.js';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  /** The form field holding the mobile number (or, with addressKind email, the e-mail address) the code goes to. */
  mobileField?: string;
  /** What the address is: a mobile (default; the body says {mobile}) or an e-mail address ({email}). */
  addressKind?: 'mobile' | 'email';
  /** Module endpoint that sends the code: POST /api/<sendTo> {mobile} (with the captcha when named). */
  sendTo: string;
  /**
   * The form's picture-captcha field and the field holding its id, when the endpoint asks for a
   * captcha first (a visitor's form). A captcha is single use: the form is told to show a new one.
   */
  captchaField?: string;
  captchaIdField?: string;
  /**
   * The server keeps a captcha that sent a code for the form's submit (sign-up's 注册): after a
   * code is sent the captcha stays as typed; only a refused send asks for a new one.
   */
  keepCaptcha?: boolean;
  /** Seconds before another code may be asked for (the server refuses sooner anyway). */
  wait?: number;
  placeholder?: string;
  disabled?: boolean;
}

const ADDRESS = {
  mobile: { pattern: /^1[3-9]\d{9}$/, missing: '请先输入正确的手机号', sent: '短信验证码已发送' },
  email: { pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, missing: '请先输入正确的电子邮箱', sent: '验证码已发送至该邮箱' },
} as const;

/** An SMS code: a button sends it to the form's mobile number, then counts down before the next. */
export function SmsCodeEdit({
  value,
  onChange,
  mobileField = 'mobile',
  addressKind = 'mobile',
  sendTo,
  captchaField,
  captchaIdField = 'captchaId',
  keepCaptcha = false,
  wait = 60,
  placeholder = '请输入短信验证码',
  disabled,
}: Props) {
  const form = useForm();
  const { dataProvider } = useRuntime();
  const message = useMessage();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  async function send() {
    const address = ADDRESS[addressKind];
    const to = String(form.values[mobileField] ?? '').trim();
    if (!address.pattern.test(to)) {
      void message.warning(address.missing);
      return;
    }
    const captchaCode = captchaField ? String(form.values[captchaField] ?? '').trim() : '';
    if (captchaField && !captchaCode) {
      void message.warning('请先输入图片验证码');
      return;
    }
    setSending(true);
    try {
      await dataProvider.moduleCall(
        sendTo,
        captchaField
          ? { [addressKind]: to, captchaId: form.values[captchaIdField], captchaCode }
          : { [addressKind]: to },
      );
      void message.success(address.sent);
      setLeft(wait);
      if (captchaField && !keepCaptcha) form.notify(FORM_REFUSED_EVENT);
    } catch (e) {
      void message.error((e as Error)?.message || '短信发送失败，请稍后再试');
      if (captchaField) form.notify(FORM_REFUSED_EVENT);
    } finally {
      setSending(false);
    }
  }

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        value={value ?? ''}
        disabled={disabled}
        placeholder={placeholder}
        maxLength={8}
        inputMode="numeric"
        autoComplete="one-time-code"
        onChange={(e) => onChange?.(e.target.value.replace(/\s+/g, ''))}
      />
      <Button onClick={() => void send()} loading={sending} disabled={disabled || left > 0} data-testid="sms-send">
        {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
      </Button>
    </Space.Compact>
  );
}

export const SmsCode = connect(
  SmsCodeEdit,
  mapReadPretty(() => <span className="runtime-text">-</span>),
);
