/**
 * Expert review, each role in its own browser: city1123 makes a batch for application review,
 * assigns expert1 and expert2 to one topic by hand and lets the allocator give three experts to
 * each of three topics; expert1 scores (a draft first, then submits), expert2 submits at once;
 * city1123 watches the progress, reminds the missing experts, ends the review with a reason, and
 * sees the final score and the disagreement flag of the topic, and exports the results (.xlsx).
 * Along the way: the allocation dialog stops at the room left, expert1 downloads the application
 * of the topic and is told when a score is out of range, and the topic's detail page offers the
 * city's review actions.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { buttonName as btn, launchBrowser, openList, pressRowAction, screenshot, tick, visit } from './harness.js';
import { loginSessions } from './login.js';
import { WAITING_TOPICS } from '../src/server/modules/review/demoWaitingTopics.js';

const RUN = String(Date.now() % 100_000);
const BATCH = `2026年度立项评审${RUN}`;
const TOPICS = WAITING_TOPICS.map((t) => t.name);
const TOPIC = TOPICS[0]!;

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 150 });

let browser: Browser;
/** One logged-in browser per account, kept for the whole journey. */
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

const row = (scope: Locator, text: string) =>
  scope.locator('.ant-table-tbody tr.ant-table-row', { hasText: text }).first();

/** The batch's row action (分配课题, 评审进度) from the batch list. */
async function batchAction(page: Page, label: string): Promise<void> {
  const list = await openList(page, '/reviewManagement/setting');
  const r = row(list, BATCH);
  await r.waitFor();
  await pressRowAction(page, r, label);
}

/** An expert opens their task on TOPIC and answers the score sheet. */
async function openTask(page: Page): Promise<Locator> {
  const list = await openList(page, '/reviewManagement/list');
  const r = list
    .locator('.ant-table-tbody tr.ant-table-row', { hasText: TOPIC })
    .filter({ hasText: BATCH.slice(0, 8) })
    .first();
  await r.waitFor();
  await pressRowAction(page, r, '评分');
  await page.waitForURL('**/reviewManagement/list/editPage**');
  const sheet = page.locator('.rt-score-sheet');
  await sheet.waitFor();
  return sheet;
}

