/**
 * A meeting cancelled with its reason, and what each attendee may export. The province publishes
 * a meeting inviting leader1 and expert1; expert1 declines it with a reason in 我的会议 → 会议详情;
 * leader1 exports the attendee list there and gets only their own row (not expert1's reason);
 * the province cancels the meeting on its 会议详情, giving a reason; both attendees find the
 * cancellation in the bell with the meeting's name, time and that reason, and it opens the meeting.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, buttonName as btn, launchBrowser, screenshot } from './harness.js';
import { openPageAs } from './login.js';

const RUN = String(Date.now() % 1_000_000);
const MEETING = `成果鉴定答辩会${RUN}`;
const START = '2099-09-09 14:30:00';
const DECLINE = `当天另有评审任务${RUN}`;
const REASON = `鉴定专家临时出差，会议改期另行通知${RUN}`;
// A step signs in and walks several pages: slow on a busy 2-core machine.
const LONG = 240_000;
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 150 });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function myMeeting(page: Page): Promise<void> {
  // 我的会议 is the attendee's menu entry for the meeting list; its row opens 会议详情.
  const row = page.locator('.runtime-list tr.ant-table-row', { hasText: MEETING });
  await row.waitFor();
  await row.getByRole('link', { name: MEETING }).click();
  await page.waitForURL('**/meetingManagement/meetingDetail?id=*');
}

describe('a meeting cancelled with its reason', { timeout: LONG }, () => {
  let meetingId = '';

  it('the province publishes a meeting inviting leader1 and expert1', async () => {
    const { page, context } = await openPageAs(browser, 'province', '/meetingManagement');
    // leader1 and expert1, as the form's person picker finds them.
    const ids: string[] = [];
    for (const name of ['张老师', '王专家']) {
      const hits = (await api(page, 'person/search', { kind: 'all', keyword: name })).data as Array<{
        userId: string;
        name: string;
      }>;
      ids.push(hits.find((p) => p.name === name)!.userId);
    }
    const saved = await api(page, 'resource/meeting/save', {
      title: MEETING,
      kind: '3',
      startTime: START,
      endTime: '2099-09-09 16:30:00',
      place: '省教科院二楼报告厅',
      hostUnit: '省教育科学研究院',
      attendeeIds: ids,
    });
    expect(saved.flag).toBe(true);
    const { id, version } = saved.data as { id: number; version: number };
    expect((await api(page, 'resource/meeting/transition', { id, version, action: 'publish' })).flag).toBe(true);
    meetingId = String(id);
    await context.close();
  });

  it('expert1 declines in 我的会议 → 会议详情 with a reason', async () => {
    const { page, context } = await openPageAs(browser, 'expert1', '/meetingManagement');
    await myMeeting(page);
    await page.getByRole('tab', { name: '参会确认' }).click();
    const row = page.locator('.ant-tabs-tabpane-active tr.ant-table-row').first();
    await row.getByRole('button', { name: '不参会' }).click();
    const modal = page.locator('.ant-modal:visible');
    await modal.locator('textarea').fill(DECLINE);
    await modal.getByRole('button', { name: btn('确定') }).click();
    await poll(() => row.locator('.ant-tag').textContent()).toBe('不参会');
    await context.close();
  });

  it("leader1 exports the attendee list from 会议详情 and gets their own row, not expert1's reason", async () => {
    const { page, context } = await openPageAs(browser, 'leader1', '/meetingManagement');
    await myMeeting(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出参会人员' }).click();
    const file = await (await download).path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(fs.readFileSync(file!) as any);
    const rows: string[] = [];
    book.worksheets[0].eachRow((r, n) => {
      if (n > 1) rows.push((r.values as unknown[]).map((v) => String(v ?? '')).join('|'));
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('张老师');
    expect(rows.join('\n')).not.toContain(DECLINE);
    await context.close();
  });

  it('the province cancels it on 会议详情, giving a reason', async () => {
    const { page, context } = await openPageAs(browser, 'province', '/meetingManagement');
    const row = page.locator('.runtime-list tr.ant-table-row', { hasText: MEETING });
    await row.waitFor();
    await row.getByRole('link', { name: MEETING }).click();
    await page.waitForURL(`**/meetingManagement/meetingDetail?id=${meetingId}`);
    await page
      .getByRole('button', { name: btn('取消会议') })
      .first()
      .click();
    const modal = page.locator('.ant-modal:visible');
    await modal.locator('textarea').fill(REASON);
    await screenshot(page, 'meeting-cancel-01-reason');
    await modal.getByRole('button', { name: btn('确定') }).click();
    await modal.waitFor({ state: 'hidden' });
    await poll(() => page.locator('.runtime-page .ant-tag', { hasText: '已取消' }).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('each attendee finds the cancellation in the bell with the name, time and reason, and it opens the meeting', async () => {
    for (const who of ['leader1', 'expert1']) {
      // Any page has the bell; 首页 may first show its guided tour over it.
      const { page, context } = await openPageAs(browser, who, '/meetingManagement');
      const bell = page.getByTestId('notice-bell');
      await bell.click();
      const notice = page
        .getByTestId('notice-panel')
        .locator('.shell-notice-item', { hasText: `会议已取消：${MEETING}` })
        .first();
      await notice.waitFor();
      await poll(() => notice.textContent()).toContain(START);
      await poll(() => notice.textContent()).toContain(`取消原因：${REASON}`);
      await screenshot(page, `meeting-cancel-02-${who}-bell`);
      await notice.click();
      await page.waitForURL(`**/meetingManagement/meetingDetail?id=${meetingId}`);
      await poll(() => page.locator('.ant-tag', { hasText: '已取消' }).count()).toBeGreaterThan(0);
      await context.close();
    }
  });
});
