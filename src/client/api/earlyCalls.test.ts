import { describe, expect, it, vi } from 'vitest';
import { EARLY_CALL_TTL_MS, startEarly, takeEarly } from './earlyCalls.js';

describe('early calls', () => {
  it('gives the started answer to the first taker only', async () => {
    const call = vi.fn(async () => 'page');
    startEarly('a', call, 1000);
    startEarly('a', call, 1100);
    expect(call).toHaveBeenCalledTimes(1);
    await expect(takeEarly('a', 1200)).resolves.toBe('page');
    expect(takeEarly('a', 1300)).toBeUndefined();
  });

  it('does not give out a stale answer, and starts a new call once the kept one is stale', () => {
    const call = vi.fn(async () => 'page');
    startEarly('b', call, 1000);
    expect(takeEarly('b', 1000 + EARLY_CALL_TTL_MS + 1)).toBeUndefined();
    startEarly('c', call, 1000);
    startEarly('c', call, 1000 + EARLY_CALL_TTL_MS + 1);
    expect(call).toHaveBeenCalledTimes(3);
  });

  it('hands a failure to the taker, and none to nobody', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    startEarly('d', async () => {
      throw new Error('403');
    });
    startEarly('e', async () => {
      throw new Error('nobody came');
    });
    await expect(takeEarly('d')).rejects.toThrow('403');
    await new Promise((r) => setTimeout(r, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
