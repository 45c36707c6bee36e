/**
 * A new review batch from creation to export, each role in its own browser. The province makes a
 * 省级 batch: weights out of their range (0–10, said at the column) are refused at 评分指标 with the
 * server's own words, then saved as 6 and 4. city1101 makes a 百分制 batch weighted 6/4 and gives
 * the topic of 石家庄市 waiting for review three experts. The province's allocation then offers no
 * topic and says per topic why (a city-stage topic the province may not send; the one now in the
 * city's running batch names that batch). expert1 and expert2 score it: the totals follow the
 * 100-point scale (84 and 66, never score × weight). The province reads 评审列表, where each row
 * says whose review it is (专家N, the batch is blind), and 评审进度, where 结束评审 is not offered to
 * it and it is told why; city1101 forces the end with a reason; the province reads 排名与决定 (75分,
 * the mean) and downloads both exports, which open as xlsx.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  buttonName as btn,
  expectMessage,
  launchBrowser,
  openList,
  pressRowAction,
  screenshot,
  tick,
  visit,
} from './harness.js';
import { loginSessions } from './login.js';

const RUN = String(Date.now() % 100_000);
const PROVINCE_BATCH = `省级立项评审${RUN}`;
const CITY_BATCH = `石家庄立项评审${RUN}`;
/** The demo topic of 石家庄市 waiting at city stage, which no other journey reviews. */
const TOPIC = '“双减”背景下小学作业设计与实施研究';

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

const item = (scope: Locator, label: string) =>
  scope
    .locator('.ant-formily-item', { has: scope.page().locator('.ant-formily-item-label', { hasText: label }) })
    .first();

const row = (scope: Locator, text: string) =>
  scope.locator('.ant-table-tbody tr.ant-table-row', { hasText: text }).first();

async function choose(page: Page, scope: Locator, label: string, text: string) {
  await item(scope, label).locator('.ant-select').click();
  const option = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text })
    .first();
  await option.waitFor();
  await option.click();
}

async function pickDateTime(page: Page, scope: Locator, label: string, value: string) {
  const input = item(scope, label).locator('input');
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

/** Fills 新增评审 up to its criteria: two 100-point criteria weighted as given. */
async function fillBatch(page: Page, name: string, level: string, weights: [string, string]): Promise<Locator> {
  await visit(page, '/reviewManagement/setting/addPage');
  const form = page.locator('.runtime-form-add');
  await form.waitFor();
  await item(form, '评审名称').locator('input').fill(name);
  await choose(page, form, '评审级别', level);
  await choose(page, form, '评审阶段', '立项评审');
  await pickDateTime(page, form, '开始时间', '2026-01-01 08:00:00');
  await pickDateTime(page, form, '截止时间', '2099-12-31 18:00:00');
  const criteria = item(form, '评分指标');
  for (const [i, name] of ['选题价值', '研究设计'].entries()) {
    await criteria.getByRole('button', { name: /添加评分指标/ }).click();
    await criteria.getByLabel(`指标名称（第${i + 1}行）`).fill(name);
    await criteria.getByLabel(new RegExp(`^满分.*（第${i + 1}行）$`)).fill('100');
    await criteria.getByLabel(new RegExp(`^权重.*（第${i + 1}行）$`)).fill(weights[i]!);
  }
  return form;
}

async function setWeights(criteria: Locator, weights: [string, string]) {
  for (const [i, w] of weights.entries()) await criteria.getByLabel(new RegExp(`^权重.*（第${i + 1}行）$`)).fill(w);
}

async function saved(page: Page, form: Locator, name: string) {
  await form.getByRole('button', { name: btn('保存') }).click();
  await page.waitForURL('**/reviewManagement/setting');
  const list = await openList(page, '/reviewManagement/setting');
  await row(list, name).waitFor();
}

/** A batch's row action (分配课题, 评审进度, 排名与决定) from the batch list. */
async function batchAction(page: Page, batch: string, label: string): Promise<void> {
  const list = await openList(page, '/reviewManagement/setting');
  const r = row(list, batch);
  await r.waitFor();
  await pressRowAction(page, r, label);
}

/** An expert scores the topic of the city batch and submits; answers the total the sheet shows. */
async function score(page: Page, scores: [string, string], recommendation: string): Promise<string> {
  const list = await openList(page, '/reviewManagement/list');
  const r = list.locator('.ant-table-tbody tr.ant-table-row', { hasText: TOPIC }).filter({ hasText: CITY_BATCH });
  await r.first().waitFor();
  await pressRowAction(page, r.first(), '评分');
  await page.waitForURL('**/reviewManagement/list/editPage**');
  const sheet = page.locator('.rt-score-sheet');
  await sheet.waitFor();
  await sheet.getByLabel('选题价值得分').fill(scores[0]);
  await sheet.getByLabel('研究设计得分').fill(scores[1]);
  await tick(sheet.getByLabel(recommendation, { exact: true }));
  await sheet.getByLabel('评审意见').fill('选题切合实际，研究设计可行。');
  const total = (await sheet.locator('.rt-score-total').textContent()) ?? '';
  await sheet.getByRole('button', { name: /提交评分/ }).click();
  await confirmPopover(page);
  await poll(() => sheet.getAttribute('data-status')).toBe('2');
  return total;
}

async function readXlsx(page: Page, press: () => Promise<void>): Promise<{ name: string; book: ExcelJS.Workbook }> {
  const download = page.waitForEvent('download');
  await press();
  const file = await download;
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await file.path())!);
  return { name: file.suggestedFilename(), book };
}

