/**
 * 课题审核管理 as the city admin of 1123 reads it on a 1440×900 screen: every column beside the
 * fixed 操作 column, no horizontal scroll, no heading, cell or status tag cut. 退回, which asks for an
 * opinion, is folded into a row's 更多: choosing it closes the menu and its dialog stays open (the
 * list owns it, not the menu); 确定 without an opinion says 请输入意见 in the error colour and sends
 * nothing. Nothing is changed: the dialog is cancelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { buttonName as btn, launchBrowser, openList, screenshot } from './harness.js';
import { openPageAs } from './login.js';
import { layoutProblems } from './crawler/readability.js';

const LIST = '/projectManagement/projectList';
// A step signs in and walks several pages: slow on a busy 2-core machine.
const LONG = 240_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The first row of the list whose 更多 offers `label`, with its menu left open; null when none does. */
async function rowOffering(page: Page, list: Locator, label: string): Promise<Locator | null> {
  const rows = list.locator('tr.ant-table-row');
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    const more = row.getByRole('button', { name: btn('更多') });
    if (!(await more.count())) continue;
    await more.click();
    const menu = page.locator('.runtime-more-actions:visible');
    await menu.waitFor();
    if (await menu.getByRole('button', { name: btn(label) }).count()) return row;
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  }
  return null;
}

describe('课题审核管理 for a city admin at 1440×900', { timeout: LONG }, () => {
  it('fits the window: no horizontal scroll, nothing cut under 操作', async () => {
    const { page, context } = await openPageAs(browser, 'city1123', '/homePage');
    await page.setViewportSize({ width: 1440, height: 900 });
    const list = await openList(page, LIST);
    // The columns are fitted to the table's width once it is measured.
    await expect
      .poll(() =>
        list.evaluate((l) => {
          const box = l.querySelector('.ant-table-content, .ant-table-body')!;
          return box.scrollWidth - box.clientWidth;
        }),
      )
      .toBeLessThanOrEqual(0);
    expect(await layoutProblems(page)).toEqual([]);
    await screenshot(page, 'topic-review-00-fits-1440');
    await context.close();
  });

  it('退回 from 更多: the menu closes, its dialog stays, 请输入意见 in the error colour', async () => {
    const { page, context } = await openPageAs(browser, 'city1123', '/homePage');
    await page.setViewportSize({ width: 1440, height: 900 });
    // The topics waiting for this city's review (申报 / 开题 / 中期 / 成果鉴定 / 结题 市级审核中) come first.
    await page.evaluate(() => sessionStorage.clear());
    const list = await openList(page, LIST);
    const row = await rowOffering(page, list, '退回');
    expect(row, 'a topic at a city review status with 退回 under 更多').not.toBeNull();
    const menu = page.locator('.runtime-more-actions:visible');
    await menu.getByRole('button', { name: btn('退回') }).click();
    const dialog = page.getByRole('dialog', { name: '退回' });
    await dialog.waitFor();
    // The menu is gone; the dialog stays, also once the menu's closing is over.
    await menu.waitFor({ state: 'hidden' });
    await page.waitForTimeout(600);
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.locator('.ant-popover:not(.ant-popover-hidden) .runtime-more-actions').count()).toBe(0);

    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/transition')) sent.push(r.url());
    });
    await dialog.getByRole('button', { name: btn('确定') }).click();
    const alert = dialog.getByRole('alert');
    await expect.poll(() => alert.innerText()).toBe('请输入意见');
    const colours = await dialog.evaluate((d) => {
      const box = d.querySelector('textarea')!;
      return {
        alert: getComputedStyle(d.querySelector('[role="alert"]')!).color,
        // antd draws a field in error with its error colour.
        error: getComputedStyle(box.closest('.ant-input-status-error') ?? box).borderColor,
        text: getComputedStyle(d.querySelector('.ant-modal-body')!).color,
      };
    });
    expect(colours.alert).toBe(colours.error);
    expect(colours.alert).not.toBe(colours.text);
    await screenshot(page, 'topic-review-01-return-needs-opinion');
    expect(sent).toEqual([]);
    await dialog.getByRole('button', { name: btn('取消') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });
});