describe('expert review', () => {
  it('city1123 makes a batch for application review', async () => {
    const page = await as('city1123');
    await visit(page, '/reviewManagement/setting/addPage');
    const form = page.locator('.runtime-form-add');
    await form.waitFor();
    await item(form, '评审名称').locator('input').fill(BATCH);
    await choose(page, form, '评审级别', '市级评审');
    await choose(page, form, '评审阶段', '立项评审');
    await pickDateTime(page, form, '开始时间', '2026-01-01 08:00:00');
    await pickDateTime(page, form, '截止时间', '2099-12-31 18:00:00');
    const criteria = item(form, '评分指标');
    for (const [i, [name, max]] of [
      ['选题价值', '50'],
      ['研究设计', '50'],
    ].entries()) {
      await criteria.getByRole('button', { name: /添加评分指标/ }).click();
      await criteria.getByLabel(`指标名称（第${i + 1}行）`).fill(name!);
      await criteria.getByLabel(new RegExp(`^满分.*（第${i + 1}行）$`)).fill(max!);
    }
    await screenshot(page, 'review-01-batch-form');
    await form.getByRole('button', { name: btn('保存') }).click();
    await page.waitForURL('**/reviewManagement/setting');
    const list = await openList(page, '/reviewManagement/setting');
    await poll(() => row(list, BATCH).textContent()).toContain('立项评审');
  });

  it('assigns expert1 and expert2 to one topic by hand, then auto-allocates 3 experts to each of three topics', async () => {
    const page = await as('city1123');
    await batchAction(page, '分配课题');
    await page.waitForURL('**/reviewManagement/setting/subject**');
    const board = page.locator('.rt-allocation');
    await board.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    for (const name of TOPICS) await row(board, name).waitFor();

    await row(board, TOPIC)
      .getByRole('button', { name: /分配专家/ })
      .click();
    const dialog = page.locator('.rt-assign-dialog');
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('还可分配3位');
    // Three ticked of three: no fourth expert can be ticked (not only refused after 确定).
    const free = dialog
      .locator('.ant-table-tbody tr.ant-table-row')
      .filter({ has: page.locator('input[type="checkbox"]:not([disabled])') });
    await poll(() => free.count()).toBeGreaterThan(3);
    for (let i = 0; i < 3; i++) await tick(free.nth(i).locator('input[type="checkbox"]'));
    await poll(() => dialog.locator('.rt-assign-count').textContent()).toContain('已达上限');
    await poll(() =>
      dialog.locator('.ant-table-tbody input[type="checkbox"]:not([disabled]):not(:checked)').count(),
    ).toBe(0);
    await screenshot(page, 'review-02a-allocation-limit');
    const ticked = dialog.locator('.ant-table-tbody input[type="checkbox"]:checked');
    while (await ticked.count()) await ticked.first().uncheck();
    for (const expert of ['王专家', '赵专家']) await tick(row(dialog, expert).locator('input[type="checkbox"]'));
    await dialog.getByRole('button', { name: btn('确定') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await poll(() => row(board, TOPIC).locator('.rt-assigned .ant-tag').count()).toBe(2);

    for (const name of TOPICS) await tick(row(board, name).locator('input[type="checkbox"]'));
    await board.getByRole('button', { name: btn('自动分配') }).click();
    await confirmPopover(page);
    for (const name of TOPICS) await poll(() => row(board, name).locator('.rt-assigned .ant-tag').count()).toBe(3);
    await expect(row(board, TOPIC).locator('.rt-assigned').textContent()).resolves.toMatch(
      /王专家.*赵专家|赵专家.*王专家/,
    );
    await screenshot(page, 'review-02-allocation');
  });

  it('expert1 saves a draft, then submits; the sheet is locked after submit', async () => {
    const page = await as('expert1');
    let sheet = await openTask(page);
    await expect(sheet.textContent()).resolves.toContain('选题价值');
    // The topic's 课题论证活页, from 评审材料: it downloads (it was 下载地址不存在). The batch is blind
    // (the form's default), so the 活页 is the one upload served; the full 申报书 stays closed.
    await expect(sheet.locator('.rt-score-docs [data-field="applicationDoc"]').count()).resolves.toBe(0);
    const docs = sheet.locator('.rt-score-docs [data-field="argumentSheet"]');
    await docs.waitFor();
    const download = page.waitForEvent('download');
    await docs.getByText('下载', { exact: true }).first().click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.docx$/);
    expect(
      fs
        .readFileSync((await file.path())!)
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    // And the application form generated from the topic as the expert may read it.
    const generated = page.waitForEvent('download');
    await sheet.locator('.rt-score-application').click();
    expect((await generated).suggestedFilename()).toMatch(new RegExp(`^${TOPIC}申报书(（隐名）\\.pdf|\\.docx)$`));
    // 55 where the maximum is 50: said, and left as typed (not turned into 50).
    await sheet.getByLabel('选题价值得分').fill('55');
    await sheet.getByLabel('选题价值得分').blur();
    await poll(() => sheet.locator('.rt-score-problem').textContent()).toBe('得分须在0到50之间');
    await expect(sheet.getByLabel('选题价值得分').inputValue()).resolves.toMatch(/^55(\.0)?$/);
    // The total does not add a score out of range up: it says it is invalid.
    await poll(() => sheet.locator('.rt-score-total').textContent()).toBe('总分无效（「选题价值」得分超出范围）');
    await screenshot(page, 'review-03a-out-of-range');
    await sheet.getByLabel('选题价值得分').fill('45');
    await poll(() => sheet.locator('.rt-score-problem').count()).toBe(0);
    await poll(() => sheet.locator('.rt-score-total').textContent()).toBe('45');
    await sheet.getByRole('button', { name: /保存草稿/ }).click();
    await poll(() => sheet.getAttribute('data-status')).toBe('1');

    await page.reload();
    sheet = page.locator('.rt-score-sheet');
    await sheet.waitFor();
    await poll(() => sheet.getByLabel('选题价值得分').inputValue()).toMatch(/^45(\.0)?$/);
    await sheet.getByLabel('研究设计得分').fill('40');
    await poll(() => sheet.locator('.rt-score-total').textContent()).toBe('85');
    await tick(sheet.getByLabel('同意立项', { exact: true }));
    await sheet.getByLabel('评审意见').fill('选题切合区域教学实际，研究设计完整。');
    await screenshot(page, 'review-03-expert1-sheet');
    await sheet.getByRole('button', { name: /提交评分/ }).click();
    await confirmPopover(page);
    await poll(() => sheet.getAttribute('data-status')).toBe('2');
    await expect(sheet.getByLabel('选题价值得分').count()).resolves.toBe(0);
    await poll(() => sheet.textContent()).toContain('评分已提交，不能修改');
  });

  it('expert2 scores the same topic much lower and submits', async () => {
    const page = await as('expert2');
    const sheet = await openTask(page);
    await sheet.getByLabel('选题价值得分').fill('30');
    await sheet.getByLabel('研究设计得分').fill('20');
    await poll(() => sheet.locator('.rt-score-total').textContent()).toBe('50');
    await tick(sheet.getByLabel('不同意立项'));
    await sheet.getByLabel('评审意见').fill('研究方法不够具体，建议修改后再申报。');
    await sheet.getByRole('button', { name: /提交评分/ }).click();
    await confirmPopover(page);
    await poll(() => sheet.getAttribute('data-status')).toBe('2');
  });

  it('city1123 watches the progress, reminds the missing experts, ends the review and sees the final score and the disagreement flag', async () => {
    const page = await as('city1123');
    await batchAction(page, '评审进度');
    await page.waitForURL('**/reviewManagement/setting/viewreview**');
    const board = page.locator('.rt-progress');
    await row(board, TOPIC).waitFor();
    await poll(() => row(board, TOPIC).textContent()).toContain('2/3');
    await expect(row(board, TOPIC).locator('.ant-tag[data-status="2"]').count()).resolves.toBe(2);
    await poll(() => board.locator('.rt-missing .ant-tag').count()).toBeGreaterThan(0);
    await screenshot(page, 'review-04-progress');

    await board.getByRole('button', { name: btn('催办') }).click();
    await poll(() => page.locator('.ant-message').textContent()).toMatch(/已提醒\d+位专家/);

    await board.getByRole('button', { name: /结束评审/ }).click();
    const dialog = page.locator('.rt-end-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('强制结束原因').fill('截止前已完成主要评审，其余专家因故未能评审');
    await dialog.getByRole('button', { name: /结束评审/ }).click();
    await poll(() => board.textContent()).toContain('强制结束');
    // Mean of 85 and 50; a spread of 35 is beyond the batch's threshold of 20.
    await poll(() => row(board, TOPIC).locator('.rt-final-score').textContent()).toBe('67.5');
    await expect(row(board, TOPIC).locator('.rt-disagreement').textContent()).resolves.toContain('分歧较大');
    await screenshot(page, 'review-05-results');

    // 导出: the workbook holds per topic each expert's total, the aggregate and the flag.
    const download = page.waitForEvent('download');
    await board.getByRole('button', { name: btn('导出') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${BATCH}_评审结果.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync((await file.path())!) as unknown as ArrayBuffer);
    const summary = wb.getWorksheet('评审汇总')!;
    const line = summary
      .getSheetValues()
      .filter((r) => Array.isArray(r))
      .map((r) => (r as unknown[]).slice(1))
      .find((r) => r[0] === TOPIC)!;
    expect(line).toBeDefined();
    expect(String(line[3])).toMatch(/85分/);
    expect(String(line[3])).toMatch(/50分/);
    expect(line[4]).toBe(67.5);
    expect(line[8]).toBe('分歧较大');
  });

  it('province switches 异地评审 on for a batch with same-area experts allocated: refused at the field, naming them', async () => {
    const page = await as('province');
    const list = await openList(page, '/reviewManagement/setting');
    // A demo batch of 定州市 under review: its experts include 王专家 of the same area.
    const r = list
      .locator('.ant-table-tbody tr.ant-table-row', { hasText: '（定州市）' })
      .filter({ hasText: '评审中' })
      .first();
    await r.waitFor();
    await pressRowAction(page, r, '编辑');
    await page.waitForURL('**/reviewManagement/setting/editPage**');
    const form = page.locator('.runtime-page');
    const field = item(form, '异地评审');
    await field.locator('.ant-switch').waitFor();
    await field.locator('.ant-switch').click();
    await form.getByRole('button', { name: btn('保存') }).click();
    // The chair sees which allocation breaks the rule, at the switch; nothing is saved.
    await poll(() => field.textContent()).toContain('修改后的规则与已分配的专家冲突');
    await expect(field.textContent()).resolves.toContain('王专家');
    await screenshot(page, 'review-07-rule-change-refused');
    expect(page.url()).toContain('/reviewManagement/setting/editPage');
  });

  it('city1123 finds the review actions on the detail page of a topic back from review, beside the application', async () => {
    const page = await as('city1123');
    const list = await openList(page, '/projectManagement/projectList');
    const r = row(list, TOPIC);
    await r.waitFor();
    await pressRowAction(page, r, '查看');
    await page.waitForURL('**/projectDetail**');
    const detail = page.locator('.runtime-detail');
    await detail.waitFor();
    const head = detail.locator('.ant-card-extra');
    await poll(() => head.getByRole('button', { name: btn('下载申报书') }).count()).toBe(1);
    for (const name of ['审核通过', '退回', '送专家评审'])
      await expect(head.getByRole('button', { name: btn(name) }).count(), name).resolves.toBe(1);
    await screenshot(page, 'review-06-topic-detail-actions');
  });
});
