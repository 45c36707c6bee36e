/**
 * The schema studio (表单设计): the analyst adds a field to the topic application (entity and
 * page) in the browser, sees it in the preview, publishes, and a project leader sees and saves the
 * field on another server process on the same data without a restart; a publish with a checker
 * problem is refused with the file and path; the analyst rolls back and the field is gone (its
 * stored value kept). An access change is a proposal: the analyst widens who reads topics, the
 * studio shows leader1's reach before → after, the analyst cannot publish it, admin approves it and
 * leader1 reads the wider count; its rollback waits for the same approval.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  api,
  buttonName as btn,
  dataDir,
  expectMessage,
  launchBrowser,
  openPage,
  screenshot,
  visit,
} from './harness.js';
import { loginViaUi, openPageAs } from './login.js';
import { startPortal, type Portal } from './globalSetup.js';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 200 });
const ENTITY = 'entities/topic';
const PAGE = 'pages/topics/topic.application';
const VALUE = '省教育科学研究院合作组';

let browser: Browser;
let other: Portal;
beforeAll(async () => {
  browser = await launchBrowser();
  other = await startPortal('studio-second', dataDir());
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await other?.stop();
});

/** Opens a file of the tree (searched by its name) and answers its JSON as the editor holds it. */
async function openFile(page: Page, key: string): Promise<any> {
  await page.getByLabel('搜索配置文件').fill(key);
  await page.locator(`.studio-tree [data-key="${key}"]`).click();
  await poll(() => page.locator('.runtime-studio').textContent()).toContain(`${key}.json`);
  return JSON.parse(await editorText(page));
}

/** The whole text of the code editor (it draws only the lines in view, so the page's text is not it). */
function editorText(page: Page): Promise<string> {
  // CodeMirror keeps its view on the content element's tile (what EditorView.findFromDOM reads).
  return page
    .getByLabel('配置内容')
    .evaluate((el) =>
      (
        el as unknown as { cmTile: { root: { view: { state: { doc: { toString(): string } } } } } }
      ).cmTile.root.view.state.doc.toString(),
    );
}

/** Replaces the editor's text as a paste would: select all, then the new text in one input. */
async function edit(page: Page, doc: unknown): Promise<void> {
  const text = JSON.stringify(doc, null, 2);
  await page.getByLabel('配置内容').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
  await poll(() => editorText(page)).toBe(text);
}

/** Publishes the open file; `pageChange`: the dry run's pages whose outline changes, shown and confirmed first. */
async function publish(page: Page, reason: string, pageChange?: { title: string; role: string; line: string }) {
  await poll(() => page.locator('.runtime-studio').textContent()).toContain('检查通过');
  await page.getByLabel('修改说明').fill(reason);
  await page.getByRole('button', { name: btn('发布') }).click();
  if (pageChange) {
    const dialog = page.locator('.ant-modal-content', { hasText: '此修改改变页面结构' });
    await poll(() => dialog.locator('.studio-outline-changes').textContent()).toContain(pageChange.title);
    const text = await dialog.textContent();
    expect(text).toContain(pageChange.role);
    expect(await dialog.locator('[data-change="added"]').allTextContents()).toContainEqual(
      expect.stringContaining(pageChange.line),
    );
    await page.getByRole('button', { name: btn('确认继续') }).click();
  }
  await expectMessage(page, '发布成功');
}

