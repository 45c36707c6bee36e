import { LockOutlined, MessageOutlined, ReloadOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Space, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PASSWORD_MAX_LENGTH, passwordProblem } from '../../shared/password.js';
import { signUpCalls } from '../../shared/contracts/signup.js';
import { contractCall } from '../api/contractCall.js';
import { underBase } from '../api/appBase.js';
import { notify } from '../api/notifier.js';
import { PasswordStrength } from '../runtime/widgets/PasswordRule/PasswordStrength.js';
import { CAPTCHA_MAX_LENGTH, PICTURE_CONFIG } from './captcha/captcha.js';

interface Values {
  account?: string;
  captchaCode?: string;
  smsCode?: string;
  newPassword?: string;
  confirm?: string;
}

/** Seconds before another code may be asked for (the server refuses sooner anyway). */
export const RESEND_WAIT_SECONDS = 60;

function firstMessage(e: unknown, fallback: string): string {
  const fields = (e as { data?: unknown })?.data;
  const first = Array.isArray(fields) ? (fields[0] as { message?: string } | undefined)?.message : undefined;
  return first || (e as Error)?.message || fallback;
}

/**
 * 忘记密码 in the login dialog: the account and the picture captcha, then a code sent to the
 * account's mobile, then a new password judged as it is typed. The server answers the same whether
 * or not the account exists; the reset signs out every session of the account.
 */
export function ForgotPasswordStep(props: { account?: string; onDone(): void }) {
  const [form] = Form.useForm<Values>();
  const [captcha, setCaptcha] = useState<{ captchaId: string; captchaUrl: string } | null | 'failed'>(null);
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const typed = Form.useWatch('newPassword', form) ?? '';
  const account = Form.useWatch('account', form) ?? '';
  // The picture captcha is asked for by 获取验证码 only: the sending uses it up and the reset does
  // not take one, so 重置密码 must not hold out for the fresh picture's empty field.
  const sendingCode = useRef(false);

  const refresh = useCallback(async () => {
    setCaptcha(null);
    form.setFieldValue('captchaCode', '');
    try {
      setCaptcha(await contractCall(signUpCalls.captcha, {}, { silent: true }));
    } catch {
      setCaptcha('failed');
    }
  }, [form]);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  async function send() {
    sendingCode.current = true;
    const values = await form.validateFields(['account', 'captchaCode']).catch(() => null);
    sendingCode.current = false;
    if (!values || !captcha || captcha === 'failed') return;
    setSending(true);
    try {
      await contractCall(
        signUpCalls.forgotSend,
        { account: (values.account ?? '').trim(), captchaId: captcha.captchaId, captchaCode: values.captchaCode },
        { silent: true },
      );
      notify.success('如该账号存在并登记了手机号，验证码已发送至该手机');
      setLeft(RESEND_WAIT_SECONDS);
    } catch (e) {
      notify.error(firstMessage(e, '短信发送失败，请稍后再试'));
    } finally {
      // The captcha is single use: the next code needs a new one.
      void refresh();
      setSending(false);
    }
  }

  async function submit(values: Values) {
    setBusy(true);
    try {
      await contractCall(
        signUpCalls.forgotReset,
        {
          account: (values.account ?? '').trim(),
          smsCode: (values.smsCode ?? '').trim(),
          newPassword: values.newPassword ?? '',
        },
        { silent: true },
      );
      notify.success('密码已重置，请使用新密码登录');
      props.onDone();
    } catch (e) {
      notify.error(firstMessage(e, '密码重置失败'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form
      form={form}
      initialValues={{ account: props.account }}
      onFinish={(v) => void submit(v)}
      autoComplete="off"
      className="shell-forgot-form"
    >
      <Alert
        type="info"
        showIcon
        message="验证码将发送至账号登记的手机号；重置后，该账号在所有设备上的登录都将退出。"
        style={{ marginBottom: 12 }}
      />
      <Form.Item name="account" rules={[{ required: true, whitespace: true, message: '请输入账号、手机号或邮箱' }]}>
        <Input prefix={<UserOutlined />} placeholder="请输入账号、手机号或邮箱" maxLength={128} />
      </Form.Item>
      <Form.Item required>
        <div className="shell-captcha-row">
          <Form.Item
            name="captchaCode"
            noStyle
            normalize={(v?: string) => v?.replace(/\s+/g, '')}
            rules={[
              {
                validator: async (_r, v: string | undefined) => {
                  if (sendingCode.current && !v) throw new Error('请输入验证码!');
                },
              },
            ]}
          >
            <Input
              prefix={<SafetyOutlined />}
              placeholder="请输入图片验证码"
              maxLength={CAPTCHA_MAX_LENGTH}
              className="shell-captcha-input"
            />
          </Form.Item>
          <button
            type="button"
            className="shell-captcha-picture"
            onClick={() => void refresh()}
            title="看不清？点击刷新"
            aria-label="刷新验证码"
          >
            {captcha === null && <Spin size="small" />}
            {captcha === 'failed' && <ReloadOutlined />}
            {captcha && captcha !== 'failed' && (
              <img
                src={underBase(captcha.captchaUrl)}
                width={PICTURE_CONFIG.width}
                height={PICTURE_CONFIG.height}
                alt="验证码"
              />
            )}
          </button>
        </div>
      </Form.Item>
      <Form.Item required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="smsCode" noStyle rules={[{ required: true, whitespace: true, message: '请输入短信验证码' }]}>
            <Input prefix={<MessageOutlined />} placeholder="请输入短信验证码" maxLength={8} />
          </Form.Item>
          <Button onClick={() => void send()} loading={sending} disabled={left > 0} data-testid="forgot-send">
            {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item
        name="newPassword"
        extra={<PasswordStrength value={typed} words={{ username: account }} />}
        rules={[
          {
            validator: async (_r, v: string | undefined) => {
              const p = passwordProblem(v);
              if (p) throw new Error(p);
            },
          },
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="请输入新密码"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: async (_r, v: string | undefined) => {
              if (v && v !== getFieldValue('newPassword')) throw new Error('两次输入的密码不一致');
            },
          }),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="请再次输入新密码"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        重置密码
      </Button>
      <div className="shell-login-links">
        <Button type="link" size="small" onClick={props.onDone} className="shell-forgot-link">
          返回登录
        </Button>
      </div>
    </Form>
  );
}
