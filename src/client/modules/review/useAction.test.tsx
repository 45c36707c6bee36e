// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useAction } from './useAction.js';

function useScreen() {
  const [error, setError] = useState<string | null>('上次的错误');
  return { error, ...useAction(setError) };
}

describe('useAction', () => {
  it('is busy while the action runs and clears the last error as it starts', async () => {
    const { result } = renderHook(() => useScreen());
    let finish = () => undefined as void;
    let running: Promise<void> = Promise.resolve();
    act(() => {
      running = result.current.run(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.busy).toBe(true);
    expect(result.current.error).toBeNull();
    await act(async () => {
      finish();
      await running;
    });
    expect(result.current.busy).toBe(false);
    expect(result.current.error).toBeNull();
  });

  it("says a refusal in the server's words, its field messages first, and is no longer busy", async () => {
    const { result } = renderHook(() => useScreen());
    await act(() =>
      result.current.run(() =>
        Promise.reject(Object.assign(new Error('参数不合法'), { data: { fields: { name: ['名称不能为空'] } } })),
      ),
    );
    expect(result.current.busy).toBe(false);
    expect(result.current.error).toBe('名称不能为空');
    await act(() => result.current.run(() => Promise.reject(new Error('评审已结束'))));
    expect(result.current.error).toBe('评审已结束');
  });
});
