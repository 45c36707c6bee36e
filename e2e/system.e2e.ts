/**
 * System management and sign-up, each person in their own browser: the super admin renames the
 * system, uploads a logo and turns on sign-up approval, and the header shows them; a visitor signs
 * up with an SMS code; city1123 approves; the new leader logs in and applies for a topic with their
 * unit already filled in; the super admin grants them the expert role and the role switch offers it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { idCardCheckChar } from '../src/shared/idCard.js';
import {
  api,
  buttonName as btn,
  captchaCode,
  launchBrowser,
  openPage,
  pressRowAction,
  screenshot,
  smsCode,
  touched,
  visit,
} from './harness.js';
import { publishNotice } from './publishNotice.js';
import { closeTourIfShown, loginViaUi } from './login.js';

const RUN = String(Date.now() % 100_000).padStart(5, '0');
const SYSTEM_NAME = `省教育科研课题平台${RUN}`;
const USERNAME = `teacher${RUN}`;
const PASSWORD = 'Signup@2026x';
const REAL_NAME = `孙老师${RUN}`;
const MOBILE = `139${RUN}${RUN.slice(0, 3)}`;
const ID_BASE = `13068219850612${RUN.slice(-3)}`;
const ID_NO = ID_BASE + idCardCheckChar(ID_BASE);
const UNIT = '定州市实验小学';
const NOTICE = `系统管理旅程申报通知${RUN}`;
// The smallest PNG: one transparent pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 150 });
const item = (form: Locator, label: string) =>
  form.locator('.ant-formily-item', { has: form.page().locator(`label:text-is("${label}")`) }).first();

let browser: Browser;
const contexts: BrowserContext[] = [];
const sessions: Record<string, Promise<Page>> = {};
beforeAll(async () => {
  browser = await launchBrowser();
});
/** The site settings as the journeys before this one left them: put back at the end for those after it. */
let siteBefore: Record<string, unknown> | undefined;
afterAll(async () => {
  if (siteBefore) {
    const page = await as('admin');
    const now = await api(page, 'resource/siteSetting/get', { id: 1 });
    const { systemName, organize, reviewType, logo, signUpApproval } = siteBefore;
    const back = { id: 1, version: now.data.version, systemName, organize, reviewType, logo, signUpApproval };
    const saved = await api(page, 'resource/siteSetting/save', back);
    expect(saved.flag, JSON.stringify(saved)).toBe(true);
  }
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
});

function as(username: string, password?: string): Promise<Page> {
  sessions[username] ??= (async () => {
    const { context, page } = await openPage(browser, '/homePage');
    contexts.push(context);
    await loginViaUi(page, username, password ? { password } : {});
    return page;
  })();
  return sessions[username];
}

async function usersRow(page: Page, text: string): Promise<Locator> {
  await visit(page, '/systemManagement/roleUserManagement');
  const list = page.locator('.runtime-list');
  await list.locator('.ant-table-tbody').waitFor();
  const row = list.locator('.ant-table-tbody tr.ant-table-row', { hasText: text }).first();
  await row.waitFor();
  return row;
}