describe('schema studio', () => {
  it('the analyst adds a field; a leader on another process sees and saves it; a rollback removes it', async () => {
    const { page: analyst } = await openPageAs(browser, 'analyst1', '/schemaStudio');
    await analyst.locator('.runtime-studio').waitFor();

    // The entity: a new field.
    const entity = await openFile(analyst, ENTITY);
    entity.fields.partnerUnit = { type: 'string', label: '合作单位', maxLength: 50 };
    await edit(analyst, entity);
    // The page: the field on the first step, checked against the published entity (not yet there).
    const form = await openFile(analyst, PAGE);
    form.steps[0].sections[0].fields.push({ field: 'partnerUnit', span: 24 });
    await edit(analyst, form);
    await poll(() => analyst.locator('.studio-problems').textContent()).toContain(
      '/steps/0/sections/0/fields/10/field',
    );
    await screenshot(analyst, 'studio-01-problem-at-line');
    // The server refuses it too, with the file and the path.
    const refused = await api(analyst, 'studio/publish', {
      key: PAGE,
      content: JSON.stringify(form),
      reason: '增加合作单位',
    });
    expect(refused.status).toBe(400);
    expect(refused.result).toContain('schemas/pages/topics/topic.application.json /steps/0/sections/0/fields/10/field');

    // The preview renders the page from the drafts (entity and page) by the runtime.
    await analyst.getByRole('tab', { name: '预览' }).click();
    await poll(() => analyst.getByLabel('页面预览').textContent()).toContain('合作单位');
    await screenshot(analyst, 'studio-02-preview');
    // The change as readers meet it: one added line in the page's outline, labelled from the entity draft.
    await analyst.getByRole('tab', { name: /与已发布版本比较/ }).click();
    await poll(() => analyst.locator('.studio-outline-diff [data-change="added"]').allTextContents()).toEqual([
      expect.stringContaining('合作单位（partnerUnit） [string]'),
    ]);

    // Publish the entity, then the page.
    await openFile(analyst, ENTITY);
    await analyst.getByRole('tab', { name: '编辑' }).click();
    await publish(analyst, '课题增加合作单位字段');
    await openFile(analyst, PAGE);
    await publish(analyst, '申报书显示合作单位', {
      title: '课题申报书',
      role: '课题负责人',
      line: '合作单位（partnerUnit）',
    });
    await screenshot(analyst, 'studio-03-published');

    // A leader on the other process, without a restart.
    const { page: leader } = await openPage(browser, '/homePage', { baseURL: other.baseURL });
    await loginViaUi(leader, 'leader1');
    // A topic leader1 may still edit: the demo draft, or (when another journey has submitted it
    // already) one waiting for a report or returned.
    const mine = await api(leader, 'resource/topic/list', { page: 1, pageSize: 100 });
    const editable = (mine.data.list as { id: number; status: string; _perm?: { update?: boolean } }[]).filter(
      (t) => t._perm?.update,
    );
    const draft = editable.find((t) => t.status === '0') ?? editable[0];
    expect(draft, 'leader1 has a topic to edit').toBeTruthy();
    await visit(leader, `/projectManagement/declarationGuidelines/projectApplication?id=${draft.id}`);
    const field = leader.locator('.runtime-form .ant-formily-item', { hasText: '合作单位' });
    await field.waitFor();
    await field.locator('input').fill(VALUE);
    await screenshot(leader, 'studio-04-leader-sees-field');
    const rec = await api(leader, 'resource/topic/get', { id: draft.id });
    const saved = await api(leader, 'resource/topic/save', {
      id: draft.id,
      version: rec.data.version,
      partnerUnit: VALUE,
    });
    expect(saved.flag, JSON.stringify(saved)).toBe(true);
    expect((await api(leader, 'resource/topic/get', { id: draft.id })).data.partnerUnit).toBe(VALUE);

    // Rollback: the page first (the entity's field is still shown by it), then the entity, confirmed.
    await openFile(analyst, PAGE);
    await analyst.getByRole('tab', { name: '历史版本' }).click();
    await analyst.getByRole('button', { name: '回滚到此版本' }).last().click();
    await analyst
      .locator('.ant-popconfirm')
      .getByRole('button', { name: btn('回滚') })
      .click();
    await expectMessage(analyst, '回滚成功');
    await openFile(analyst, ENTITY);
    await analyst.getByRole('tab', { name: '历史版本' }).click();
    await analyst.getByRole('button', { name: '回滚到此版本' }).last().click();
    await analyst
      .locator('.ant-popconfirm')
      .getByRole('button', { name: btn('回滚') })
      .click();
    await poll(() => analyst.locator('.ant-modal-content', { hasText: '此修改影响已存数据' }).textContent()).toContain(
      '合作单位',
    );
    await screenshot(analyst, 'studio-05-rollback-confirm');
    await analyst.getByRole('button', { name: btn('确认继续') }).click();
    await expectMessage(analyst, '回滚成功');

    // Gone on the other process; the value stays stored.
    await visit(leader, `/projectManagement/declarationGuidelines/projectApplication?id=${draft.id}`);
    await leader.locator('.runtime-form').waitFor();
    await poll(
      async () => (await api(leader, 'schema/page', { id: 'topics/topic.application' })).data.entity.fields.partnerUnit,
    ).toBeUndefined();
    expect(await leader.locator('.runtime-form .ant-formily-item', { hasText: '合作单位' }).count()).toBe(0);
    expect((await api(leader, 'resource/topic/get', { id: draft.id })).data.partnerUnit).toBeUndefined();
  }, 400_000);

  it('an access change waits for a super admin: the diff shows leader1 before → after; its rollback too', async () => {
    const PROPOSED = '此修改涉及访问权限，已提交审批，超级管理员批准后发布';
    const { page: analyst } = await openPageAs(browser, 'analyst1', '/schemaStudio');
    const { page: leader } = await openPageAs(browser, 'leader1', '/homePage');
    const { page: admin } = await openPageAs(browser, 'admin', '/schemaStudio');
    const topics = async (p: Page) => (await api(p, 'resource/topic/list', { page: 1, pageSize: 10 })).data.total;
    const before = await topics(leader);
    const all = await topics(admin);
    expect(all).toBeGreaterThan(before);

    const entity = await openFile(analyst, ENTITY);
    entity.access.read = [
      { roles: ['1', '2', '4'], scope: 'all' },
      { roles: ['3'], scope: 'city' },
      { roles: ['5'], scope: 'own' },
    ];
    await edit(analyst, entity);
    await poll(() => analyst.locator('.runtime-studio').textContent()).toContain('检查通过');
    await analyst.getByLabel('修改说明').fill('课题负责人可查看全部课题');
    await analyst.getByRole('button', { name: btn('发布') }).click();
    await expectMessage(analyst, PROPOSED);
    // The diff in numbers, before anyone approves; the analyst has no approve button, the server refuses it too.
    const proposal = analyst.locator('.studio-proposals .ant-list-item', { hasText: '课题负责人可查看全部课题' });
    await poll(() => proposal.locator('.studio-access-diff').textContent()).toContain(
      `leader1：${before} → ${all} 课题`,
    );
    await screenshot(analyst, 'studio-06-access-proposal');
    expect(await proposal.getByRole('button', { name: btn('批准') }).count()).toBe(0);
    const pending = (await api(analyst, 'studio/proposals', { status: 'pending' })).data.items;
    const refused = await api(analyst, 'studio/approve', { id: pending[0].id });
    expect(refused.status).toBe(403);
    expect(await topics(leader)).toBe(before);

    // admin approves: leader1 reads every topic.
    await approve(admin, '课题负责人可查看全部课题');
    await poll(() => topics(leader)).toBe(all);

    // The rollback is an access change too: proposed, then approved.
    await openFile(analyst, ENTITY);
    await analyst.getByRole('tab', { name: '历史版本' }).click();
    await analyst.getByRole('button', { name: '回滚到此版本' }).first().click();
    await analyst
      .locator('.ant-popconfirm')
      .getByRole('button', { name: btn('回滚') })
      .click();
    await expectMessage(analyst, PROPOSED);
    expect(await topics(leader)).toBe(all);
    await approve(admin, '回滚到版本');
    await poll(() => topics(leader)).toBe(before);
  }, 400_000);
});

/** A super admin approves the pending proposal whose reason contains `reason`, in the studio. */
async function approve(admin: Page, reason: string): Promise<void> {
  await admin.reload();
  const item = admin.locator('.studio-proposals .ant-list-item', { hasText: reason }).first();
  await item.getByRole('button', { name: btn('批准') }).click();
  await admin
    .locator('.ant-popconfirm')
    .getByRole('button', { name: btn('批准') })
    .click();
  await expectMessage(admin, '已批准并发布');
}