const sheetText = (book: ExcelJS.Workbook, name: string) =>
  book.getWorksheet(name)!.getSheetValues().flat(2).map(String).join('|');

describe('a new review batch', () => {
  it('province: weights beyond 0–10 are refused at 评分指标 in the server’s words; 6 and 4 save', async () => {
    const page = await as('province');
    const form = await fillBatch(page, PROVINCE_BATCH, '省级评审', ['60', '40']);
    const criteria = item(form, '评分指标');
    // The range is said at the column before anything is typed.
    await expect(criteria.locator('th', { hasText: '权重' }).first().textContent()).resolves.toContain('0–10');
    await form.getByRole('button', { name: btn('保存') }).click();
    await poll(() => criteria.locator('.ant-formily-item-error-help').textContent()).toContain(
      '评分指标「选题价值」的权重须在0到10之间',
    );
    await screenshot(page, 'review-batch-01-weights-refused');
    expect(page.url()).toContain('/reviewManagement/setting/addPage');
    await setWeights(criteria, ['6', '4']);
    await saved(page, form, PROVINCE_BATCH);
  });

  it('city1101 makes a 百分制 batch weighted 6/4 and gives its waiting topic three experts', async () => {
    const page = await as('city1101');
    const form = await fillBatch(page, CITY_BATCH, '市级评审', ['6', '4']);
    await expect(item(form, '评分制').textContent()).resolves.toContain('百分制');
    await saved(page, form, CITY_BATCH);

    await batchAction(page, CITY_BATCH, '分配课题');
    await page.waitForURL('**/reviewManagement/setting/subject**');
    const board = page.locator('.rt-allocation');
    await row(board, TOPIC).waitFor();
    await row(board, TOPIC)
      .getByRole('button', { name: /分配专家/ })
      .click();
    const dialog = page.locator('.rt-assign-dialog');
    await dialog.waitFor();
    for (const expert of ['王专家', '赵专家']) await tick(row(dialog, expert).locator('input[type="checkbox"]'));
    // A third expert, whoever is free first: the forced end leaves their task open.
    const third = dialog
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ has: page.locator('input[type="checkbox"]:not([disabled]):not(:checked)') })
      .first()
      .locator('td')
      .nth(1);
    await tick(row(dialog, ((await third.textContent()) ?? '').trim()).locator('input[type="checkbox"]'));
    await dialog.getByRole('button', { name: btn('确定') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await poll(() => row(board, TOPIC).locator('.rt-assigned .ant-tag').count()).toBe(3);
  });

  it('province: the allocation offers no topic it may not take, and says per topic why', async () => {
    const page = await as('province');
    await batchAction(page, PROVINCE_BATCH, '分配课题');
    await page.waitForURL('**/reviewManagement/setting/subject**');
    const board = page.locator('.rt-allocation');
    const rows = board.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    // The topic now in the city's running batch names that batch.
    await poll(() => row(board, TOPIC).locator('.rt-refused').textContent()).toContain(
      `正在评审批次「${CITY_BATCH}」中评审`,
    );
    const n = await rows.count();
    expect(n).toBeGreaterThan(1);
    for (let i = 0; i < n; i++) {
      const r = rows.nth(i);
      await expect(r.locator('.rt-refused').textContent(), `row ${i}`).resolves.toMatch(/^不可分配：.+/);
      await expect(r.getByRole('button', { name: /分配专家/ }).isDisabled()).resolves.toBe(true);
      await expect(r.locator('input[type="checkbox"]').isDisabled()).resolves.toBe(true);
    }
    await expect(board.getByRole('button', { name: btn('自动分配') }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'review-batch-02-allocation-refusals');
  });

  it('expert1 and expert2 score: the totals follow the 100-point scale, not score × weight', async () => {
    // (80×6 + 90×4) / (100×10) × 100 = 84; (70×6 + 60×4) / 10 = 66.
    expect(await score(await as('expert1'), ['80', '90'], '同意立项')).toBe('84');
    expect(await score(await as('expert2'), ['70', '60'], '不同意立项')).toBe('66');
  });

  it('province: 评审列表 says whose review each row is (专家N in a blind batch)', async () => {
    const page = await as('province');
    const list = await openList(page, '/reviewManagement/list');
    const filter = list.getByLabel('课题名称');
    await filter.fill(TOPIC);
    await list.getByRole('button', { name: btn('查询') }).click();
    const rows = list.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: CITY_BATCH });
    await poll(() => rows.count()).toBe(3);
    const head = await list.locator('.ant-table-thead th').allInnerTexts();
    const col = head.findIndex((h) => h.trim() === '评审专家');
    expect(col, head.join('|')).toBeGreaterThan(-1);
    const who: string[] = [];
    for (let i = 0; i < 3; i++) who.push(((await rows.nth(i).locator('td').nth(col).textContent()) ?? '').trim());
    expect([...who].sort()).toEqual(['专家1', '专家2', '专家3']);
    expect((await list.textContent()) ?? '').not.toMatch(/王专家|赵专家/);
    await screenshot(page, 'review-batch-03-list-experts');
  });

  it('province is not offered 结束评审 of the city’s batch and is told why; city1101 forces the end', async () => {
    const province = await as('province');
    await batchAction(province, CITY_BATCH, '评审进度');
    await province.waitForURL('**/reviewManagement/setting/viewreview**');
    const board = province.locator('.rt-progress');
    await poll(() => board.locator('.rt-end-refusal').textContent()).toContain(`「${TOPIC}」由本批次送评`);
    await expect(board.getByRole('button', { name: /结束评审/ }).isDisabled()).resolves.toBe(true);

    const city = await as('city1101');
    await batchAction(city, CITY_BATCH, '评审进度');
    await city.waitForURL('**/reviewManagement/setting/viewreview**');
    const own = city.locator('.rt-progress');
    await poll(() => row(own, TOPIC).textContent()).toContain('2/3');
    await own.getByRole('button', { name: /结束评审/ }).click();
    const dialog = city.locator('.rt-end-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('强制结束原因').fill('第三位专家因公出差，未能在截止前评审');
    await dialog.getByRole('button', { name: /结束评审/ }).click();
    await expectMessage(city, '评审已结束');
    await poll(() => own.textContent()).toContain('强制结束');
    await poll(() => row(own, TOPIC).locator('.rt-final-score').textContent()).toBe('75');
    await screenshot(city, 'review-batch-04-forced-end');
  });

  it('province reads 排名与决定 and downloads both exports as xlsx', async () => {
    const page = await as('province');
    await batchAction(page, CITY_BATCH, '排名与决定');
    await page.waitForURL('**/reviewManagement/setting/ranking?id=*');
    const ranking = page.locator('.rt-ranking');
    const line = row(ranking, TOPIC);
    await line.waitFor();
    const cells = line.locator('td');
    await poll(() => cells.nth(2).textContent()).toBe('75分');
    await poll(() => line.textContent()).toMatch(/专家\d：84分/);
    await expect(line.textContent()).resolves.toMatch(/专家\d：66分/);
    await expect(line.textContent()).resolves.toContain('未提交');
    await screenshot(page, 'review-batch-05-ranking');

    const ranked = await readXlsx(page, () => ranking.locator('.rt-export-ranking').click());
    expect(ranked.name).toMatch(/\.xlsx$/);
    expect(sheetText(ranked.book, '排名与决定')).toContain(TOPIC);

    await batchAction(page, CITY_BATCH, '评审进度');
    const board = page.locator('.rt-progress');
    await row(board, TOPIC).waitFor();
    const results = await readXlsx(page, () => board.getByRole('button', { name: btn('导出') }).click());
    expect(results.name).toBe(`${CITY_BATCH}_评审结果.xlsx`);
    const summary = sheetText(results.book, '评审汇总');
    expect(summary).toContain(TOPIC);
    expect(summary).toMatch(/84分/);
    expect(summary).toMatch(/66分/);
  });
});
