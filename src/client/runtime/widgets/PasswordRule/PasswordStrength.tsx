import { Progress } from 'antd';
import { PASSWORD_RULE_TEXT } from '../../../../shared/password.js';
import type { PasswordWords } from '../../../../shared/passwordStrength.js';
import { usePasswordJudgement } from './usePasswordJudgement.js';

const LABELS = ['极弱', '很弱', '弱', '中', '强'];
const COLORS = ['#ff4d4f', '#ff4d4f', '#faad14', '#52c41a', '#389e0d'];

/**
 * The password policy under a new-password field: what is refused and why, and, as the user types,
 * how strong the password is and the reason the server would refuse it.
 */
export function PasswordStrength({ value, words }: { value: string; words: PasswordWords }) {
  const judged = usePasswordJudgement(value, words);
  return (
    <div
      className="runtime-password-rule"
      data-testid="password-rule"
      data-met={judged?.ok ? 'yes' : 'no'}
      style={{ fontSize: 12, marginTop: 4 }}
    >
      {judged ? (
        <>
          <Progress
            percent={(judged.score + 1) * 20}
            steps={5}
            size="small"
            showInfo={false}
            strokeColor={COLORS[judged.score]}
            aria-label="密码强度"
          />
          <span style={{ marginLeft: 8, color: COLORS[judged.score] }}>强度：{LABELS[judged.score]}</span>
          <div role="status" style={{ color: judged.ok ? '#52c41a' : '#cf1322' }}>
            {judged.ok ? '✓ 密码可以使用' : judged.message}
          </div>
        </>
      ) : null}
      <div style={{ color: '#666' }}>{PASSWORD_RULE_TEXT}</div>
    </div>
  );
}
