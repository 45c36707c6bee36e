/**
 * Keyboard alone (Tab, Shift+Tab, Enter, Space, Escape, arrow keys), for expert2: the login button
 * opens the dialog with the focus in 用户名 and Enter signs in; Escape closes the guided tour; the
 * menu leads to 评审列表, and each move to another page puts the focus on its main heading; the
 * topic of a task opens from its link and 返回 leads back, the focus back at the top of the list;
 * the score sheet is filled and submitted with the keys, 提交评分's confirmation answered by key.
 * The task is set up by city1101 through the API (a 成果鉴定 batch of its own on a 石家庄市 topic waiting
 * at city stage), the only mouse-free part a person does not do here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, captchaCode, demoPassword, inputHandled, launchBrowser, openPage, screenshot } from './harness.js';
import { LOGIN_DIALOG, loginSessions, TOUR } from './login.js';

const RUN = String(Date.now() % 100_000);
const BATCH = `键盘鉴定评审${RUN}`;
/**
 * A demo topic of 石家庄市 waiting at city stage (status 31) that no demo batch holds and no other
 * journey reviews: 定州市's 中期 one is the ended demo batch's, whose decision a later journey makes.
 */
const TOPIC = '红色文化资源融入思政课教学研究';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 150 });

let browser: Browser;
let page: Page;
const sessions = loginSessions(() => browser);
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await sessions.closeAll();
  await browser?.close();
});

/** What has the focus: its tag, accessible text and a few attributes, for matching and for failures. */
async function focused(p: Page): Promise<string> {
  return p.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const name = el.getAttribute('aria-label') ?? el.getAttribute('placeholder') ?? el.innerText ?? '';
    return `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${name.replace(/\s+/g, '')}`.trim();
  });
}

/** Presses `key` (Tab by default) until the focus is on what `want` matches; at most `max` presses. */
async function tabTo(p: Page, want: RegExp, key = 'Tab', max = 60): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await p.keyboard.press(key);
    await inputHandled(p);
    const now = await focused(p);
    if (want.test(now)) return;
    seen.push(now);
  }
  throw new Error(`${key} never reached ${want}; focus went: ${seen.join(' → ')}`);
}

/** After a move to another page the focus is on its main heading (named as the menu names the page). */
const onHeading = async (p: Page, name?: string) =>
  poll(() => focused(p)).toMatch(new RegExp(`^h1\\.shell-page-heading ${name ?? '.+'}$`));

/** The text of the table row holding the focus ('' outside a row). */
const focusRow = (p: Page) => p.evaluate(() => document.activeElement?.closest('tr')?.textContent ?? '');

