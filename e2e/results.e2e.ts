/**
 * Results and papers, each role in its own browser: the province publishes a result notice;
 * leader1 opens it, registers a paper with a file and submits it; the province sets up a result
 * review, allocates two experts who score the paper, and ends the review; the final score shows
 * on the result for the leader. The result review uses the review module's own pages (allocation,
 * score sheet, progress) on records of another kind. Then the decision: the province returns the
 * paper with an opinion, leader1 finds the notice in the bell, it opens the paper, leader1 submits
 * it again; the province approves it and leader1 is told again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { animationsDone, buttonName as btn, launchBrowser, openList, screenshot, tick } from './harness.js';
import { localTime as local } from './localTime.js';
import { loginSessions } from './login.js';

const RUN = String(Date.now() % 100_000);
const NOTICE = `成果征集通知${RUN}`;
const PAPER = `大单元教学设计的实践研究${RUN}`;
const BATCH = `成果评审${RUN}`;
const RETURNED = `请补充研究数据来源${RUN}`;
const APPROVED = `成果扎实，同意通过${RUN}`;
/** The paper's own page (查看成果), where the notices about it lead. */
let look = '';

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

async function choose(page: Page, select: Locator, text: string) {
  await select.click();
  const option = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text })
    .first();
  await option.waitFor();
  await option.click();
}

