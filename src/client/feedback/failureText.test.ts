import { describe, expect, it } from 'vitest';
import { failureText } from './failureText.js';

describe('failureText', () => {
  it('shows the field messages of a refused save, else the message', () => {
    expect(
      failureText({
        message: '参数错误',
        data: [{ field: 'scores', label: '评分', message: '「选题价值」的得分须在0到30之间' }],
      }),
    ).toContain('0到30');
    expect(failureText(new Error('评分已提交，不能修改'))).toBe('评分已提交，不能修改');
  });
});
