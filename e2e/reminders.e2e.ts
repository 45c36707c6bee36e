/**
 * Deadline reminders: leader1 turns e-mail off for 申报截止提醒 on 消息提醒设置 and keeps a draft
 * under an application notice of this journey's, closing in a month (the demo drafts may have been
 * submitted by journeys before this one); then the reminder job runs (a second server process on
 * the journeys' data, as WORKERS starts one, with the job every few seconds and REMINDER_DAYS
 * reaching the demo deadlines): the draft brings 申报即将截止 to the bell and its list, expert1's
 * open review tasks bring 评审即将截止, and leader1's choice is still off afterwards.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { REMINDER_JOB } from '../src/server/modules/reminders/reminders.js';
import { startPortal, type Portal } from './globalSetup.js';
import {
  animationsDone,
  api,
  buttonName as btn,
  dataDir,
  expectMessage,
  launchBrowser,
  screenshot,
  visit,
} from './harness.js';
import { publishNotice } from './publishNotice.js';
import { closeTourIfShown, openPageAs } from './login.js';

const RUN = String(Date.now() % 1_000_000);
const NOTICE = `关于开展课题申报截止提醒试点的通知${RUN}`;

const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout, interval: 300 });

let browser: Browser;
let jobs: Portal | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await jobs?.stop();
  await browser?.close();
});

const LABEL = '申报截止提醒：邮件';
const switchOf = (page: Page) =>
  page
    .locator('.ant-formily-item', { has: page.locator('.ant-formily-item-label', { hasText: LABEL }) })
    .getByRole('switch');

async function openSettings(page: Page) {
  await visit(page, '/personalSettings/notificationSettings');
  await poll(() => switchOf(page).count()).toBe(1);
}

/** The job process: the demo notices close in 60 days, the demo review batch in 25. */
async function startReminderJob(): Promise<Portal> {
  const saved = { JOB_INTERVAL_MINUTES: process.env.JOB_INTERVAL_MINUTES, REMINDER_DAYS: process.env.REMINDER_DAYS };
  process.env.JOB_INTERVAL_MINUTES = '0.05';
  process.env.REMINDER_DAYS = '60';
  try {
    return await startPortal('reminders', dataDir());
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/**
 * Waits for `n` more turns of the reminder job. Each turn takes the job's lease anew, with a later
 * expiry (src/server/platform/jobs/schedule.ts), and a turn is not taken while the one before it
 * runs: once two more are taken, one whole turn has run since the call.
 */
async function jobTurns(n: number): Promise<void> {
  const db = new SQLite(path.join(dataDir(), 'portal.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const lease = () =>
      (
        db.prepare('SELECT expires_at FROM job_lease WHERE name = ?').get(`${REMINDER_JOB}:turn`) as
          { expires_at: number } | undefined
      )?.expires_at;
    for (let i = 0; i < n; i += 1) {
      const before = lease();
      await poll(lease).not.toBe(before);
    }
  } finally {
    db.close();
  }
}

/** Province publishes an application notice closing in a month; leader1 keeps a draft under it. */
async function draftUnderClosingNotice(leader: Page): Promise<void> {
  const province = await openPageAs(browser, 'province', '/homePage');
  try {
    const notice = await publishNotice(province.page, NOTICE);
    const draft = await api(leader, 'resource/topic/save', { noticeId: notice.id, name: `课题申报截止提醒${RUN}` });
    expect(draft.flag, draft.result).toBe(true);
  } finally {
    await province.context.close();
  }
}

/** Opens the bell's drop-down (the user's notices) and answers the titles it lists. */
async function bellTitles(page: Page): Promise<string[]> {
  await page.reload();
  await closeTourIfShown(page);
  const bell = page.getByTestId('notice-bell');
  await bell.click();
  const panel = page.getByTestId('notice-panel');
  await panel.locator('.shell-notice-item, .ant-empty').first().waitFor();
  await animationsDone(page);
  return panel.locator('.shell-notice-item').allInnerTexts();
}

describe('deadline reminders', () => {
  it('reach leader1 and expert1 in the bell; leader1 keeps e-mail off', async () => {
    const leader = await openPageAs(browser, 'leader1', '/homePage');
    await openSettings(leader.page);
    await poll(() => switchOf(leader.page).getAttribute('aria-checked')).toBe('true');
    await switchOf(leader.page).click();
    await leader.page.getByRole('button', { name: btn('保存') }).click();
    await expectMessage(leader.page, '操作成功');
    await draftUnderClosingNotice(leader.page);

    jobs = await startReminderJob();

    // The reminder of the notice leader1 has a draft under, in the bell's list.
    await visit(leader.page, '/projectManagement/projectList');
    await poll(async () => (await bellTitles(leader.page)).join('\n'), 90_000).toContain(`申报即将截止：${NOTICE}`);
    const item = leader.page
      .getByTestId('notice-panel')
      .locator('.shell-notice-item', { hasText: `申报即将截止：${NOTICE}` })
      .first();
    await expect(item.textContent()).resolves.toContain('尚未提交');
    await screenshot(leader.page, 'reminders-01-leader-bell');
    // Followed, it opens the draft it is about.
    await item.click();
    await leader.page.waitForURL('**/projectManagement/projectList/projectDetail?id=*');

    const expert = await openPageAs(browser, 'expert1', '/reviewManagement/list');
    await poll(async () => (await bellTitles(expert.page)).join('\n'), 60_000).toContain('评审即将截止：');
    await screenshot(expert.page, 'reminders-02-expert-bell');
    await expert.context.close();

    // Sent once: the job's next turns add no second one (the bell is on the list; 课题详情 has no header).
    await visit(leader.page, '/projectManagement/projectList');
    await jobTurns(2);
    const again = (await bellTitles(leader.page)).filter((t) => t.includes('申报即将截止：'));
    expect(again.length).toBeGreaterThan(0);
    const titles = again.map((t) => t.split('\n')[0]);
    expect(new Set(titles).size).toBe(titles.length);
    await jobs.stop();
    jobs = undefined;

    // The choice leader1 made is kept through the reminders.
    await openSettings(leader.page);
    await poll(() => switchOf(leader.page).getAttribute('aria-checked')).toBe('false');
    await screenshot(leader.page, 'reminders-03-choice-kept');
    // Back as the demo data had it.
    await switchOf(leader.page).click();
    await leader.page.getByRole('button', { name: btn('保存') }).click();
    await expectMessage(leader.page, '操作成功');
    expect(leader.errors).toEqual([]);
    await leader.context.close();
  }, 300_000);
});
