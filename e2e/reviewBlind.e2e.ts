/**
 * Blind review on the demo data: expert1 opens a task of a blind demo batch; the score sheet says
 * 匿名评审（已隐去） where the leader and the unit would be, names no applicant, and tells which
 * documents are the applicant's files as uploaded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openList, pressRowAction, screenshot } from './harness.js';
import { loginSessions } from './login.js';
import { DEMO_APPLICANTS } from '../src/server/modules/topics/demoApplicants.js';

let browser: Browser;
const sessions = loginSessions(() => browser);
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await sessions.closeAll();
  await browser?.close();
});

describe('blind review', () => {
  it('expert1 opens a blind task and reads neither the leader nor the unit', async () => {
    const page = await sessions.as('expert1');
    const list = await openList(page, '/reviewManagement/list');
    // The demo batches (2026年度课题…（定州市）) are blind. Other journeys may have submitted
    // expert1's drafts by now: the look page shows the same sheet, as the server serves it.
    const task = list
      .locator('.ant-table-tbody tr.ant-table-row', { hasText: '2026年度课题' })
      .filter({ hasText: '定州市' })
      .last();
    await task.waitFor();
    await pressRowAction(page, task, '查看');
    await page.waitForURL('**/reviewManagement/list/lookPage**');
    const sheet = page.locator('.rt-score-sheet');
    await sheet.waitFor();
    const note = sheet.locator('.rt-blind-note');
    await note.waitFor();
    await expect(note.textContent()).resolves.toMatch(/申请人上传的原文件/);
    const described = sheet.locator('.ant-descriptions').first();
    for (const label of ['负责人', '单位']) {
      const cell = described.locator('tr', { has: page.locator('th', { hasText: label }) }).locator('td');
      await expect(cell.textContent()).resolves.toBe('匿名评审（已隐去）');
    }
    const text = (await sheet.textContent()) ?? '';
    for (const a of DEMO_APPLICANTS) {
      expect(text).not.toContain(a.realName);
      expect(text).not.toContain(a.orgName);
    }
    await screenshot(page, 'review-blind-task');
  });
});
