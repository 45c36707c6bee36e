/**
 * Meetings and expert Q&A through the schema runtime: a province admin creates a meeting in the
 * real form, inviting expert1 and leader1 with the person picker, and publishes it; both find the
 * invitation in the header bell and in their meeting list; leader1 confirms, expert1 declines with
 * a reason; the province exports the attendee list as a spreadsheet. Then the Q&A: leader1 asks,
 * the province routes the question to expert1, who finds it in the bell and answers; leader1 reads
 * the answer; the province publishes it as a FAQ that a visitor reads on /expertFaq.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buttonName as btn, followNotice, launchBrowser, openPage, pressRowAction, screenshot } from './harness.js';
import { openPageAs } from './login.js';

const RUN = String(Date.now() % 1_000_000);
const MEETING = `课题推进交流会${RUN}`;
const QUESTION = `行动研究如何确定样本${RUN}`;
const ANSWER = '建议以两个平行班为样本，前后测对比并辅以课堂观察。';
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

const item = (page: Page, label: string) =>
  page.locator('.ant-formily-item', { has: page.locator('.ant-formily-item-label', { hasText: label }) }).first();

async function choose(page: Page, select: ReturnType<Page['locator']>, text: string, typed?: string) {
  await select.click();
  if (typed) await page.keyboard.type(typed);
  const option = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text })
    .first();
  await option.waitFor();
  await option.click();
}

async function pickDateTime(page: Page, label: string, value: string) {
  const input = item(page, label).locator('input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await page.keyboard.press('Escape');
}

async function confirmPopover(page: Page) {
  const pop = page.locator('.ant-popconfirm:not(.ant-popover-hidden)').last();
  await pop.waitFor();
  await pop.getByRole('button', { name: btn('确定') }).click();
}

describe('meetings', { timeout: LONG }, () => {
  let meetingId = '';

  it('the province creates a meeting inviting expert1 and leader1 and publishes it', async () => {
    const { page, context } = await openPageAs(browser, 'province', '/meetingManagement/addMeeting');
    const form = page.locator('.runtime-form-add');
    await form.waitFor();
    await item(page, '会议名称').locator('input').fill(MEETING);
    await choose(page, item(page, '会议类型').locator('.ant-select'), '中期检查推进会');
    await item(page, '主办单位').locator('input').fill('省教育科学研究院');
    await pickDateTime(page, '开始时间', '2099-06-01 09:00:00');
    await pickDateTime(page, '结束时间', '2099-06-01 11:00:00');
    await item(page, '会议地点').locator('input').fill('省教科院三楼会议室');
    const picker = page.locator('.runtime-person-picker');
    const [kind, search] = [picker.locator('.ant-select').nth(0), picker.locator('.ant-select').nth(1)];
    await choose(page, search, '王专家', '王专家');
    await choose(page, kind, '课题负责人');
    await choose(page, search, '张老师', '张老师');
    await poll(() => picker.locator('.runtime-person-count').textContent()).toBe('已选择 2 人');
    await screenshot(page, 'meetings-01-add');

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/resource/meeting/save'));
    await page
      .locator('.runtime-form-buttons')
      .getByRole('button', { name: btn('发布') })
      .click();
    await confirmPopover(page);
    const body = await (await saved).json();
    expect(body.flag).toBe(true);
    meetingId = String(body.data.id);
    await page.waitForURL('**/meetingManagement');
    const row = page.locator('tr.ant-table-row', { hasText: MEETING });
    await poll(() => row.locator('.ant-tag').textContent()).toBe('已发布');
    await screenshot(page, 'meetings-02-list');
    await context.close();
  });

  it('leader1 and expert1 see it in their bell and list; one confirms, one declines with a reason', async () => {
    for (const [who, answer] of [
      ['leader1', 'confirm'],
      ['expert1', 'decline'],
    ] as const) {
      const { page, context } = await openPageAs(browser, who, '/homePage');
      await followNotice(page, MEETING, `**/meetingManagement/meetingDetail?id=${meetingId}`);
      await page.getByRole('tab', { name: '参会确认' }).click();
      const row = page.locator('.ant-tabs-tabpane-active tr.ant-table-row').first();
      await poll(() => row.locator('.ant-tag').textContent()).toBe('待确认');
      if (answer === 'confirm') {
        await row.getByRole('button', { name: '确认参会' }).click();
        await confirmPopover(page);
        await poll(() => row.locator('.ant-tag').textContent()).toBe('已确认参会');
      } else {
        await row.getByRole('button', { name: '不参会' }).click();
        const modal = page.locator('.ant-modal:visible');
        await modal.locator('textarea').fill('当天另有评审任务');
        await modal.getByRole('button', { name: btn('确定') }).click();
        await poll(() => row.locator('.ant-tag').textContent()).toBe('不参会');
      }
      await screenshot(page, `meetings-03-${who}-detail`);
      await page.goto('/meetingManagement');
      await poll(() => page.locator('.runtime-list tr.ant-table-row', { hasText: MEETING }).count()).toBe(1);
      await context.close();
    }
  });

  it('the province sees who confirmed and exports the attendee list as a spreadsheet', async () => {
    const { page, context } = await openPageAs(browser, 'province', `/meetingManagement/meetingDetail?id=${meetingId}`);
    await page.getByRole('tab', { name: '参会确认' }).click();
    const rows = page.locator('.ant-tabs-tabpane-active tr.ant-table-row');
    await poll(() => rows.count()).toBe(2);
    await poll(async () => (await rows.allTextContents()).join('|')).toMatch(
      /张老师.*已确认参会.*\|.*王专家.*不参会.*当天另有评审任务|王专家.*不参会.*\|.*张老师.*已确认参会/,
    );
    await screenshot(page, 'meetings-04-province-detail');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出参会人员' }).click();
    const file = await (await download).path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(fs.readFileSync(file!) as any);
    const names: string[] = [];
    book.worksheets[0].eachRow((r, n) => {
      if (n > 1) names.push(String(r.getCell(2).value));
    });
    expect(names.sort()).toEqual(['张老师', '王专家'].sort());
    await context.close();
  });
});

