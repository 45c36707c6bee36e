// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { EntityDef, PageDef } from '../../../../shared/schema/types.js';
import { createFixtureDataProvider } from '../../testing/fixtureDataProvider.js';
import { currentLocation, renderPage } from '../../testing/renderPage.js';
import { setupDom } from '../../testing/setupDom.js';

// The form page kind in its visitor mode (publicSubmit), on the real sign-up page.
setupDom();
afterEach(() => {
  cleanup();
});

const root = path.resolve(import.meta.dirname, '../../../../..');
const read = <T,>(p: string): T => JSON.parse(fs.readFileSync(path.join(root, p), 'utf8')) as T;
const schemas = {
  pages: [read<PageDef>('schemas/pages/system/signUp.form.json')],
  entities: [read<EntityDef>('schemas/entities/signUp.json'), read<EntityDef>('schemas/entities/school.json')],
  workflows: [],
  dictionaries: [],
};
const btn = (name: string) => new RegExp(`^${name.split('').join('\\s*')}$`);
const input = (container: HTMLElement, label: string) =>
  [...container.querySelectorAll('.ant-formily-item')]
    .find((el) => el.querySelector('.ant-formily-item-label')?.textContent?.replace(/[*:：\s]/g, '') === label)!
    .querySelector('input')!;

let refuseSms = false;

function visitorProvider(submit: (body: Record<string, unknown>) => Promise<unknown>) {
  const dp = createFixtureDataProvider(schemas);
  const calls: [string, unknown][] = [];
  let captchas = 0;
  dp.moduleCall = (async (p: string, body: unknown) => {
    calls.push([p, body]);
    if (p === 'signUp/captcha')
      return { captchaId: `cap-${++captchas}`, captchaUrl: `/sso/captcha/image/cap-${captchas}` };
    if (p === 'signUp/submit') return submit(body as Record<string, unknown>);
    if (p === 'signUp/sendSms' && refuseSms) throw new Error('短信发送过于频繁，请稍后再试');
    return null;
  }) as typeof dp.moduleCall;
  return { dp, calls };
}

async function fill(container: HTMLElement) {
  fireEvent.change(input(container, '账号'), { target: { value: 'teacher_a' } });
  fireEvent.change(input(container, '密码'), { target: { value: 'Abc@12345' } });
  fireEvent.change(input(container, '真实姓名'), { target: { value: '甲老师' } });
  fireEvent.change(input(container, '身份证号'), { target: { value: '11010519491231002X' } });
  fireEvent.change(input(container, '手机号'), { target: { value: '13912345678' } });
  fireEvent.change(input(container, '电子邮箱'), { target: { value: 'teacher.a@school.example.cn' } });
  fireEvent.change(input(container, '短信验证码'), { target: { value: '123456' } });
  fireEvent.change(input(container, '验证码'), { target: { value: 'abcd' } });
  fireEvent.mouseDown(
    container.querySelector('[data-testid="school-select"] .ant-select-selector') ??
      container.querySelector('.ant-select-selector')!,
  );
  await waitFor(() => expect(document.querySelector('.ant-select-item-option')).toBeTruthy(), { timeout: 3000 });
  fireEvent.click(document.querySelector('.ant-select-item-option')!);
}

