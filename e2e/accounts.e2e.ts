/**
 * An applicant's own account, from the public home page on: a visitor finds 注册 there, signs up
 * with an e-mail and confirms it by the link in the mail (an SMTP receiver of this journey's takes
 * the portal's mail), applies to an open application notice from its 我要申报 (asked to sign in
 * first, then on that notice's application form), changes the password in 个人中心 while a second
 * browser of the same person is signed in (that one is signed out on its next action); the
 * reminder e-mail about the draft leads, after signing in, to that very topic; then the applicant
 * signs out, sets a new password with 忘记密码 and the SMS code the log shows, and signs in with it.
 *
 * The portal of this journey is a second process on the journeys' data (as WORKERS starts one)
 * with mail going to the receiver, SMS codes drawn at random and written to its log (the `log`
 * driver), and the reminder job every few seconds reaching the notice's deadline.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { idCardCheckChar } from '../src/shared/idCard.js';
import { startMailReceiver, type ReceivedMail } from '../src/server/platform/testing/mailReceiver.js';
import { SMS_MIN_INTERVAL_MS } from '../src/server/platform/sso/smsCodes.js';
import { startPortal, type Portal } from './globalSetup.js';
import {
  animationsDone,
  api,
  buttonName as btn,
  captchaCode,
  dataDir,
  launchBrowser,
  openPage,
  screenshot,
  touched,
  visit,
} from './harness.js';
import { publishNotice } from './publishNotice.js';
import { LOGIN_DIALOG, loginViaUi, logoutViaUi, openLoginDialog, openPageAs } from './login.js';

const RUN = String(Date.now() % 100_000).padStart(5, '0');
const USERNAME = `applicant${RUN}`;
const EMAIL = `applicant${RUN}@example.cn`;
const FIRST_PASSWORD = 'Spring-river-lamp-2026';
const CHANGED_PASSWORD = 'Autumn-harbor-kite-77';
const RESET_PASSWORD = 'Winter-orchard-bell-58';
const REAL_NAME = `周老师${RUN}`;
const MOBILE = `137${RUN}${RUN.slice(0, 3)}`;
const ID_BASE = `13068219860714${RUN.slice(-3)}`;
const ID_NO = ID_BASE + idCardCheckChar(ID_BASE);
const UNIT = '定州市实验小学';
const NOTICE = `个人账号旅程申报通知${RUN}`;
const TOPIC = `新教师自主申报课题${RUN}`;

const poll = <T>(fn: () => T | Promise<T>, timeout = 30_000) => expect.poll(fn, { timeout, interval: 250 });
const item = (form: Locator, label: string) =>
  form.locator('.ant-formily-item', { has: form.page().locator(`label:text-is("${label}")`) }).first();

let browser: Browser;
let portal: Portal;
let mail: Awaited<ReturnType<typeof startMailReceiver>>;
let noticeId = 0;
let topicId = 0;
let signUpSmsAt = 0;
const contexts: BrowserContext[] = [];

/** Opens a page of this journey's portal in a fresh browser context. */
async function open(pathname: string) {
  const opened = await openPage(browser, pathname, { baseURL: portal.baseURL });
  contexts.push(opened.context);
  return opened;
}

/** The first mail to `to` whose subject holds `subject`, once it has come. */
async function mailTo(to: string, subject: string): Promise<ReceivedMail> {
  const find = () => mail.mails.find((m) => m.to.includes(to) && m.subject.includes(subject));
  await poll(() => Boolean(find()), 90_000).toBe(true);
  return find()!;
}

/** The one link of a mail that leads into the portal. */
function linkIn(m: ReceivedMail): string {
  const links = m.text.match(/https?:\/\/\S+/g) ?? [];
  const ours = links.filter((l) => l.startsWith(portal.baseURL));
  expect(ours, m.text).toHaveLength(1);
  return ours[0];
}

/** The SMS code the log driver wrote for MOBILE after `from` bytes of the log. */
async function smsCodeFromLog(from: number): Promise<string> {
  const masked = `${MOBILE.slice(0, 2)}*****${MOBILE.slice(-4)}`;
  const read = () => {
    const lines = fs.readFileSync(portal.logFile, 'utf8').slice(from).split('\n');
    const line = lines.reverse().find((l) => l.includes(masked) && l.includes('您的验证码为'));
    return line ? /您的验证码为(\d{6})/.exec(line)![1] : '';
  };
  await poll(read).toMatch(/^\d{6}$/);
  return read();
}

const logSize = () => fs.statSync(portal.logFile).size;

/** Waits for a time a server rule names (a rate limit), not for anything the page shows. */
async function until(time: number): Promise<void> {
  const left = time - Date.now();
  if (left > 0) await new Promise((r) => setTimeout(r, left));
}

