// @vitest-environment jsdom
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';

describe('dayjs in Chinese', () => {
  it('comes with the date picker widgets, the part of the app that reads dates through it', async () => {
    // Run alone, this file starts with dayjs in English, as a page that loads no picker has it
    // (client test files may share their modules: then another file may have loaded a picker).
    await import('./DatePicker/DatePicker.js');
    expect(dayjs.locale()).toBe('zh-cn');
    // The week starts on Monday, as the pickers show it.
    expect(dayjs('2026-11-29').startOf('week').format('YYYY-MM-DD')).toBe('2026-11-23');
  });
});
