/**
 * Information publishing through the schema runtime, against the portal as `npm start` runs it:
 * a province admin writes an announcement with rich text (bold, a list, a link) in the real form
 * and publishes it; a visitor reads it on the public pages; script put into rich text (pasted into
 * the editor, or sent raw to the API) stays inert wherever it is shown (informationScript.e2e.ts); a project leader cannot
 * reach the admin pages; a city admin sees and edits only the items of their own city.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  api,
  buttonName as btn,
  launchBrowser,
  openPage,
  screenshot,
  settled,
  watchDialogs,
  visit,
} from './harness.js';
import { openPageAs } from './login.js';

const RUN = String(Date.now() % 1_000_000);
const TITLE = `关于开展年度课题申报工作的通知${RUN}`;
const CITY_TITLE = `市级通知${RUN}`;
const OTHER_CITY_TITLE = `外市通知${RUN}`;
const LINK = 'https://www.example.org/notice/2026';

/** expect.poll with room for a busy machine (its default gives up after one second). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

let browser: Browser;
let provinceSession: Promise<{ context: BrowserContext; page: Page; errors: string[]; dialogs: string[] }> | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await (await provinceSession?.catch(() => undefined))?.context.close();
  await browser?.close();
});

/** The province admin's browser, logged in once through the dialog and shared by the admin steps. */
function province() {
  provinceSession ??= (async () => {
    const opened = await openPageAs(browser, 'province');
    const dialogs = watchDialogs(opened.page);
    return { ...opened, dialogs };
  })();
  return provinceSession;
}

