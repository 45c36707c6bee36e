/**
 * Change requests, each role in its own browser: leader1 asks to change a running topic's name and
 * to add a member; city1123 passes; the province passes; the topic now has the new name and
 * member and its log shows the diff. A second request is rejected by the city, edited and
 * submitted again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { buttonName as btn, launchBrowser, openList, pressRowAction, screenshot, tick, visit } from './harness.js';
import { loginSessions } from './login.js';

const RUN = String(Date.now() % 100_000);
const NEW_NAME = `变更后的课题名称${RUN}`;
const NEW_MEMBER = `新成员${RUN}`;

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

/** The list row of a topic (by a text it shows). */
function row(list: Locator, text: string): Locator {
  return list.locator('.ant-table-tbody tr.ant-table-row', { hasText: text }).first();
}

/** Fires a transition from the list: its comment dialog or its confirm, then waits for the new status. */
async function decide(
  page: Page,
  rowText: string,
  label: string,
  comment: string | null,
  expected: string,
): Promise<void> {
  const list = await openList(page, '/projectManagement/changeList');
  const r = row(list, rowText);
  await r.waitFor();
  await pressRowAction(page, r, label);
  const dialog = page.locator('.ant-modal:visible');
  const confirm = page.locator('.ant-popconfirm:visible');
  await poll(async () => (await dialog.count()) + (await confirm.count())).toBeGreaterThan(0);
  if (await dialog.count()) {
    if (comment) await dialog.locator('textarea').fill(comment);
    await dialog.getByRole('button', { name: btn('确定') }).click();
  } else {
    await confirm.getByRole('button', { name: btn('确定') }).click();
  }
  await poll(() => row(list, rowText).textContent()).toContain(expected);
}

const item = (form: Locator, label: string) =>
  form.locator('.ant-formily-item', { has: form.page().locator(`label:text-is("${label}")`) }).first();

describe('change requests', () => {
  let topicName = '';

  it('leader1 asks to change the name of a running topic and to add a member', async () => {
    const page = await as('leader1');
    const list = await openList(page, '/projectManagement/changeList');
    await poll(() => list.locator('.runtime-list-title').textContent()).toBe('课题变更申请');
    await screenshot(page, 'changes-01-leader-list');
    await page.getByRole('button', { name: /新增变更申请/ }).click();
    await page.waitForURL('**/projectManagement/changeList/create');
    const form = page.locator('.runtime-form-add');
    await form.waitFor();

    await item(form, '变更课题').locator('.ant-select').click();
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    await option.waitFor();
    topicName = (await option.getAttribute('title')) ?? (await option.textContent()) ?? '';
    expect(topicName).not.toBe('');
    await option.click();
    await tick(form.getByLabel('变更课题名称'));
    await tick(form.getByLabel('变更课题成员'));
    // The topic's current values appear beside the new ones.
    await poll(() => item(form, '原课题名称').textContent()).toContain(topicName);
    await item(form, '变更后课题名称').locator('input').fill(NEW_NAME);
    const members = item(form, '变更后课题组成员');
    const before = await members.locator('tbody tr.ant-table-row').count();
    expect(before).toBeGreaterThan(0); // the current members, to add one to
    await members.getByRole('button', { name: /添加成员/ }).click();
    await members.getByLabel(`姓名（第${before + 1}行）`).fill(NEW_MEMBER);
    await members.getByLabel(`工作单位（第${before + 1}行）`).fill('石家庄市第一中学');
    await form.locator('textarea[placeholder="请说明变更原因"]').fill('课题研究聚焦，需调整名称并充实课题组');
    await screenshot(page, 'changes-02-leader-form');
    await form.getByRole('button', { name: btn('提交') }).click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: btn('确定') })
      .click();
    await page.waitForURL('**/projectManagement/changeList');
    const after = await openList(page, '/projectManagement/changeList');
    await poll(() => row(after, topicName).textContent()).toContain('市级审核中');
  });

  it('city1101 does not see it; city1123 passes it to the province', async () => {
    const other = await as('city1101');
    const otherList = await openList(other, '/projectManagement/changeList');
    await poll(() => otherList.textContent()).not.toContain(topicName);

    const page = await as('city1123');
    const list = await openList(page, '/projectManagement/changeList');
    await poll(() => list.locator('.runtime-list-title').textContent()).toBe('课题变更管理');
    await decide(page, topicName, '审核通过', '同意变更，报省级审核', '省级审核中');
    await screenshot(page, 'changes-03-city-list');
  });

  it('the province passes it and the change reaches the topic, with the diff in its log', async () => {
    const page = await as('province');
    await decide(page, topicName, '审核通过', null, '审核通过');

    const leader = await as('leader1');
    const list = await openList(leader, '/projectManagement/changeList');
    await row(list, topicName).getByRole('link').first().click();
    await leader.waitForURL('**/changeList/detail**');
    await poll(() => leader.locator('.runtime-page').textContent()).toContain('审核通过');

    await visit(leader, '/projectManagement/projectList');
    const topics = leader.locator('.runtime-list');
    await poll(() => topics.textContent()).toContain(NEW_NAME);
    await pressRowAction(leader, row(topics, NEW_NAME), '查看');
    await leader.waitForURL('**/projectList/projectDetail**');
    await leader.getByRole('tab', { name: '操作记录' }).click();
    const log = leader.locator('.ant-tabs-tabpane-active');
    await poll(() => log.textContent()).toContain('变更');
    // A row's changed fields open under it.
    const expanders = log.locator('.ant-table-row-expand-icon-collapsed');
    for (let i = await expanders.count(); i > 0; i -= 1) await expanders.first().click();
    await poll(() => log.textContent()).toContain(NEW_NAME);
    await poll(() => log.textContent()).toContain(topicName);
    await poll(() => log.textContent()).toContain(NEW_MEMBER);
    await screenshot(leader, 'changes-04-topic-log');
  });

  it('a second request is rejected by the city, edited and submitted again', async () => {
    const leader = await as('leader1');
    await visit(leader, `/projectManagement/changeList/create`);
    const form = leader.locator('.runtime-form-add');
    await form.waitFor();
    await item(form, '变更课题').locator('.ant-select').click();
    await leader.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: NEW_NAME }).first().click();
    await tick(form.getByLabel('变更研究目标'));
    await item(form, '变更后研究目标').locator('textarea').fill('形成区域推广的课堂评价工具包');
    await form.locator('textarea[placeholder="请说明变更原因"]').fill('细化研究目标');
    await form.getByRole('button', { name: btn('提交') }).click();
    await leader
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: btn('确定') })
      .click();
    await leader.waitForURL('**/projectManagement/changeList');

    const city = await as('city1123');
    await decide(city, '变更研究目标', '驳回', '请补充目标的可检验指标', '审核驳回');

    const list = await openList(leader, '/projectManagement/changeList');
    const r = row(list, '变更研究目标');
    await poll(() => r.textContent()).toContain('审核驳回');
    await pressRowAction(leader, r, '编辑');
    await leader.waitForURL('**/changeList/create?id=**');
    const edit = leader.locator('.runtime-form-edit');
    await edit.waitFor();
    await item(edit, '变更后研究目标').locator('textarea').fill('形成区域推广的课堂评价工具包，覆盖10所实验校');
    await edit.getByRole('button', { name: btn('提交') }).click();
    await leader
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: btn('确定') })
      .click();
    await leader.waitForURL('**/projectManagement/changeList');
    const again = await openList(leader, '/projectManagement/changeList');
    await poll(() => row(again, '变更研究目标').textContent()).toContain('市级审核中');
    await screenshot(leader, 'changes-05-resubmitted');
  });
});
