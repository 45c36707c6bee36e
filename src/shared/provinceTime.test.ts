import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDeadline, parseLocal } from './provinceTime.js';

describe('province time', () => {
  it('formats a moment as UTC+8 wall-clock text, the same as the ISO form', () => {
    expect(formatDateTime(Date.UTC(2026, 0, 31, 16, 5, 9))).toBe('2026-02-01 00:05:09');
    expect(formatDate(Date.UTC(2026, 0, 31, 16, 5, 9))).toBe('2026-02-01');
    for (let ms = -86_400_000 * 400; ms < 4_102_444_800_000; ms += 987_654_321) {
      expect(formatDateTime(ms)).toBe(new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '));
    }
  });

  it('reads its own text back', () => {
    const ms = Date.UTC(2025, 6, 4, 3, 2, 1);
    expect(parseLocal(formatDateTime(ms))).toBe(ms);
    expect(parseLocal('2025-02-30')).toBeNull();
  });

  it('prints a deadline for a reader anywhere with the zone of the province named', () => {
    expect(formatDeadline(Date.UTC(2026, 11, 1, 9, 0, 0))).toBe('2026-12-01 17:00（北京时间）');
  });
});
