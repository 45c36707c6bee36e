// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { signUpCalls } from '../../shared/contracts/signup.js';
import { setupDom } from '../runtime/testing/setupDom.js';
import { ForgotPasswordStep } from './ForgotPasswordStep.js';

/** What the dialog sent, by path; each captcha asked for is a new one. */
const sent = vi.hoisted(() => [] as { path: string; body: Record<string, unknown> }[]);
vi.mock('../api/contractCall.js', () => ({
  contractCall: async (call: { path: string }, body: Record<string, unknown>) => {
    sent.push({ path: call.path, body });
    if (call.path === 'signUp/captcha') {
      const n = sent.filter((s) => s.path === 'signUp/captcha').length;
      return { captchaId: `c${n}`, captchaUrl: `data:image/png;base64,${n}` };
    }
    return null;
  },
}));

setupDom();
afterEach(() => {
  cleanup();
  sent.length = 0;
});

const type = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
const btn = (name: string) => new RegExp(`^${name.split('').join('\\s*')}$`);

describe('忘记密码 in the login dialog', () => {
  it('resets with the SMS code once it is sent: the picture captcha, used up by the sending, is not asked again', async () => {
    const onDone = vi.fn();
    render(<ForgotPasswordStep account="applicant1" onDone={onDone} />);
    await screen.findByAltText('验证码');
    type('请输入图片验证码', 'ab12');
    fireEvent.click(screen.getByTestId('forgot-send'));
    await waitFor(() => expect(sent.some((s) => s.path === signUpCalls.forgotSend.path)).toBe(true));
    expect(sent.find((s) => s.path === signUpCalls.forgotSend.path)!.body).toEqual({
      account: 'applicant1',
      captchaId: 'c1',
      captchaCode: 'ab12',
    });
    // A fresh picture for the next code, its field empty.
    await waitFor(() => expect(screen.getByAltText('验证码').getAttribute('src')).toMatch(/,2$/));
    type('请输入短信验证码', '135790');
    type('请输入新密码', 'Winter-orchard-bell-58');
    type('请再次输入新密码', 'Winter-orchard-bell-58');
    fireEvent.click(screen.getByRole('button', { name: btn('重置密码') }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent.find((s) => s.path === signUpCalls.forgotReset.path)!.body).toEqual({
      account: 'applicant1',
      smsCode: '135790',
      newPassword: 'Winter-orchard-bell-58',
    });
  });

  it('asks for the picture captcha before sending a code', async () => {
    render(<ForgotPasswordStep account="applicant1" onDone={() => undefined} />);
    await screen.findByAltText('验证码');
    fireEvent.click(screen.getByTestId('forgot-send'));
    await screen.findByText('请输入验证码!');
    expect(sent.some((s) => s.path === signUpCalls.forgotSend.path)).toBe(false);
  });
});