beforeAll(async () => {
  browser = await launchBrowser();
  mail = await startMailReceiver();
  // The notice is published on the journeys' portal: the data is the same.
  const province = await openPageAs(browser, 'province', '/homePage');
  noticeId = (await publishNotice(province.page, NOTICE)).id;
  await province.context.close();
  portal = await startPortal('accounts', dataDir(), {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(mail.channels.smtp!.port),
    SMTP_SECURE: 'false',
    MAIL_FROM: '课题管理平台 <noreply@ky.example.cn>',
    SMS_TEST_CODE: '',
    LOG_LEVEL: 'info',
    JOB_INTERVAL_MINUTES: '0.05',
    // The notice closes in a month.
    REMINDER_DAYS: '40',
  });
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await portal?.stop();
  await mail?.close();
  await browser?.close();
});

describe('an applicant looks after their own account', () => {
  let page: Page;

  it('a visitor finds 注册 on the home page, signs up with an e-mail and confirms it from the mail', async () => {
    ({ page } = await open('/homePage'));
    await page.locator('.rt-dash-banner-links').waitFor();
    await screenshot(page, 'accounts-00-home');
    const signUp = page.locator('.rt-dash-banner-links').getByRole('link', { name: '注册' });
    // Readable: white on the blue banner, not the blue of the shell's links.
    expect(await signUp.evaluate((a) => getComputedStyle(a).color)).toBe('rgb(255, 255, 255)');
    await signUp.click();
    await page.waitForURL('**/signUp/signUp');
    const form = page.locator('.runtime-form-add');
    await form.waitFor();
    await item(form, '账号').locator('input').fill(USERNAME);
    await item(form, '密码').locator('input').fill(FIRST_PASSWORD);
    await poll(() => item(form, '密码').locator('[data-met="yes"]').count()).toBe(1);
    await item(form, '真实姓名').locator('input').fill(REAL_NAME);
    await item(form, '身份证号').locator('input').fill(ID_NO);
    await item(form, '手机号').locator('input').fill(MOBILE);
    await item(form, '电子邮箱').locator('input').fill(EMAIL);
    await page.locator('.runtime-captcha-picture img').waitFor();
    await item(form, '验证码').locator('input').fill(captchaCode());
    const before = logSize();
    signUpSmsAt = Date.now();
    await page.getByTestId('sms-send').click();
    await page.locator('.ant-message-notice', { hasText: '短信验证码已发送' }).first().waitFor();
    await item(form, '短信验证码')
      .locator('input')
      .fill(await smsCodeFromLog(before));
    await item(form, '所在单位').locator('.ant-select').click();
    await page.keyboard.type(UNIT);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: UNIT }).first().click();
    await screenshot(page, 'accounts-01-sign-up');
    await form.getByRole('button', { name: btn('注册') }).click();
    await page.locator('.ant-message-notice', { hasText: '注册成功，请登录' }).first().waitFor();
    await page.waitForURL('**/homePage');

    const confirm = await mailTo(EMAIL, '请验证您的电子邮箱');
    await page.goto(linkIn(confirm));
    await page.getByRole('heading', { name: '邮箱验证成功' }).waitFor();
    await screenshot(page, 'accounts-02-e-mail-confirmed');
    await page.getByRole('link', { name: '进入平台' }).click();
    // The server draws home in a frame with a 登录 of its own: the app's header is waited for.
    await touched(page);
    await page.locator('.shell-login-button:visible').waitFor();
  });

  it('我要申报 on the open notice asks to sign in, then opens that notice’s application form', async () => {
    await page.goto('/applicationNotices');
    await touched(page);
    await page.locator('.runtime-list').getByRole('link', { name: NOTICE }).click();
    await page.getByRole('heading', { name: NOTICE }).first().waitFor();
    await page.getByRole('link', { name: '我要申报' }).click();
    await page.locator(LOGIN_DIALOG).waitFor({ state: 'visible' });
    await loginViaUi(page, USERNAME, FIRST_PASSWORD);
    await page.waitForURL((url) => url.pathname.endsWith('/projectApplication'));
    expect(new URL(page.url()).searchParams.get('noticeId')).toBe(String(noticeId));
    const form = page.locator('.runtime-form');
    await form.locator('input[placeholder="请输入课题名称"]').fill(TOPIC);
    for (const label of ['学科分类', '课题类别']) {
      await item(form, label).locator('.ant-select').first().click();
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
    await page.locator('.runtime-autosave-note', { hasText: '草稿已自动保存' }).waitFor();
    // The draft is kept under the notice 我要申报 was pressed on.
    await poll(() => new URL(page.url()).searchParams.get('id')).toMatch(/^\d+$/);
    topicId = Number(new URL(page.url()).searchParams.get('id'));
    const draft = await api(page, 'resource/topic/get', { id: topicId });
    expect(draft.flag, draft.result).toBe(true);
    expect(draft.data).toMatchObject({ noticeId, noticeTitle: NOTICE, name: TOPIC });
    await screenshot(page, 'accounts-03-application-draft');
  });

  it('修改密码 in 个人中心 signs the same person’s other browser out on its next action', async () => {
    const other = await open('/homePage');
    await loginViaUi(other.page, USERNAME, FIRST_PASSWORD);

    await page.locator('.shell-account-menu').click();
    await page.locator('.ant-dropdown:visible').getByText('修改密码').click();
    await page.waitForURL('**/personalSettings/password**');
    const form = page.locator('.runtime-form');
    await form.locator('input[placeholder="请输入原密码"]').fill(FIRST_PASSWORD);
    await form.locator('input[placeholder="请输入新密码"]').fill(CHANGED_PASSWORD);
    await form.locator('input[placeholder="请再次输入新密码"]').fill(CHANGED_PASSWORD);
    await form.getByRole('button', { name: btn('保存') }).click();
    await page.locator('.ant-message-notice', { hasText: '成功' }).first().waitFor();
    await screenshot(page, 'accounts-04-password-changed');

    // The other browser's next step: its menu's 我的课题列表.
    await visit(other.page, '/projectManagement/projectList');
    await other.page.locator(LOGIN_DIALOG).waitFor({ state: 'visible' });
    expect(await other.page.evaluate(() => localStorage.getItem('userObj'))).toBeNull();
    await screenshot(other.page, 'accounts-05-other-browser-signed-out');
    // The browser the change was made in stays signed in.
    await page.goto('/personalSettings/sessions');
    await page.locator('.shell-user-name').waitFor();
    await page.locator('.runtime-list .ant-table-tbody').waitFor();
    expect((await api(page, 'home/queryMenuList')).flag).toBe(true);
    expect(await page.locator(LOGIN_DIALOG).isVisible()).toBe(false);
  });

  it('the reminder e-mail about the draft opens that topic after signing in', async () => {
    const reminder = await mailTo(EMAIL, `申报即将截止：${NOTICE}`);
    expect(reminder.text).toContain(`您的申报书“${TOPIC}”尚未提交`);
    expect(reminder.text).toMatch(/将于\d{4}-\d{2}-\d{2} \d{2}:\d{2}（北京时间）截止/);
    const link = linkIn(reminder);
    const { page: reader } = await open('about:blank');
    await reader.goto(link);
    await reader.locator(LOGIN_DIALOG).waitFor({ state: 'visible' });
    // The topic's page has no header to show the name signed in: the way there is the proof.
    await loginViaUi(reader, USERNAME, { password: CHANGED_PASSWORD, expectSuccess: false });
    expect(new URL(link).searchParams.get('id')).toBe(String(topicId));
    await reader.getByText(TOPIC).first().waitFor();
    await reader.locator(LOGIN_DIALOG).waitFor({ state: 'hidden' });
    expect(reader.url()).toBe(link);
    await screenshot(reader, 'accounts-07-reminder-link');
  }, 180_000);

  it('after signing out, 忘记密码 with the SMS code from the log sets a password that signs in', async () => {
    await logoutViaUi(page);
    await openLoginDialog(page);
    await page.locator(`${LOGIN_DIALOG} .shell-forgot-link`, { hasText: '忘记密码' }).click();
    const forgot = page.locator(`${LOGIN_DIALOG} .shell-forgot-form`);
    await forgot.waitFor();
    await forgot.locator('input[placeholder="请输入账号、手机号或邮箱"]').fill(USERNAME);
    await forgot.locator('.shell-captcha-picture img').waitFor();
    await forgot.locator('input[placeholder="请输入图片验证码"]').fill(captchaCode());
    // One code a minute to a mobile (SMS_MIN_INTERVAL_MS), whatever it is for: the sign-up's came first.
    await until(signUpSmsAt + SMS_MIN_INTERVAL_MS + 1000);
    const before = logSize();
    await forgot.getByTestId('forgot-send').click();
    await page.locator('.ant-message-notice', { hasText: '验证码已发送' }).first().waitFor();
    await forgot.locator('input[placeholder="请输入短信验证码"]').fill(await smsCodeFromLog(before));
    await forgot.locator('input[placeholder="请输入新密码"]').fill(RESET_PASSWORD);
    await forgot.locator('input[placeholder="请再次输入新密码"]').fill(RESET_PASSWORD);
    await screenshot(page, 'accounts-06-forgot-password');
    await forgot.getByRole('button', { name: btn('重置密码') }).click();
    await page.locator('.ant-message-notice', { hasText: '密码已重置，请使用新密码登录' }).first().waitFor();
    await page.locator(`${LOGIN_DIALOG} input[placeholder="请输入密码"]`).waitFor();
    await animationsDone(page);
    await loginViaUi(page, USERNAME, RESET_PASSWORD);
    await poll(() => page.locator('.shell-user-name').textContent()).toBe(REAL_NAME);
  }, 150_000);
});
