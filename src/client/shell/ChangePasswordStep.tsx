import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { PASSWORD_MAX_LENGTH, passwordProblem } from '../../shared/password.js';
import { PasswordStrength } from '../runtime/widgets/PasswordRule/PasswordStrength.js';
import { notify } from '../api/notifier.js';
import type { UserInfo } from '../api/session.js';
import { changePasswordAndLogin } from './auth.js';

interface Values {
  newPassword?: string;
  confirm?: string;
}

/**
 * The login dialog's second step after an admin reset the password: the user chooses a new one
 * (the account rule is shown as it is typed), then is signed in with the ticket already issued.
 */
export function ChangePasswordStep(props: {
  tgt: string;
  oldPassword: string;
  message: string;
  /** The account typed at login, a word the new password may not contain. */
  username?: string;
  onSuccess(user: UserInfo): void;
}) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const typed = Form.useWatch('newPassword', form) ?? '';

  async function submit(values: Values) {
    setBusy(true);
    try {
      const user = await changePasswordAndLogin(props.tgt, props.oldPassword, values.newPassword ?? '');
      notify.success('密码修改成功');
      props.onSuccess(user);
    } catch (e) {
      const fields = (e as { data?: unknown })?.data;
      const first = Array.isArray(fields) ? (fields[0] as { message?: string } | undefined)?.message : undefined;
      notify.error(first || (e as Error).message || '密码修改失败');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form form={form} onFinish={(v) => void submit(v)} autoComplete="off" className="shell-change-password-form">
      <Alert type="warning" showIcon message={props.message} style={{ marginBottom: 12 }} />
      <Form.Item
        name="newPassword"
        extra={<PasswordStrength value={typed} words={{ username: props.username }} />}
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
        修改密码并登录
      </Button>
    </Form>
  );
}