describe('expert Q&A', { timeout: LONG }, () => {
  let questionId = '';
  const look = () => `/expertQuetion/lookExpertQuetion?id=${questionId}`;

  it('leader1 asks a question', async () => {
    const { page, context } = await openPageAs(browser, 'leader1', '/expertQuetion/addExpertQuetion');
    await page.locator('.runtime-form-add').waitFor();
    await item(page, '问题标题').locator('input').fill(QUESTION);
    await choose(page, item(page, '问题分类').locator('.ant-select'), '研究方法');
    await item(page, '问题描述').locator('textarea').fill('课题采用行动研究，样本选一个班还是两个班更合适？');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/resource/question/save'));
    await page
      .locator('.runtime-form-buttons')
      .getByRole('button', { name: btn('保存') })
      .click();
    const body = await (await saved).json();
    expect(body.flag).toBe(true);
    questionId = String(body.data.id);
    await page.waitForURL('**/expertQuetion');
    const row = page.locator('.runtime-list tr.ant-table-row', { hasText: QUESTION });
    await poll(() => row.locator('.ant-tag').textContent()).toBe('待分派');
    await screenshot(page, 'questions-01-asked');
    await context.close();
  });

  it('the province routes it to expert1', async () => {
    const { page, context } = await openPageAs(
      browser,
      'province',
      `/expertQuetion/editExpertQuetion?id=${questionId}`,
    );
    await page.locator('.runtime-form-buttons').waitFor();
    const picker = page.locator('.runtime-person-picker');
    // Only experts answer questions: the picker has the person search alone.
    await choose(page, picker.locator('.ant-select').last(), '王专家', '王专家');
    await poll(() => picker.locator('.runtime-person-count').textContent()).toBe('已选择 1 人');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/resource/question/save'));
    await page
      .locator('.runtime-form-buttons')
      .getByRole('button', { name: btn('保存') })
      .click();
    expect((await (await saved).json()).flag).toBe(true);
    await page.waitForURL('**/expertQuetion');
    const row = page.locator('.runtime-list tr.ant-table-row', { hasText: QUESTION });
    await row.waitFor();
    // Saving with an expert chosen routes the question: no second step to forget.
    await poll(() => row.locator('.ant-tag').textContent()).toBe('待专家回复');
    await screenshot(page, 'questions-02-routed');
    await context.close();
  });

  it('expert1 finds it in the bell and answers', async () => {
    const { page, context } = await openPageAs(browser, 'expert1', '/homePage');
    await followNotice(page, QUESTION, `**${look()}`);
    await page.getByRole('button', { name: btn('回复') }).click();
    const modal = page.locator('.ant-modal:visible');
    await modal.locator('textarea').fill(ANSWER);
    await modal.getByRole('button', { name: btn('确定') }).click();
    await poll(() => page.locator('.ant-tabs-tabpane-active').textContent()).toContain(ANSWER);
    await screenshot(page, 'questions-03-answered');
    await context.close();
  });

  it('leader1 reads the answer', async () => {
    const { page, context } = await openPageAs(browser, 'leader1', '/homePage');
    await followNotice(page, QUESTION, `**${look()}`);
    await poll(() => page.locator('.ant-tabs-tabpane-active').textContent()).toContain(ANSWER);
    await poll(() => page.locator('.ant-tabs-tabpane-active').textContent()).toContain('已回复');
    await screenshot(page, 'questions-04-read');
    await context.close();
  });

  it('the province publishes it as a FAQ, which a visitor reads on /expertFaq', async () => {
    const { page, context } = await openPageAs(browser, 'province', '/expertQuetion');
    const row = page.locator('.runtime-list tr.ant-table-row', { hasText: QUESTION });
    await row.waitFor();
    const published = page.waitForResponse((r) => r.url().endsWith('/api/resource/question/transition'));
    await pressRowAction(page, row, '公开为常见问题');
    await confirmPopover(page);
    expect((await (await published).json()).data.faq).toBe(true);
    await context.close();

    const visitor = await openPage(browser, '/expertFaq');
    const faq = visitor.page.locator('tr.ant-table-row', { hasText: QUESTION });
    await faq.waitFor();
    await faq.getByRole('link', { name: QUESTION }).click();
    await visitor.page.waitForURL(`**/expertFaq/lookFaq?id=${questionId}`);
    await poll(() => visitor.page.locator('body').textContent()).toContain(ANSWER);
    await screenshot(visitor.page, 'questions-05-faq');
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  });
});
