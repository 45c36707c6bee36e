/**
 * Conflicts and declines on the demo data: expert1 opens one of their demo review tasks, declares a
 * conflict (合作者) with a reason, and the task leaves their list; the batch's chair follows the
 * notice to the batch's progress, sees the task under 申报回避与谢绝评审 and confirms the proposed
 * replacement, which keeps every allocation rule. expert1 scores another task with each
 * criterion's guidance and score anchors beside it and a confidence rating.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import {
  buttonName as btn,
  expectMessage,
  followNotice,
  launchBrowser,
  openList,
  pressRowAction,
  screenshot,
  tick,
  visit,
} from './harness.js';
import { closeTourIfShown, loginSessions } from './login.js';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 150 });

let browser: Browser;
const sessions = loginSessions(() => browser);
const as = sessions.as;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await sessions.closeAll();
  await browser?.close();
});

/** A demo task of expert1 still to score (demo batches are named 2026年度课题…). */
const demoTasks = (list: Locator) =>
  list
    .locator('.ant-table-tbody tr.ant-table-row', { hasText: '2026年度课题' })
    .filter({ has: list.page().getByText('评分', { exact: true }) });

let topic = '';
let batch = '';

/**
 * Scores every criterion the sheet shows, within its maximum, and picks its first recommendation:
 * each demo batch scores on its own stage's sheet (立项, 中期, 成果鉴定, 结题 differ).
 */
async function fillSheet(sheet: Locator): Promise<void> {
  const inputs = sheet.locator('.rt-score-input input');
  const n = await inputs.count();
  for (let i = 0; i < n; i++) await inputs.nth(i).fill(String(20 + i));
  await tick(sheet.locator('.ant-radio-group').first().locator('input[type=radio]').first());
}

describe('conflicts and declines', () => {
  it('expert1 declares a conflict on a task; it leaves their list', async () => {
    const page = await as('expert1');
    const list = await openList(page, '/reviewManagement/list');
    const first = demoTasks(list).first();
    await first.waitFor();
    const cells = await first.locator('td').allInnerTexts();
    // 课题名称, 评审专家, 评审名称, …
    topic = cells[0]!.trim();
    batch = cells[2]!.trim();
    await pressRowAction(page, first, '评分');
    await page.waitForURL('**/reviewManagement/list/editPage**');
    const sheet = page.locator('.rt-score-sheet');
    await sheet.waitFor();
    await sheet.getByRole('button', { name: btn('申报回避') }).click();
    const dialog = page.locator('.rt-decline-dialog');
    await dialog.waitFor();
    const ok = dialog.getByRole('button', { name: btn('提交') });
    await expect(ok.isDisabled()).resolves.toBe(true);
    await tick(dialog.getByLabel('合作者'));
    await dialog.getByLabel('回避说明').fill('曾与课题负责人合作承担市级课题');
    await screenshot(page, 'review-conflict-01-declare');
    await ok.click();
    await expectMessage(page, '已申报回避，等待确认');
    await poll(() => sheet.locator('.rt-declined').textContent()).toContain('已申报回避');
    await expect(sheet.getByRole('button', { name: btn('提交评分') }).count()).resolves.toBe(0);
    const after = await openList(page, '/reviewManagement/list');
    await poll(() =>
      after.locator('.ant-table-tbody tr.ant-table-row', { hasText: topic }).filter({ hasText: batch }).count(),
    ).toBe(0);
  });

  it("expert1 reads each criterion's guidance and score anchors, rates their confidence and submits", async () => {
    const page = await as('expert1');
    const list = await openList(page, '/reviewManagement/list');
    const first = demoTasks(list).first();
    await first.waitFor();
    await pressRowAction(page, first, '评分');
    await page.waitForURL('**/reviewManagement/list/editPage**');
    const sheet = page.locator('.rt-score-sheet');
    await sheet.waitFor();
    await poll(
      async () => ((await sheet.locator('.rt-score-guidance').first().textContent()) ?? '').length,
    ).toBeGreaterThan(0);
    expect(await sheet.locator('.rt-score-anchors').first().textContent()).toMatch(/\d+-\d+分/);
    await fillSheet(sheet);
    await tick(sheet.getByLabel('比较熟悉'));
    await sheet.getByLabel('评审意见').fill('研究设计较完整，建议细化研究方法。');
    await screenshot(page, 'review-conflict-03-guidance');
    await sheet.getByRole('button', { name: btn('提交评分') }).click();
    const pop = page.locator('.ant-popconfirm:not(.ant-popover-hidden)').last();
    await pop.getByRole('button', { name: btn('确定') }).click();
    await expectMessage(page, '提交成功');
    await poll(() => sheet.locator('.rt-score-confidence').textContent()).toBe('比较熟悉');
  });

  it('the chair follows the notice to the progress page and confirms the proposed replacement', async () => {
    const page = await as(batch.includes('石家庄') ? 'city1101' : 'city1123');
    await visit(page, '/homePage');
    await closeTourIfShown(page);
    await followNotice(page, `专家申报回避：${topic}`, '**/reviewManagement/setting/viewreview**');
    const left = page.locator('.rt-left-tasks');
    const r = left
      .locator('.ant-table-tbody tr.ant-table-row', { hasText: topic })
      .filter({ hasText: '王专家' })
      .first();
    await r.waitFor();
    await r.locator('.rt-replace').click();
    const dialog = page.locator('.rt-replace-dialog');
    await dialog.waitFor();
    await poll(() => dialog.textContent()).toContain('建议');
    expect(await dialog.textContent()).toContain('合作者');
    await screenshot(page, 'review-conflict-02-replace');
    await dialog.getByRole('button', { name: btn('确认替换') }).click();
    await expectMessage(page, '已替换专家');
    await poll(() => r.textContent()).toContain('已回避（已替换）');
  });
});