describe('system management and sign-up', () => {
  it('the super admin renames the system, uploads a logo and turns on sign-up approval; the header shows them', async () => {
    const page = await as('admin');
    const before = await api(page, 'resource/siteSetting/get', { id: 1 });
    expect(before.flag).toBe(true);
    siteBefore = before.data;
    await visit(page, '/systemSet/addSubSystem');
    const form = page.locator('.runtime-form-edit');
    await form.waitFor();
    await item(form, '系统名称').locator('input').fill(SYSTEM_NAME);
    const approval = item(form, '注册需市级审核').locator('.ant-switch');
    if ((await approval.getAttribute('aria-checked')) !== 'true') await approval.click();
    await item(form, '系统标识')
      .locator('input[type=file]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await item(form, '系统标识').locator('.portal-upload-status', { hasText: '上传成功' }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'system-01-settings');
    await form.getByRole('button', { name: btn('保存') }).click();
    await page.locator('.ant-message-notice', { hasText: '成功' }).first().waitFor();
    // The header reads the site settings as the app starts: a reload shows the new ones.
    await page.goto('/homePage');
    await touched(page);
    await poll(() => page.locator('.shell-system-name').textContent()).toBe(SYSTEM_NAME);
    await poll(() => page.locator('.shell-logo').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await screenshot(page, 'system-02-header');
  });

  it('a visitor signs up with an SMS code and waits for the city admin', async () => {
    const { context, page, errors } = await openPage(browser, '/signUp/signUp');
    contexts.push(context);
    const form = page.locator('.runtime-form-add');
    await form.waitFor();
    await item(form, '账号').locator('input').fill(USERNAME);
    await item(form, '密码').locator('input').fill(PASSWORD);
    await poll(() => item(form, '密码').locator('[data-met="yes"]').count()).toBe(1);
    await item(form, '真实姓名').locator('input').fill(REAL_NAME);
    await item(form, '身份证号').locator('input').fill(ID_NO);
    await item(form, '手机号').locator('input').fill(MOBILE);
    // The SMS code is asked for with the picture captcha, which stays as typed for 注册.
    await page.locator('.runtime-captcha-picture img').waitFor();
    await item(form, '验证码').locator('input').fill(captchaCode());
    await page.getByTestId('sms-send').click();
    await page.locator('.ant-message-notice', { hasText: '短信验证码已发送' }).first().waitFor();
    await item(form, '短信验证码').locator('input').fill(smsCode());
    await item(form, '所在单位').locator('.ant-select').click();
    await page.keyboard.type(UNIT);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: UNIT }).first().click();
    await poll(() => item(form, '验证码').locator('input').inputValue()).toBe(captchaCode());
    await screenshot(page, 'system-03-sign-up');
    await form.getByRole('button', { name: btn('注册') }).click();
    await page
      .locator('.ant-message-notice', { hasText: '注册成功，请等待市级管理员审核通过后登录' })
      .first()
      .waitFor();
    await page.waitForURL('**/homePage');
    expect(errors).toEqual([]);
  });

  it('city1123 approves the sign-up from the users list', async () => {
    const page = await as('city1123');
    const row = await usersRow(page, USERNAME);
    expect(await row.textContent()).toContain('待审核');
    expect(await row.textContent()).not.toContain(MOBILE);
    await pressRowAction(page, row, '审核通过');
    await page
      .locator('.ant-popconfirm:visible, .ant-modal:visible')
      .last()
      .getByRole('button', { name: btn('确定') })
      .click();
    await poll(() =>
      page.locator('.ant-table-tbody tr.ant-table-row', { hasText: USERNAME }).first().textContent(),
    ).toContain('正常');
    await screenshot(page, 'system-04-approved');
  });

  it('the new leader logs in and applies for a topic with the unit already filled in', async () => {
    const province = await as('province');
    const notice = await publishNotice(province, NOTICE);

    const page = await as(USERNAME, PASSWORD);
    await poll(() => page.locator('.shell-role-switch').innerText()).toContain('课题负责人');
    await visit(page, `/projectManagement/declarationGuidelines/projectApplication?noticeId=${notice.id}`);
    const form = page.locator('.runtime-form');
    await form.waitFor();
    await form.locator('input[placeholder="请输入课题名称"]').fill(`新注册教师的课题${RUN}`);
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
    await page.getByRole('button', { name: btn('下一步') }).click();
    await poll(() => item(form, '单位名称').textContent()).toContain(UNIT);
    await screenshot(page, 'system-05-application-unit');
  });

  it('the super admin grants the new user the expert role; the role switch offers it', async () => {
    const page = await as('admin');
    const row = await usersRow(page, USERNAME);
    await pressRowAction(page, row, '编辑');
    const form = page.locator('.runtime-form-edit');
    await form.waitFor();
    // The role boxes are drawn from the role dictionary and redrawn when the form's other
    // dictionaries arrive: a click during a redraw was once lost (the box stayed unchecked), so
    // the box is checked until it shows checked.
    const expert = item(form, '角色').getByLabel('评审专家');
    await poll(async () => {
      await expert.check({ timeout: 2000 }).catch(() => undefined);
      return expert.isChecked();
    }).toBe(true);
    await form.getByRole('button', { name: btn('保存') }).click();
    await page.waitForURL('**/systemManagement/roleUserManagement');
    await poll(() =>
      page.locator('.ant-table-tbody tr.ant-table-row', { hasText: USERNAME }).first().textContent(),
    ).toContain('评审专家');

    // Roles are read at login: the new user signs in again and finds the switch.
    const { context, page: again } = await openPage(browser, '/homePage');
    contexts.push(context);
    await loginViaUi(again, USERNAME, { password: PASSWORD });
    await again.locator('.shell-role-switch button').click();
    const dialog = again.locator('.shell-role-dialog');
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.locator('.ant-radio-wrapper').allInnerTexts()).toEqual(['课题负责人', '评审专家']);
    await dialog.locator('.ant-radio-wrapper', { hasText: '评审专家' }).click();
    await Promise.all([again.waitForEvent('load'), dialog.locator('.ant-btn-primary').click()]);
    await closeTourIfShown(again);
    await poll(() => again.locator('.shell-role-switch').innerText()).toContain('评审专家');
    await screenshot(again, 'system-06-expert-role');
  });
});