describe('visitor form (publicSubmit)', () => {
  it('ticks the password rule as it is typed, and sends an SMS code to the typed mobile with the captcha, which stays for 注册', async () => {
    const { dp, calls } = visitorProvider(async () => ({}));
    const { container } = await renderPage({ pageId: 'system/signUp.form', dataProvider: dp, user: null });
    fireEvent.change(input(container, '密码'), { target: { value: 'abcdefgh1' } });
    const met = () => [...container.querySelectorAll('[data-met]')].map((el) => el.getAttribute('data-met'));
    // Judged by how easily it is guessed: a word and a digit is refused, a passphrase is not.
    expect(met()).toEqual(['no']);
    fireEvent.change(input(container, '密码'), { target: { value: 'river-lantern-quietly-47' } });
    await waitFor(() => expect(met()).toEqual(['yes']));
    fireEvent.change(input(container, '手机号'), { target: { value: '13912345678' } });
    // No captcha typed: nothing is sent.
    fireEvent.click(screen.getByTestId('sms-send'));
    await waitFor(() => expect(document.body.textContent).toContain('请先输入图片验证码'));
    expect(calls.some(([p]) => p === 'signUp/sendSms')).toBe(false);
    await waitFor(() => expect(calls.filter(([p]) => p === 'signUp/captcha')).toHaveLength(1));
    // A refused send used the captcha up: a new one is shown.
    refuseSms = true;
    fireEvent.change(input(container, '验证码'), { target: { value: 'zzzz' } });
    fireEvent.click(screen.getByTestId('sms-send'));
    await waitFor(() => expect(calls.filter(([p]) => p === 'signUp/captcha')).toHaveLength(2));
    refuseSms = false;
    fireEvent.change(input(container, '验证码'), { target: { value: 'abcd' } });
    fireEvent.click(screen.getByTestId('sms-send'));
    await waitFor(() => expect(calls.filter(([p]) => p === 'signUp/sendSms')).toHaveLength(2));
    expect(calls.filter(([p]) => p === 'signUp/sendSms')[1][1]).toEqual({
      mobile: '13912345678',
      captchaId: 'cap-2',
      captchaCode: 'abcd',
    });
    // The server keeps the captcha for 注册: it stays as typed, no new one is asked for.
    await waitFor(() => expect(document.body.textContent).toContain('短信验证码已发送'));
    expect(calls.filter(([p]) => p === 'signUp/captcha')).toHaveLength(2);
    expect(input(container, '验证码').value).toBe('abcd');
  });

  it('posts the values with the captcha id to the endpoint, shows a refusal on its field with a new captcha, then goes on', async () => {
    let answer: () => Promise<unknown> = async () => {
      throw Object.assign(new Error('该手机号已注册'), { data: [{ field: 'mobile', message: '该手机号已注册' }] });
    };
    const { dp, calls } = visitorProvider(() => answer());
    const { container } = await renderPage({ pageId: 'system/signUp.form', dataProvider: dp, user: null });
    await fill(container);
    fireEvent.click(screen.getByRole('button', { name: btn('注册') }));
    await waitFor(() => expect(container.textContent).toContain('该手机号已注册'));
    const sent = calls.find(([p]) => p === 'signUp/submit')![1] as Record<string, unknown>;
    expect(sent).toMatchObject({
      username: 'teacher_a',
      idCardNo: '11010519491231002X',
      email: 'teacher.a@school.example.cn',
      captchaId: 'cap-1',
      captchaCode: 'abcd',
      unit: expect.any(String),
    });
    expect(Object.keys(sent)).not.toContain('id');
    await waitFor(() => expect(calls.filter(([p]) => p === 'signUp/captcha')).toHaveLength(2));
    answer = async () => ({ message: '注册成功，请登录' });
    fireEvent.change(input(container, '手机号'), { target: { value: '13912345679' } });
    fireEvent.change(input(container, '验证码'), { target: { value: 'efgh' } });
    fireEvent.click(screen.getByRole('button', { name: btn('注册') }));
    await waitFor(() => expect(currentLocation()).toBe('/homePage'));
    expect(calls.filter(([p]) => p === 'signUp/submit').at(-1)![1]).toMatchObject({
      captchaId: 'cap-2',
      captchaCode: 'efgh',
    });
  });
});

describe('a visitor form before anything is typed', () => {
  it('shows no validation message until the user types or submits', async () => {
    const { dp } = visitorProvider(async () => ({}));
    const { container } = await renderPage({ pageId: 'system/signUp.form', dataProvider: dp, user: null });
    await waitFor(() => expect(container.querySelector('img[alt="验证码"]')).toBeTruthy());
    expect(
      [...container.querySelectorAll('.ant-formily-item-error-help, .ant-formily-item-help')].map((e) => e.textContent),
    ).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: btn('注册') }));
    await waitFor(() => expect(container.textContent).toContain('请输入验证码'));
  });
});