describe('information publishing', () => {
  let announcementId = '';

  it('a province admin adds an announcement with rich text in the real form and publishes it', async () => {
    const { page, errors, dialogs } = await province();
    await visit(page, '/informationManagement/announcement');
    const list = page.locator('.runtime-list');
    await list.locator('.ant-table').waitFor();
    await poll(() => page.locator('.ant-table-thead').textContent()).toMatch(
      /标题.*发布地区.*发布单位.*状态.*发布时间.*创建时间.*操作/,
    );
    await screenshot(page, 'info-01-admin-list');

    await page.getByRole('button', { name: btn('新增') }).click();
    await page.waitForURL('**/informationManagement/announcement/addAnnouncement');
    const form = page.locator('.runtime-form-add');
    await form.waitFor();
    await page.locator('.runtime-richtext .ProseMirror').waitFor();
    // An untouched form shows no field errors yet.
    expect(await form.locator('.ant-formily-item-error-help, .ant-formily-item-help').count()).toBe(0);
    await poll(() => page.locator('.ant-breadcrumb').textContent()).toContain('新增通知公告');

    await form.locator('input[placeholder="请输入标题"]').fill(TITLE);
    await form.locator('textarea[placeholder="请输入摘要"]').fill('请各地市按时组织申报。');
    const editor = form.locator('.runtime-richtext .ProseMirror');
    const tool = (name: string | RegExp) =>
      form.locator('.runtime-richtext').getByRole('button', { name, exact: typeof name === 'string' });
    // Each toolbar button shows its mark as active (primary) once the editor has it: wait for that
    // before typing on, so a busy machine cannot run the keys ahead of the toggle.
    const active = (name: string | RegExp, on: boolean) =>
      poll(async () => /ant-btn-primary/.test((await tool(name).getAttribute('class')) ?? '')).toBe(on);
    await editor.click();
    await page.keyboard.type('各地市教育局：现将申报工作通知如下，');
    await tool('加粗').click();
    await active('加粗', true);
    await page.keyboard.type('截止日期为六月底');
    await tool('加粗').click();
    await active('加粗', false);
    await page.keyboard.press('Enter');
    await tool('无序列表').click();
    await active('无序列表', true);
    await page.keyboard.type('申报书一式三份');
    await page.keyboard.press('Enter');
    await page.keyboard.type('附推荐汇总表');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('详见申报指南');
    await page.keyboard.down('Shift');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.up('Shift');
    await tool('链接').click();
    const linkDialog = page.getByRole('dialog', { name: '插入链接' });
    await linkDialog.locator('input[placeholder="https://"]').fill(LINK);
    await screenshot(page, 'info-02-link-dialog');
    await linkDialog.getByRole('button', { name: btn('确定') }).click();
    await linkDialog.waitFor({ state: 'hidden' });
    // A centred line, a table and a picture uploaded through the file service.
    // Past the end of the last line (right of the link), so Enter opens a new paragraph.
    // The closing link dialog hands the focus back to its toolbar button: click until the editor has
    // it, and until the editor's own state (tiptap hangs the editor on its element) has a caret:
    // with the link still selected there, Enter would replace it.
    const lastLine = (await editor.locator('p').last().boundingBox())!;
    await poll(async () => {
      await page.mouse.click(lastLine.x + lastLine.width - 4, lastLine.y + lastLine.height / 2);
      return editor.evaluate(
        (el) =>
          el === document.activeElement &&
          (el as HTMLElement & { editor?: { state: { selection: { empty: boolean } } } }).editor?.state.selection
            .empty === true,
      );
    }).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.type('申报流程一览');
    await tool('居中').click();
    await active('居中', true);
    await page.keyboard.press('Enter');
    await tool('插入表格').click();
    await editor.locator('table').waitFor();
    await page.keyboard.type('阶段');
    const png = path.join(os.tmpdir(), `流程图${RUN}.png`);
    fs.writeFileSync(
      png,
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
    await form.locator('.runtime-richtext-image-input').setInputFiles(png);
    await editor.locator('img[src^="/api/file/image/"]').waitFor();
    expect(await editor.locator('strong').textContent()).toBe('截止日期为六月底');
    expect(await editor.locator('ul li').allTextContents()).toEqual(['申报书一式三份', '附推荐汇总表']);
    expect(await editor.locator('a').getAttribute('href')).toBe(LINK);
    expect(await editor.locator('a').textContent()).toBe('申报指南');
    await screenshot(page, 'info-03-add-filled');

    // 发布 asks the workflow's confirm, then saves the form and fires the publish transition.
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/resource/announcement/save'));
    await page
      .locator('.runtime-form-buttons')
      .getByRole('button', { name: btn('发布') })
      .click();
    const confirm = page.locator('.ant-popconfirm');
    await poll(() => confirm.locator('.ant-popconfirm-title').textContent()).toBe('确定发布吗？');
    await confirm
      .locator('.ant-popconfirm-buttons')
      .getByRole('button', { name: btn('确定') })
      .click();
    const savedBody = await (await saved).json();
    expect(savedBody.flag).toBe(true);
    announcementId = String(savedBody.data.id);
    await page.waitForURL('**/informationManagement/announcement');
    const row = list.locator('tr.ant-table-row', { hasText: TITLE });
    await row.waitFor();
    await poll(() => row.locator('.ant-tag').textContent()).toBe('已发布');
    expect(await row.textContent()).toContain('省教育科学研究院');
    expect(await row.textContent()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    // Published: no more edit / delete / publish, only look and withdraw.
    expect((await row.locator('td').last().textContent())?.replace(/\s/g, '')).toBe('查看撤回');
    expect(await page.locator('.ant-pagination-total-text').textContent()).toMatch(/^共\d+条记录$/);
    expect(await page.locator('.ant-pagination-options').textContent()).toContain('10 条/页');
    await screenshot(page, 'info-04-list-published');

    // The admin look page renders the same rich text, read-only.
    await row.getByRole('link', { name: TITLE }).click();
    await page.waitForURL(`**/lookAnnouncement?id=${announcementId}`);
    const look = page.locator('.runtime-form-look');
    await look.locator('.runtime-richtext-view').waitFor();
    expect(await look.locator('.runtime-richtext-view strong').textContent()).toBe('截止日期为六月底');
    expect(await look.locator('.runtime-richtext-view p[style*="center"]').textContent()).toBe('申报流程一览');
    expect(await look.locator('.runtime-richtext-view table th').first().textContent()).toBe('阶段');
    await poll(() =>
      look.locator('.runtime-richtext-view img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    ).toBe(1);
    expect(await look.locator('input, textarea, .ProseMirror').count()).toBe(0);
    await poll(() => look.locator('.ant-tag').first().textContent()).toBe('已发布');
    await screenshot(page, 'info-05-admin-look');
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a visitor reads it on the public notice announcements page and its lookAnnouncement page', async () => {
    expect(announcementId).not.toBe('');
    const { page, context, errors } = await openPage(browser, '/homePage');
    await page.locator('.shell-login-button:visible').waitFor();
    // Home's sections: 申报通知 comes first, the announcement is under 通知公告.
    await poll(async () => (await page.locator('.runtime-list').allTextContents()).join('')).toContain(TITLE);
    await settled(page);
    await screenshot(page, 'info-06-public-home');

    await visit(page, '/noticeAnnouncement');
    const link = page.locator('.runtime-list a', { hasText: TITLE });
    await link.waitFor();
    expect(await page.locator('.ant-pagination-total-text').textContent()).toMatch(/^共\d+条记录$/);
    await settled(page);
    await screenshot(page, 'info-07-public-list');
    await link.click();
    await page.waitForURL(`**/noticeAnnouncement/lookAnnouncement?id=${announcementId}`);
    const view = page.locator('.runtime-richtext-view');
    await view.waitFor();
    // Read as an article: the title as the heading, the source unit and date under it.
    expect(await page.locator('.rt-article h1').textContent()).toBe(TITLE);
    expect(await page.locator('.rt-article-meta').textContent()).toMatch(/来源：.+发布日期：\d{4}-\d{2}-\d{2}/);
    expect(await view.locator('strong').textContent()).toBe('截止日期为六月底');
    expect(await view.locator('ul li').allTextContents()).toEqual(['申报书一式三份', '附推荐汇总表']);
    const a = view.locator('a', { hasText: '申报指南' });
    expect(await a.getAttribute('href')).toBe(LINK);
    expect(await a.getAttribute('rel')).toContain('noopener');
    expect(await page.locator('.rt-article input, .rt-article textarea, .ant-form-item-label').count()).toBe(0);
    // Laid out as the editor drew it: running text indented, list items, cells and the centred line
    // not; the table the column's width in equal columns, though its cells are empty.
    const layout = await view.evaluate((el) => {
      const indent = (q: string) => getComputedStyle(el.querySelector(q)!).textIndent;
      const cells = [...el.querySelectorAll('tr:first-child > *')].map((c) =>
        Math.round(c.getBoundingClientRect().width),
      );
      return {
        text: indent('p'),
        item: indent('li p'),
        cell: indent('th p'),
        centred: indent('p[style*="center"]'),
        table: Math.round(el.querySelector('table')!.getBoundingClientRect().width),
        body: Math.round(el.getBoundingClientRect().width),
        cells,
      };
    });
    expect(layout).toMatchObject({ text: '32px', item: '0px', cell: '0px', centred: '0px', table: layout.body });
    expect(Math.max(...layout.cells) - Math.min(...layout.cells)).toBeLessThanOrEqual(1);
    await poll(() => page.locator('.ant-breadcrumb').textContent()).toContain('通知公告详情');
    await screenshot(page, 'info-08-public-look');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a project leader cannot reach the admin pages, and the API refuses the list with 403', async () => {
    const { page, context } = await openPageAs(browser, 'leader1');
    expect(await page.locator('.ant-menu').first().textContent()).not.toContain('信息管理');

    for (const path of ['/informationManagement/announcement', '/informationManagement/announcement/addAnnouncement']) {
      // The address typed in: the page the server sends for it, not the app's own move.
      await page.goto(path);
      await page.locator('.ant-result').first().waitFor();
      expect(await page.locator('.ant-result').first().textContent()).toContain('没有权限');
      expect(await page.locator('.ant-table-row, .runtime-form').count()).toBe(0);
      expect(await page.locator('body').textContent()).not.toContain(TITLE);
    }
    await screenshot(page, 'info-12-leader-refused');

    const listed = await api(page, 'resource/announcement/list', { page: 1, pageSize: 10 });
    expect(listed.status).toBe(403);
    expect(listed.flag).toBe(false);
    expect(listed.data).toBeNull();
    const schema = await api(page, 'schema/page', { id: 'information/announcement.list' });
    expect(schema.status).toBe(403);
    const write = await api(page, 'resource/announcement/save', { title: '负责人不能发布', content: '<p>x</p>' });
    expect(write.status).toBe(403);
    const publish = await api(page, 'resource/announcement/transition', {
      id: announcementId,
      action: 'withdraw',
      version: 2,
    });
    expect([403, 404]).toContain(publish.status);
    await context.close();
  });

  it('a city admin sees and edits only the items of their own city', async () => {
    // An item of city 1101, written by its own admin.
    const other = await openPageAs(browser, 'city1101');
    const foreign = await api(other.page, 'resource/announcement/save', {
      title: OTHER_CITY_TITLE,
      content: '<p>外市内容</p>',
    });
    expect(foreign.flag).toBe(true);
    expect(foreign.data.areaCode).toBe('1101');
    await other.context.close();

    const { page, context, errors } = await openPageAs(browser, 'city1123');
    await visit(page, '/informationManagement/announcement/addAnnouncement');
    const form = page.locator('.runtime-form-add');
    await form.locator('.runtime-richtext .ProseMirror').waitFor();
    await form.locator('input[placeholder="请输入标题"]').fill(CITY_TITLE);
    await form.locator('.runtime-richtext .ProseMirror').click();
    await page.keyboard.type('本市通知内容');
    await page
      .locator('.runtime-form-buttons')
      .getByRole('button', { name: btn('保存') })
      .click();
    await page.waitForURL('**/informationManagement/announcement');

    const list = page.locator('.runtime-list');
    const row = list.locator('tr.ant-table-row', { hasText: CITY_TITLE });
    await row.waitFor();
    await poll(() => row.locator('.ant-tag').textContent()).toBe('草稿');
    // Their own city's label from the areacode dictionary, and nobody else's items.
    await poll(() => row.textContent()).toContain('定州市');
    expect(await list.textContent()).not.toContain(OTHER_CITY_TITLE);
    expect(await list.textContent()).not.toContain(TITLE);
    await screenshot(page, 'info-13-city-list');

    await row.getByText('编辑', { exact: true }).click();
    await page.waitForURL('**/editAnnouncement?id=*');
    const edit = page.locator('.runtime-form-edit');
    const title = edit.locator('input[placeholder="请输入标题"]');
    await poll(() => title.inputValue()).toBe(CITY_TITLE);
    await title.fill(`${CITY_TITLE}（修订）`);
    await screenshot(page, 'info-14-city-edit');
    await page
      .locator('.runtime-form-buttons')
      .getByRole('button', { name: btn('保存') })
      .click();
    await page.waitForURL('**/informationManagement/announcement');
    await list.locator('tr.ant-table-row', { hasText: `${CITY_TITLE}（修订）` }).waitFor();

    // The other city's item: its edit page finds nothing, and the API refuses to read or change it.
    await visit(page, `/informationManagement/announcement/editAnnouncement?id=${foreign.data.id}`);
    await page.locator('.ant-result').first().waitFor();
    expect(await page.locator('.ant-result').first().textContent()).toContain('记录不存在');
    expect(await page.locator('.runtime-form-edit input').count()).toBe(0);
    expect(await page.locator('body').textContent()).not.toContain(OTHER_CITY_TITLE);
    await screenshot(page, 'info-15-city-other-refused');
    const read = await api(page, 'resource/announcement/get', { id: foreign.data.id });
    expect(read.status).toBe(404);
    const change = await api(page, 'resource/announcement/save', {
      id: foreign.data.id,
      version: foreign.data.version,
      title: '越权修改',
      content: '<p>x</p>',
    });
    expect(change.flag).toBe(false);
    expect([403, 404]).toContain(change.status);
    const fire = await api(page, 'resource/announcement/transition', {
      id: foreign.data.id,
      action: 'publish',
      version: foreign.data.version,
    });
    expect([403, 404]).toContain(fire.status);
    expect(errors).toEqual([]);
    await context.close();
  });
});
