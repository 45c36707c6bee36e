/**
 * The chair's ranked results on the demo data: city1123 opens 排名与决定 from the row of its ended
 * demo batch, reads the ranked topics with their aggregate and the experts' scores (named 专家1…,
 * the batch is blind), turns the demo's 待议 into 通过中期检查 (a 中期 batch's own wording) with a note, which moves the topic on
 * through its workflow and closes the decision, and downloads the export with its 排名与决定 sheet.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  animationsDone,
  buttonName as btn,
  expectMessage,
  launchBrowser,
  openList,
  pressRowAction,
  screenshot,
  tick,
} from './harness.js';
import { loginSessions } from './login.js';

let browser: Browser;
const sessions = loginSessions(() => browser);
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await sessions.closeAll();
  await browser?.close();
});

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 150 });

describe('review decisions', () => {
  it('city1123 ranks its ended batch, turns its 待议 into 通过中期检查, which moves the topic on, and exports the sheet', async () => {
    const page = await sessions.as('city1123');
    const list = await openList(page, '/reviewManagement/setting');
    const batch = list.locator('.ant-table-tbody tr.ant-table-row', { hasText: '（已结束）' }).first();
    await batch.waitFor();
    await pressRowAction(page, batch, '排名与决定');
    await page.waitForURL('**/reviewManagement/setting/ranking?id=*');

    const ranking = page.locator('.rt-ranking');
    const row = ranking.locator('.ant-table-tbody tr.ant-table-row').first();
    await row.waitFor();
    const cells = row.locator('td');
    await poll(() => cells.nth(0).textContent()).toBe('1');
    // 总评 with its unit (85.5分).
    await poll(async () => (await cells.nth(2).textContent()) ?? '').toMatch(/^\d+(\.\d+)?分$/);
    expect(parseFloat((await cells.nth(2).textContent()) ?? '')).toBeGreaterThan(0);
    // A blind batch: the experts are numbered, never named.
    await poll(() => cells.nth(5).textContent()).toMatch(/专家1.*专家2.*专家3/);
    expect((await ranking.textContent()) ?? '').not.toMatch(/王专家|李专家/);
    await poll(() => row.locator('.ant-tag').last().textContent()).toBe('待议');
    await screenshot(page, 'review-decisions-ranking');

    const decide = async (label: string, note?: string) => {
      await row.getByRole('button', { name: btn('决定') }).click();
      const dialog = page.locator('.rt-decide-dialog');
      await dialog.waitFor();
      await animationsDone(page);
      await tick(dialog.getByRole('radio', { name: label, exact: true }));
      if (note) await dialog.locator('textarea').fill(note);
      await dialog.getByRole('button', { name: btn('确定') }).click();
      return dialog;
    };

    // The demo's ended batch is a 中期 one: its decisions speak that stage, and 立项 is not offered.
    // A pass is final: the topic moves on through its workflow.
    const before = await cells.nth(7).textContent();
    await decide('通过中期检查', '评审会议同意');
    await expectMessage(page, '决定已记录');
    await poll(() => row.locator('.ant-tag').last().textContent()).toBe('通过中期检查');
    await poll(() => cells.nth(7).textContent()).not.toBe(before);
    await poll(() => row.textContent()).toContain('评审会议同意');
    await expect(row.getByRole('button', { name: btn('决定') }).count()).resolves.toBe(0);
    await screenshot(page, 'review-decisions-recorded');

    const download = page.waitForEvent('download');
    await ranking.locator('.rt-export-ranking').click();
    const file = await download;
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await file.path())!);
    const sheet = book.getWorksheet('排名与决定');
    expect(sheet).toBeTruthy();
    const values = sheet!.getSheetValues().flat().map(String).join('|');
    expect(values).toContain('通过中期检查');
    expect(values).toContain('评审会议同意');
  });
});
