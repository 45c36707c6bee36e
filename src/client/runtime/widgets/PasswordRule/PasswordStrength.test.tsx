// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { PASSWORD_RULE_TEXT } from '../../../../shared/password.js';
import { PASSWORD_STRENGTH_MESSAGES } from '../../../../shared/passwordStrength.js';
import { setupDom } from '../../testing/setupDom.js';
import { PasswordStrength } from './PasswordStrength.js';

setupDom();
afterEach(cleanup);

const rule = () => screen.getByTestId('password-rule');

describe('the password policy under a new-password field', () => {
  it('says what is refused and why before anything is typed', () => {
    render(<PasswordStrength value="" words={{}} />);
    expect(rule().textContent).toContain(PASSWORD_RULE_TEXT);
    expect(PASSWORD_RULE_TEXT).toContain('Qwer1234!');
  });

  it('judges as the server does while typing: a common password, the account, a passphrase', async () => {
    const { rerender } = render(<PasswordStrength value="Qwer1234!" words={{ username: 'leader1' }} />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(PASSWORD_STRENGTH_MESSAGES.common));
    expect(rule().dataset.met).toBe('no');
    rerender(<PasswordStrength value="Leader1!Lake" words={{ username: 'leader1' }} />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(PASSWORD_STRENGTH_MESSAGES.personal));
    rerender(<PasswordStrength value="correct horse battery staple" words={{ username: 'leader1' }} />);
    await waitFor(() => expect(rule().dataset.met).toBe('yes'));
    expect(screen.getByRole('status').textContent).toContain('密码可以使用');
  });
});
