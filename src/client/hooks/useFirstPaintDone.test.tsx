// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFirstPaintDone } from './useFirstPaintDone.js';

describe('useFirstPaintDone', () => {
  it('is false in the first render and true once a frame has gone by', async () => {
    const { result } = renderHook(() => useFirstPaintDone());
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });
});
