/**
 * Discussion and re-review on the demo data, each account in its own browser: expert1 submits a
 * demo task on which expert2 has already submitted, reads expert2's review (专家2 in the blind
 * batch) and opens the topic's discussion; expert2 follows the notice in the bell and replies; the
 * batch's chair (city1123) reads the thread with the experts' names and sends expert2's review back
 * with a reason; expert2 finds the notice, the sheet open again and the discussion closed to them
 * until they submit again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { api, buttonName as btn, expectMessage, launchBrowser, screenshot, tick, visit } from './harness.js';
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

const QUESTION = '研究设计部分的样本量是否足够？请各位专家谈谈看法。';
const ANSWER = '样本量基本够用，但建议补充对照班的数据。';
const REASON = '请结合讨论意见重新核对“研究设计”一项的评分。';

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

let topic = '';
let e1Task = 0;
let e2Task = 0;

/** Opens the bell and follows the newest notice whose title holds `text`; answers its body. */
async function followNotice(page: Page, text: string): Promise<string> {
  await visit(page, '/homePage');
  await closeTourIfShown(page);
  const bell = page.getByTestId('notice-bell');
  await bell.click();
  const notice = page.locator('.shell-notice-item', { hasText: text }).first();
  await notice.waitFor();
  const body = (await notice.locator('.shell-notice-body').textContent()) ?? '';
  await notice.click();
  return body;
}

describe('review discussion and reopening', () => {
  it('finds a demo topic of city1123 where expert2 has submitted and expert1 still drafts', async () => {
    const chair = await as('city1123');
    const list = await api(chair, 'resource/review/list', { pageSize: 100 });
    expect(list.status).toBe(200);
    const rows = list.data.list as Array<Record<string, any>>;
    // The last such topic: other journeys on the demo data take expert1's first tasks.
    const candidates = [...new Set(rows.map((r) => Number(r.targetId)))].filter((id) => {
      const of = rows.filter((r) => Number(r.targetId) === id && !String(r.batchName).includes('已结束'));
      return (
        of.some((r) => r.expertName === '王专家' && r.status === '1') &&
        of.some((r) => r.expertName === '赵专家' && r.status === '2')
      );
    });
    expect(candidates.length).toBeGreaterThan(0);
    const target = candidates[candidates.length - 1]!;
    const of = rows.filter((r) => Number(r.targetId) === target && !String(r.batchName).includes('已结束'));
    e1Task = Number(of.find((r) => r.expertName === '王专家')!.id);
    e2Task = Number(of.find((r) => r.expertName === '赵专家')!.id);
    topic = String(of[0]!.targetName);
  });

  it('expert1 submits, reads the peer review and posts in the discussion', async () => {
    const page = await as('expert1');
    await visit(page, `/reviewManagement/list/editPage?id=${e1Task}`);
    const sheet = page.locator('.rt-score-sheet');
    await sheet.waitFor();
    // Before submitting, the discussion says why it is closed.
    await poll(() => page.locator('.rt-discussion-closed').textContent()).toContain('提交本人评分后才能查看和参与讨论');
    await fillSheet(sheet);
    await tick(sheet.getByLabel('比较熟悉'));
    await sheet.getByLabel('评审意见').fill('选题有价值，研究设计需补充样本说明。');
    await sheet.getByRole('button', { name: btn('提交评分') }).click();
    const pop = page.locator('.ant-popconfirm:not(.ant-popover-hidden)').last();
    await pop.getByRole('button', { name: btn('确定') }).click();
    await expectMessage(page, '提交成功');
    const peer = page.locator('.rt-peer-review').first();
    await poll(() => peer.textContent()).toContain('专家2');
    expect(await peer.textContent()).not.toContain('赵专家');
    const thread = page.locator('.rt-discussion');
    await thread.waitFor();
    await thread.getByLabel('讨论内容').fill(QUESTION);
    await thread.getByRole('button', { name: btn('发言') }).click();
    await expectMessage(page, '发言成功');
    const mine = thread.locator('.rt-discussion-post', { hasText: QUESTION });
    await mine.waitFor();
    expect(await mine.locator('.rt-discussion-author').textContent()).toBe('专家1');
    await screenshot(page, 'review-discussion-01-expert1');
  });

  it('expert2 follows the notice in the bell and replies', async () => {
    const page = await as('expert2');
    expect(await followNotice(page, `课题讨论有新发言：${topic}`)).toContain('专家1：');
    await page.waitForURL(`**/reviewManagement/list/editPage?id=${e2Task}`);
    const thread = page.locator('.rt-discussion');
    const question = thread.locator('.rt-discussion-post', { hasText: QUESTION });
    await question.waitFor();
    expect(await question.locator('.rt-discussion-author').textContent()).toBe('专家1');
    expect(await thread.textContent()).not.toContain('王专家');
    await question.locator('.rt-discussion-reply').click();
    await thread.getByLabel('讨论内容').fill(ANSWER);
    await thread.getByRole('button', { name: btn('发言') }).click();
    await expectMessage(page, '发言成功');
    const answer = thread.locator('.rt-discussion-post', { hasText: ANSWER });
    await answer.waitFor();
    expect(await answer.textContent()).toContain('回复 专家1');
    await screenshot(page, 'review-discussion-02-expert2');
  });

  it("the chair reads the thread with names and sends expert2's review back with a reason", async () => {
    const page = await as('city1123');
    await followNotice(page, `课题讨论有新发言：${topic}`);
    await page.waitForURL(`**/reviewManagement/list/lookPage?id=${e2Task}`);
    const thread = page.locator('.rt-discussion');
    await poll(() => thread.locator('.rt-discussion-author').allInnerTexts()).toEqual(['王专家', '赵专家']);
    await page.locator('.rt-reopen').click();
    const dialog = page.locator('.rt-reopen-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('退回原因').fill(REASON);
    await dialog.getByRole('button', { name: btn('退回') }).click();
    await expectMessage(page, '已退回专家修改');
    await screenshot(page, 'review-discussion-03-reopen');
  });

  it('expert2 finds the notice with the reason and the sheet open again', async () => {
    const page = await as('expert2');
    expect(await followNotice(page, `评分已退回修改：${topic}`)).toContain(REASON);
    await page.waitForURL(`**/reviewManagement/list/editPage?id=${e2Task}`);
    const sheet = page.locator('.rt-score-sheet');
    await sheet.getByRole('button', { name: btn('提交评分') }).waitFor();
    await poll(() => page.locator('.rt-discussion-closed').textContent()).toContain('提交本人评分后才能查看和参与讨论');
    await screenshot(page, 'review-discussion-04-reopened');
  });
});
