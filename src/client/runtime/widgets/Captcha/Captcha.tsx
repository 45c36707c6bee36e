import { connect, mapReadPretty, useField, useForm } from '@formily/react';
import { ReloadOutlined } from '@ant-design/icons';
import { Input, Space, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useRuntime } from '../../RuntimeContext.js';
import { underBase } from '../../../api/appBase.js';

/** Event a page sends when the server refused its values: a captcha is single use, so a new one is shown. */
export const FORM_REFUSED_EVENT = 'runtime:formRefused';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  /** The (hidden) form field that carries the captcha's id with the typed code. */
  idField?: string;
  /** Module endpoint issuing a picture captcha: POST /api/<source> → {captchaId, captchaUrl}. */
  source: string;
  disabled?: boolean;
}

/** A picture captcha for a visitor's form: click the picture for another; a refused submit brings a new one. */
export function CaptchaEdit({ value, onChange, idField = 'captchaId', source, disabled }: Props) {
  const form = useForm();
  const field = useField() as { setValue?: (v: unknown) => void } | null;
  const { dataProvider } = useRuntime();
  const [picture, setPicture] = useState<{ url: string } | 'loading' | 'failed'>('loading');

  const refresh = useCallback(async () => {
    setPicture('loading');
    // A new picture empties the code without it counting as the user's input: onChange would
    // validate the field, and 请输入验证码 showed in red before anything was typed.
    if (field?.setValue) field.setValue('');
    else onChange?.('');
    try {
      const c = await dataProvider.moduleCall<{ captchaId: string; captchaUrl: string }>(source, {});
      form.setValuesIn(idField, c.captchaId);
      setPicture({ url: underBase(c.captchaUrl) });
    } catch {
      setPicture('failed');
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new picture only when its source changes, not on each render
  }, [dataProvider, form, idField, source]);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  useEffect(() => {
    const id = form.subscribe(({ type }) => {
      if (type === FORM_REFUSED_EVENT) void refresh();
    });
    return () => form.unsubscribe(id);
  }, [form, refresh]);

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        value={value ?? ''}
        disabled={disabled}
        placeholder="请输入验证码"
        maxLength={20}
        autoComplete="off"
        onChange={(e) => onChange?.(e.target.value.replace(/\s+/g, ''))}
      />
      <button
        type="button"
        onClick={() => void refresh()}
        title="看不清？点击刷新"
        aria-label="刷新验证码"
        className="runtime-captcha-picture"
        style={{
          width: 100,
          height: 32,
          padding: 0,
          border: '1px solid #d9d9d9',
          background: '#fff',
          cursor: 'pointer',
        }}
      >
        {picture === 'loading' ? (
          <Spin size="small" />
        ) : picture === 'failed' ? (
          <ReloadOutlined />
        ) : (
          <img src={picture.url} width={90} height={32} alt="验证码" />
        )}
      </button>
    </Space.Compact>
  );
}

export const Captcha = connect(
  CaptchaEdit,
  mapReadPretty(() => <span className="runtime-text">-</span>),
);
