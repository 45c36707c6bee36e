/**
 * The application's guidance panel: leader1 opens 申报 on an open notice, reads beside the steps
 * what is still missing, types the topic's name and watches it leave the list; with everything
 * but the application document filled, 提交 on the last step says what blocks it and sends nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, buttonName as btn, expectMessage, launchBrowser, screenshot, settled, visit } from './harness.js';
import { publishNotice } from './publishNotice.js';
import { openPageAs } from './login.js';
import { idCardCheckChar } from '../src/shared/idCard.js';

const RUN = String(Date.now() % 1_000_000);
const NOTICE = `关于开展课题申报指引试点的通知${RUN}`;
const TOPIC = `课题申报指引${RUN}`;
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 150 });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('application guidance', () => {
  it('leader1 sees what is missing, fills it, and reads why 提交 is blocked', async () => {
    const province = await openPageAs(browser, 'province', '/homePage');
    await publishNotice(province.page, NOTICE);
    await province.context.close();

    const { page, context, errors } = await openPageAs(browser, 'leader1', '/projectManagement/declarationGuidelines');
    const row = page.locator('.ant-table-row', { hasText: NOTICE }).first();
    await row.waitFor();
    await settled(page);
    await row
      .getByText(/^申\s*报$/)
      .first()
      .click();
    await page.waitForURL('**/projectApplication?noticeId=*');
    const form = page.locator('.runtime-form');
    await form.waitFor();
    const panel = page.getByRole('complementary', { name: '填写指引' });
    const items = () => panel.locator('li').allInnerTexts();
    await poll(items).toContain('请输入课题名称');
    expect(await items()).toContain('请上传申报书');
    await screenshot(page, 'guidance-01-missing');

    await form.locator('input[placeholder="请输入课题名称"]').fill(TOPIC);
    await poll(items).not.toContain('请输入课题名称');
    for (const label of ['学科分类', '课题类别']) {
      await form.locator('.ant-formily-item', { hasText: label }).locator('.ant-select').first().click();
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .first()
        .waitFor();
      await page.keyboard.press('Enter');
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
        .waitFor({ state: 'detached' })
        .catch(() => undefined);
    }
    await poll(items).not.toContain('请选择课题类别');
    await page.getByRole('button', { name: btn('下一步') }).click();
    await poll(() => page.url()).toContain('id=');
    const topicId = Number(new URL(page.url()).searchParams.get('id'));

    // The people, tables and texts as the form sends them; only the application document is left.
    const rec = await api(page, 'resource/topic/get', { id: topicId });
    const memberBase = `13010219900303${RUN.slice(-3).padStart(3, '0')}`;
    const done = await api(page, 'resource/topic/save', {
      id: topicId,
      version: rec.data.version,
      noticeId: rec.data.noticeId,
      name: TOPIC,
      subject: rec.data.subject,
      category: rec.data.category,
      leader: '张老师',
      leaderIdCard: `13010219800101${RUN.slice(-3).padStart(3, '0')}X`,
      leaderMobile: '13912345678',
      unit: '第一实验中学',
      members: [
        {
          name: '李华',
          unit: '第一实验中学',
          title: '一级教师',
          duty: '资料整理',
          idCard: memberBase + idCardCheckChar(memberBase),
        },
      ],
      researchContent: '研究跨学科主题学习的设计与实施。',
      researchTarget: '形成可推广的教学模式。',
      phases: [{ name: '准备阶段', startDate: '2026-01-01', endDate: '2026-03-31', content: '文献研究' }],
    });
    expect(done.flag, JSON.stringify(done)).toBe(true);
    await visit(page, `/projectManagement/declarationGuidelines/projectApplication?id=${topicId}`);
    await page.locator('.runtime-form').waitFor();
    await poll(items).toEqual(['请上传申报书']);
    for (let i = 0; i < 4; i++) await page.getByRole('button', { name: btn('下一步') }).click();

    await page.getByRole('button', { name: btn('提交') }).click();
    await expectMessage(page, '尚有1项内容未完成，暂不能提交');
    await poll(() => panel.getByRole('alert').textContent()).toContain('尚有1项内容未完成，暂不能提交');
    await screenshot(page, 'guidance-02-submit-blocked');
    // Nothing was sent: the topic is still a draft.
    expect(String((await api(page, 'resource/topic/get', { id: topicId })).data.status)).toBe('0');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