async function pickDateTime(scope: Locator, label: string, value: string) {
  const input = item(scope, label).locator('input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await scope.page().keyboard.press('Escape');
}

const row = (list: Locator, text: string) =>
  list.locator('.ant-table-tbody tr.ant-table-row', { hasText: text }).first();

async function rowAction(page: Page, r: Locator, label: string): Promise<void> {
  const direct = r.getByRole('button', { name: btn(label) });
  if (await direct.count()) await direct.first().click();
  else {
    await r.getByRole('button', { name: btn('更多') }).click();
    await page
      .locator('.runtime-more-actions:visible')
      .getByRole('button', { name: btn(label) })
      .click();
  }
}

/** Fires a transition button of a detail page: its dialog takes the opinion (when it asks), else its popconfirm. */
async function decide(page: Page, label: string, opinion?: string) {
  await page
    .getByRole('button', { name: btn(label) })
    .first()
    .click();
  if (opinion === undefined) return confirm(page);
  const modal = page.locator('.ant-modal:visible');
  await modal.locator('textarea').fill(opinion);
  await modal.getByRole('button', { name: btn('确定') }).click();
  await modal.waitFor({ state: 'hidden' });
}

/** The bell's notice titled `title`: it says `said`, and a click opens `url`. */
async function openNoticeOf(page: Page, title: string, said: string, url: string) {
  await page.reload();
  const bell = page.getByTestId('notice-bell');
  await bell.click();
  const notice = page.getByTestId('notice-panel').locator('.shell-notice-item', { hasText: title }).first();
  await notice.waitFor();
  await poll(() => notice.textContent()).toContain(said);
  await animationsDone(page);
  await notice.click();
  await page.waitForURL(url);
}

async function confirm(page: Page) {
  const pop = page.locator('.ant-popconfirm:not(.ant-popover-hidden)').last();
  await pop.waitFor();
  await pop.getByRole('button', { name: btn('确定') }).click();
}

// A busy two-core machine: each step gets more than the default 90 s.
describe('results and papers', { timeout: 180_000 }, () => {
  it('the province publishes a result notice', async () => {
    const page = await as('province');
    await openList(page, '/resultsManagement/notificateList');
    await page.getByRole('button', { name: /新增成果通知/ }).click();
    await page.waitForURL('**/resultsManagement/notificateList/add');
    const form = page.locator('.runtime-form-add');
    await form.locator('.runtime-richtext .ProseMirror').waitFor();
    await item(form, '通知标题').locator('input').fill(NOTICE);
    await item(form, '年度').locator('input').fill('2026');
    await pickDateTime(form, '开始时间', local(-1));
    await pickDateTime(form, '截止时间', local(72));
    await form.locator('.runtime-richtext .ProseMirror').click();
    await page.keyboard.type('请各单位组织教师登记教育科研成果和论文。');
    await screenshot(page, 'results-01-notice-add');
    await page
      .locator('.runtime-form-buttons')
      .getByRole('button', { name: btn('发布') })
      .click();
    await confirm(page);
    await page.waitForURL('**/resultsManagement/notificateList');
    const list = await openList(page, '/resultsManagement/notificateList');
    await poll(() => row(list, NOTICE).locator('.ant-tag').textContent()).toBe('已发布');
  });

  it('leader1 registers a paper with a file against the notice and submits it', async () => {
    const file = path.join(os.tmpdir(), `论文全文${RUN}.pdf`);
    fs.writeFileSync(file, `%PDF-1.4\n% ${RUN}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
    const page = await as('leader1');
    const list = await openList(page, '/resultsManagement/notificateList');
    await rowAction(page, row(list, NOTICE), '上传成果');
    await page.waitForURL('**/resultsManagement/notificateList/detail/upload?noticeId=*');
    const form = page.locator('.runtime-form-add');
    await form.waitFor();
    await poll(() => item(form, '成果通知').textContent()).toContain(NOTICE);
    await choose(page, item(form, '成果类型').locator('.ant-select'), '论文');
    await item(form, '成果名称').locator('input').fill(PAPER);
    const authors = item(form, '作者（按署名顺序）');
    await authors.getByRole('button', { name: /添加作者/ }).click();
    await authors.getByLabel('姓名（第1行）').fill('张老师');
    await authors.getByLabel('工作单位（第1行）').fill('第一实验中学');
    await authors.getByRole('button', { name: /添加作者/ }).click();
    await authors.getByLabel('姓名（第2行）').fill('赵敏');
    await item(form, '发表刊物/出版单位').locator('input').fill('河北教育');
    await item(form, 'ISSN/CN刊号').locator('input').fill('1001-2345');
    await form.locator('input[type=file]').setInputFiles(file);
    await form.getByText(/^(上传成功|秒传成功)$/).waitFor();
    await screenshot(page, 'results-02-paper-add');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/resource/achievement/save'));
    await page
      .locator('.runtime-form-buttons')
      .getByRole('button', { name: btn('提交') })
      .click();
    await confirm(page);
    const body = await (await saved).json();
    expect(body.flag, JSON.stringify(body)).toBe(true);
    await page.waitForURL('**/resultsManagement/resultList');
    const results = await openList(page, '/resultsManagement/resultList');
    await poll(() => row(results, PAPER).locator('.ant-tag').textContent()).toBe('待审核');
    await screenshot(page, 'results-03-leader-list');
  });

  it('the province sets up a result review and allocates two experts on the allocation page', async () => {
    const page = await as('province');
    const results = await openList(page, '/resultsManagement/resultList');
    await poll(() => row(results, PAPER).textContent()).toContain('张老师');

    // The review batch through its form (target: results).
    await openList(page, '/resultsManagement/setting');
    await page.getByRole('button', { name: btn('新增') }).click();
    await page.waitForURL('**/resultsManagement/setting/addPage');
    const form = page.locator('.runtime-form-add');
    await form.waitFor();
    await item(form, '评审名称').locator('input').fill(BATCH);
    await choose(page, item(form, '评审级别').locator('.ant-select'), '省级评审');
    await pickDateTime(form, '开始时间', local(-1));
    await pickDateTime(form, '截止时间', local(240));
    const per = item(form, '每个成果专家人数').locator('input');
    await per.fill('2');
    const criteria = item(form, '评分指标');
    for (const [i, [name, max]] of [
      ['创新性', '50'],
      ['实践价值', '50'],
    ].entries()) {
      await criteria.getByRole('button', { name: /添加评分指标/ }).click();
      await criteria.getByLabel(`指标名称（第${i + 1}行）`).fill(name!);
      await criteria.getByLabel(new RegExp(`^满分.*（第${i + 1}行）$`)).fill(max!);
    }
    await screenshot(page, 'results-04-review-add');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/resource/reviewBatch/save'));
    await page
      .locator('.runtime-form-buttons')
      .getByRole('button', { name: btn('保存') })
      .click();
    const batch = await (await saved).json();
    expect(batch.flag, JSON.stringify(batch)).toBe(true);
    expect(batch.data.targetEntity).toBe('achievement');
    await page.waitForURL('**/resultsManagement/setting');

    // Allocation on the review module's allocation page: two experts of the library on the paper.
    const batches = await openList(page, '/resultsManagement/setting');
    await rowAction(page, row(batches, BATCH), '分配成果');
    await page.waitForURL('**/resultsManagement/setting/editPage/subject?id=*');
    const alloc = page.locator('.rt-allocation');
    const target = alloc.locator('tr.ant-table-row', { hasText: PAPER });
    await target.waitFor();
    await target.getByRole('button', { name: /分配专家/ }).click();
    const dialog = page.locator('.rt-assign-dialog');
    await dialog.waitFor();
    for (const name of ['王专家', '赵专家'])
      await tick(dialog.locator('tr.ant-table-row', { hasText: name }).first().locator('input[type=checkbox]'));
    await screenshot(page, 'results-05-allocate');
    await dialog.getByRole('button', { name: btn('确定') }).click();
    await poll(() => target.locator('.rt-assigned').textContent()).toContain('赵专家');
    expect(await target.locator('.rt-assigned').textContent()).toContain('王专家');
    await poll(async () =>
      row(await openList(page, '/resultsManagement/resultList'), PAPER)
        .locator('.ant-tag')
        .textContent(),
    ).toBe('专家评审中');
  });

  it.each([
    ['expert1', [45, 40]],
    ['expert2', [38, 37]],
  ] as const)("%s finds the task, sees the paper's file and scores it", async (account, scores) => {
    const ex = await as(account);
    const tasks = await openList(ex, '/resultsManagement/reviewList');
    await row(tasks, PAPER).waitFor();
    await rowAction(ex, row(tasks, PAPER), '查看成果');
    await ex.waitForURL('**/resultsManagement/reviewList/resultView?id=*');
    const sheet = ex.locator('.rt-score-sheet');
    await poll(() => sheet.textContent()).toContain(PAPER);
    await poll(() => sheet.locator('.rt-score-docs').textContent()).toContain(`论文全文${RUN}.pdf`);
    // A blind review: the authors are not shown.
    expect(await ex.locator('.runtime-page').textContent()).not.toContain('赵敏');
    await screenshot(ex, `results-06-${account}-result`);
    const again = await openList(ex, '/resultsManagement/reviewList');
    await rowAction(ex, row(again, PAPER), '评分');
    await ex.waitForURL('**/resultsManagement/reviewList/editPage?id=*');
    const edit = ex.locator('.rt-score-sheet');
    await edit.getByLabel('创新性得分').fill(String(scores[0]));
    await edit.getByLabel('实践价值得分').fill(String(scores[1]));
    await poll(() => edit.locator('.rt-score-total').textContent()).toBe(String(scores[0] + scores[1]));
    await edit.getByText('同意通过鉴定', { exact: true }).click();
    await edit.getByLabel('评审意见').fill('研究扎实，具有推广价值。');
    await edit.getByRole('button', { name: /提交评分/ }).click();
    await confirm(ex);
    await poll(() => edit.getAttribute('data-status')).toBe('2');
  });

  it('the province ends the review on its progress page; the score shows on the result for the leader', async () => {
    // The end of the review on its progress page: the score of the paper is computed.
    const page = await as('province');
    const again = await openList(page, '/resultsManagement/setting');
    await rowAction(page, row(again, BATCH), '查看');
    await page.waitForURL('**/resultsManagement/setting/detail?id=*');
    const progress = page.locator('.runtime-page');
    await poll(() => progress.textContent()).toContain(PAPER);
    await progress.getByRole('button', { name: /结束评审/ }).click();
    await confirm(page);
    await poll(() => progress.textContent()).toContain('80');
    await screenshot(page, 'results-07-progress-ended');

    const leader = await as('leader1');
    const list = await openList(leader, '/resultsManagement/resultList');
    const r = row(list, PAPER);
    await poll(() => r.textContent()).toContain('80');
    await rowAction(leader, r, '查看');
    await leader.waitForURL('**/resultsManagement/resultList/look?id=*');
    await leader.getByRole('tab', { name: '专家评审' }).click();
    const pane = leader.locator('.ant-tabs-tabpane-active');
    await poll(() => pane.textContent()).toContain(BATCH);
    await poll(() => pane.textContent()).toContain('80');
    await screenshot(leader, 'results-08-leader-scores');
  });

  it('the province returns the paper with an opinion; leader1 is told in the bell, which opens the paper', async () => {
    const page = await as('province');
    const list = await openList(page, '/resultsManagement/resultList');
    await rowAction(page, row(list, PAPER), '查看');
    await page.waitForURL('**/resultsManagement/resultList/look?id=*');
    look = new URL(page.url()).pathname + new URL(page.url()).search;
    await decide(page, '退回修改', RETURNED);
    await poll(() => page.locator('.runtime-page .ant-tag', { hasText: '退回修改' }).count()).toBeGreaterThan(0);

    const leader = await as('leader1');
    await openNoticeOf(leader, `成果被退回修改：${PAPER}`, `退回意见：${RETURNED}`, `**${look}`);
    await poll(() => leader.locator('.runtime-page').textContent()).toContain(PAPER);
    await poll(() => leader.locator('.runtime-page .ant-tag', { hasText: '退回修改' }).count()).toBeGreaterThan(0);
    await screenshot(leader, 'results-09-returned-notice-opened');
    // Revised, the paper goes back for review from the page the notice opened.
    await decide(leader, '提交');
    await poll(() => leader.locator('.runtime-page .ant-tag', { hasText: '待审核' }).count()).toBeGreaterThan(0);
  });

  it('the province approves it; leader1 is told again and the notice opens the approved paper', async () => {
    const page = await as('province');
    await page.goto(look);
    await poll(() => page.locator('.runtime-page .ant-tag', { hasText: '待审核' }).count()).toBeGreaterThan(0);
    await decide(page, '审核通过', APPROVED);
    await poll(() => page.locator('.runtime-page .ant-tag', { hasText: '审核通过' }).count()).toBeGreaterThan(0);

    const leader = await as('leader1');
    await openNoticeOf(leader, `成果已审核通过：${PAPER}`, `审核意见：${APPROVED}`, `**${look}`);
    await poll(() => leader.locator('.runtime-page .ant-tag', { hasText: '审核通过' }).count()).toBeGreaterThan(0);
    await screenshot(leader, 'results-10-approved-notice-opened');
  });
});