describe('keyboard only', () => {
  it('city1101 gives expert2 a task (setup through the API)', async () => {
    const city = await sessions.as('city1101');
    const batch = await api(city, 'resource/reviewBatch/save', {
      name: BATCH,
      level: '1',
      stage: '4',
      targetEntity: 'topic',
      startTime: '2026-01-01 08:00:00',
      endTime: '2099-12-31 18:00:00',
      expertsPerTopic: 1,
      rule: '1',
      blind: false,
    });
    expect(batch.flag, JSON.stringify(batch)).toBe(true);
    const topics = await api(city, 'resource/topic/list', { page: 1, pageSize: 100 });
    const topic = (topics.data.list as { id: number; name: string }[]).find((t) => t.name === TOPIC);
    expect(topic, 'the demo topic').toBeDefined();
    const experts = await api(city, 'resource/expert/list', { page: 1, pageSize: 100 });
    const expert = (experts.data.list as { id: number; account?: string }[]).find((e) => e.account === 'expert2');
    expect(expert, "expert2 among the city's experts").toBeDefined();
    const allocated = await api(city, 'review/allocate', {
      batchId: batch.data.id,
      mode: 'manual',
      targetIds: [topic!.id],
      pairs: [{ targetId: topic!.id, expertId: expert!.id }],
    });
    expect(allocated.flag, JSON.stringify(allocated)).toBe(true);
  });

  it('expert2 signs in: the dialog opens on 用户名, Enter signs in, Escape closes the tour', async () => {
    ({ page } = await openPage(browser, '/homePage'));
    await tabTo(page, /shell-login-button/);
    await page.keyboard.press('Enter');
    await page.locator(LOGIN_DIALOG).waitFor();
    await poll(() => focused(page)).toMatch(/^input.* 请输入用户名$/);
    await page.keyboard.type('expert2');
    await tabTo(page, /请输入密码$/);
    await page.keyboard.type(demoPassword());
    await tabTo(page, /请输入验证码$/);
    await page.keyboard.type(captchaCode());
    await page.keyboard.press('Enter');
    await page.locator('.shell-user-name').waitFor();
    await page.locator(LOGIN_DIALOG).waitFor({ state: 'hidden' });
    // expert2 never finished the tour, so it shows after the login; Escape closes it.
    await poll(() => page.locator('[data-tour]').first().getAttribute('data-tour')).toBe('shown');
    await page.locator(TOUR).first().waitFor();
    await page.keyboard.press('Escape');
    await page.locator(TOUR).first().waitFor({ state: 'hidden' });
    await screenshot(page, 'keyboard-01-signed-in');
  });

  it('the menu leads to 评审列表, the focus on its heading; the topic opens from its link and 返回 leads back', async () => {
    // The top menu is one stop of Tab; its arrow keys move between its entries.
    await tabTo(page, /shell-top-menu/);
    await tabTo(page, /^li\b.* 评审管理$/, 'ArrowRight', 10);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/reviewManagement/**');
    // The sub-menu's entry, if 评审管理 did not open 评审列表 itself.
    if (!page.url().includes('/reviewManagement/list')) {
      await tabTo(page, / 评审列表\d*$/);
      await page.keyboard.press('Enter');
      await page.waitForURL('**/reviewManagement/list');
    }
    await onHeading(page, '评审列表');
    const list = page.locator('.runtime-list');
    await list.locator('.ant-table-tbody tr.ant-table-row', { hasText: BATCH }).waitFor();
    await tabTo(page, new RegExp(`^a\\b.* ${TOPIC}$`));
    while (!(await focusRow(page)).includes(BATCH)) await tabTo(page, new RegExp(`^a\\b.* ${TOPIC}$`));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/reviewManagement/list/lookPage**');
    await onHeading(page);
    await page.locator('.rt-score-sheet').waitFor();
    await screenshot(page, 'keyboard-02-topic');
    await tabTo(page, /^button\b.* 返回$/);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/reviewManagement/list');
    await onHeading(page, '评审列表');
  });

  it('expert2 scores the task and submits it, the confirmation answered by key', async () => {
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: BATCH }).first();
    await row.waitFor();
    // From the heading: down the list to the row's 评分.
    await tabTo(page, /^(a|button)\b.* 评分$/);
    while (!(await focusRow(page)).includes(BATCH)) await tabTo(page, /^(a|button)\b.* 评分$/);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/reviewManagement/list/editPage**');
    const sheet = page.locator('.rt-score-sheet');
    await sheet.waitFor();
    const inputs = sheet.locator('input[aria-label$="得分"]');
    await poll(() => inputs.count()).toBeGreaterThan(0);
    const n = await inputs.count();
    for (let i = 0; i < n; i++) {
      const label = (await inputs.nth(i).getAttribute('aria-label'))!;
      await tabTo(page, new RegExp(` ${label}$`));
      await page.keyboard.type('8');
    }
    // 推荐意见: Tab into the group, the arrow key moves the choice, Space takes it.
    await tabTo(page, /^input\b.*radio/);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Space');
    await poll(() => sheet.locator('[aria-label="推荐意见"] input:checked').count()).toBe(1);
    await tabTo(page, / 评审意见$/);
    await page.keyboard.type('研究目标基本达成，成果可推广。');
    await tabTo(page, /^button\b.* 提交评分$/);
    await page.keyboard.press('Enter');
    const pop = page.locator('.ant-popconfirm:not(.ant-popover-hidden)').last();
    await pop.waitFor();
    // The confirmation takes the focus, so the keys answer it where it opened.
    await poll(() => focused(page)).toMatch(/^button\b.* 确定$/);
    await screenshot(page, 'keyboard-03-confirm');
    await page.keyboard.press('Enter');
    await poll(() => sheet.getAttribute('data-status')).toBe('2');
    await poll(() => sheet.textContent()).toContain('评分已提交，不能修改');
    // 提交评分 is gone with the sheet locked: the focus is on the page's heading, not lost on the body.
    await onHeading(page);
  });
});
