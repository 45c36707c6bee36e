import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api } from './harness.js';
import { localTime } from './localTime.js';

/**
 * Saves an application (stage 1) or stage notice as the signed-in province user of `page`, open
 * from an hour ago for a month, and publishes it; answers the notice as saved. `extra` adds fields
 * (argumentSheet: the notice asks for a 课题论证活页).
 */
export async function publishNotice(
  page: Page,
  title: string,
  stage = 1,
  extra: Record<string, unknown> = {},
): Promise<{ id: number; version: number }> {
  const saved = await api(page, 'resource/notice/save', {
    title,
    stage,
    year: '2026',
    startTime: localTime(-1),
    endTime: localTime(24 * 30),
    body: '<p>请按要求组织申报。</p>',
    ...extra,
  });
  expect(saved.flag, saved.result).toBe(true);
  const published = await api(page, 'resource/notice/transition', {
    id: saved.data.id,
    version: saved.data.version,
    action: 'publish',
  });
  expect(published.flag, published.result).toBe(true);
  return saved.data;
}
