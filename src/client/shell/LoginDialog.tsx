import { LockOutlined, ReloadOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input, Spin } from 'antd';
import { Dialog } from '../feedback/Dialog.js';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { guardClicks } from '../../shared/clickGuard.js';
import { notify } from '../api/notifier.js';
import { underBase } from '../api/appBase.js';
import type { UserInfo } from '../api/session.js';
import { LOGIN_MESSAGES, NOLOGIN, PasswordChangeRequired, login, type LoginForm } from './auth.js';
import { ChangePasswordStep } from './ChangePasswordStep.js';
import { ForgotPasswordStep } from './ForgotPasswordStep.js';
import { CAPTCHA_MAX_LENGTH, PICTURE_CONFIG, fetchCaptcha, type CaptchaChallenge } from './captcha/captcha.js';
import { createSliderCaptcha, SliderError } from './captcha/sliderCaptcha.js';
import { SIGN_UP_PATH } from './navigation.js';

/** Login dialog width (SPEC §9). */
export const LOGIN_DIALOG_WIDTH = 320;

interface Values {
  account?: string;
  password?: string;
  captchaCode?: string;
}

type CaptchaState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; challenge: CaptchaChallenge; mode: 'picture' | 'slider' };

/**
 * Login dialog (SPEC §2, §5): user name, password, captcha with a picture that refreshes on
 * click, login button and a registration link. The slider type verifies in its own box when the
 * button is pressed, and falls back to the picture when it cannot load.
 */
export function LoginDialog(props: { open: boolean; onClose(): void; onSuccess(user: UserInfo): void }) {
  const [form] = Form.useForm<Values>();
  const [captcha, setCaptcha] = useState<CaptchaState>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  // After an admin reset: the ticket and the password just typed, for the change-password step.
  const [mustChange, setMustChange] = useState<{
    tgt: string;
    oldPassword: string;
    message: string;
    username: string;
  } | null>(null);
  // 忘记密码: the account typed so far, carried to that step (null: not there).
  const [forgot, setForgot] = useState<string | null>(null);

  const refresh = useCallback(
    async (forcePicture = false) => {
      setCaptcha({ status: 'loading' });
      form.setFieldValue('captchaCode', '');
      try {
        const challenge = await fetchCaptcha();
        const mode = !forcePicture && challenge.captchaType === 'slider' ? 'slider' : 'picture';
        setCaptcha({ status: 'ready', challenge, mode });
      } catch {
        setCaptcha({ status: 'failed' });
      }
    },
    [form],
  );

  useEffect(() => {
    if (props.open) void refresh();
    else {
      form.resetFields();
      setMustChange(null);
      setForgot(null);
    }
  }, [props.open, refresh, form]);

  const submit = useMemo(
    () =>
      guardClicks(async (values: Values) => {
        if (captcha.status !== 'ready' && !NOLOGIN.test(values.account ?? '')) {
          notify.error('验证码获取失败，请点击刷新');
          return;
        }
        const input: LoginForm = { account: (values.account ?? '').trim(), password: values.password ?? '' };
        setBusy(true);
        try {
          if (captcha.status === 'ready') {
            if (captcha.mode === 'slider') {
              try {
                const slider = await createSliderCaptcha({
                  captchaId: captcha.challenge.captchaId,
                  ...(captcha.challenge.captchaConf ?? {}),
                });
                Object.assign(input, await slider.verify());
              } catch (e) {
                // The slider could not load (60204 / 60205): fall back to the picture captcha.
                if (e instanceof SliderError) await refresh(true);
                return;
              }
            } else {
              Object.assign(input, { captchaId: captcha.challenge.captchaId, captchaCode: values.captchaCode });
            }
          }
          const user = await login(input);
          props.onSuccess(user);
        } catch (e) {
          if (e instanceof PasswordChangeRequired) {
            setMustChange({ tgt: e.tgt, oldPassword: input.password, message: e.message, username: input.account });
            return;
          }
          notify.error((e as Error).message || LOGIN_MESSAGES.badCredentials);
          void refresh();
        } finally {
          setBusy(false);
        }
      }),
    [captcha, props, refresh],
  );

  const picture = captcha.status === 'ready' && captcha.mode === 'picture';

  return (
    <Dialog
      title={mustChange ? '修改密码' : forgot !== null ? '忘记密码' : '用户登录'}
      open={props.open}
      width={LOGIN_DIALOG_WIDTH}
      footer={null}
      onCancel={props.onClose}
      maskClosable={false}
      destroyOnHidden
      centered
      className="shell-login-dialog"
    >
      {mustChange ? (
        <ChangePasswordStep {...mustChange} onSuccess={props.onSuccess} />
      ) : forgot !== null ? (
        <ForgotPasswordStep
          account={forgot}
          onDone={() => {
            setForgot(null);
            void refresh();
          }}
        />
      ) : (
        <Form form={form} onFinish={(v) => void submit(v)} autoComplete="off" className="shell-login-form">
          <Form.Item
            name="account"
            rules={[{ required: true, whitespace: true, message: LOGIN_MESSAGES.accountRequired }]}
          >
            <Input prefix={<UserOutlined />} placeholder="请输入用户名" autoComplete="username" maxLength={128} />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: LOGIN_MESSAGES.passwordRequired }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder="请输入密码"
              autoComplete="current-password"
              maxLength={128}
            />
          </Form.Item>
          {captcha.status !== 'ready' || picture ? (
            <Form.Item required>
              <div className="shell-captcha-row">
                <Form.Item
                  name="captchaCode"
                  noStyle
                  normalize={(v?: string) => v?.replace(/\s+/g, '')}
                  rules={[{ required: true, pattern: /^\S+$/, message: LOGIN_MESSAGES.captchaRequired }]}
                >
                  <Input
                    prefix={<SafetyOutlined />}
                    placeholder="请输入验证码"
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
                  {captcha.status === 'loading' && <Spin size="small" />}
                  {captcha.status === 'failed' && <ReloadOutlined />}
                  {captcha.status === 'ready' && (
                    <img
                      src={underBase(captcha.challenge.captchaUrl ?? '')}
                      width={PICTURE_CONFIG.width}
                      height={PICTURE_CONFIG.height}
                      alt="验证码"
                    />
                  )}
                </button>
              </div>
            </Form.Item>
          ) : null}
          <Button type="primary" htmlType="submit" block loading={busy} className="shell-login-submit">
            登录
          </Button>
          <div className="shell-login-links">
            <Button
              type="link"
              size="small"
              onClick={() => setForgot(String(form.getFieldValue('account') ?? '').trim())}
              className="shell-forgot-link"
            >
              忘记密码
            </Button>
            <Link to={SIGN_UP_PATH} onClick={props.onClose}>
              没有账号？立即注册
            </Link>
          </div>
        </Form>
      )}
    </Dialog>
  );
}
