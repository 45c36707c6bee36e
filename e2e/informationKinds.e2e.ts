/**
 * Information publishing, the four kinds besides announcements: each added through its real form,
 * saved, published where it has a portal page, looked at, and read and downloaded by a visitor.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  baseURL,
  buttonName as btn,
  launchBrowser,
  openPage,
  pressRowAction,
  screenshot,
  settled,
  touched,
  visit,
} from './harness.js';
import { openPageAs } from './login.js';

const RUN = String(Date.now() % 1_000_000);
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function province() {
  return openPageAs(browser, 'province');
}

describe('information kinds', () => {
  it('every other information kind renders its list, add and look pages and saves; published ones reach the portal', async () => {
    const file = path.join(os.tmpdir(), `办事指南${RUN}.pdf`);
    fs.writeFileSync(file, `%PDF-1.4\n% ${RUN}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
    const { page, errors, context } = await province();
    const kinds = [
      {
        kind: 'activityDynamics',
        page: 'ActivityDynamics',
        label: '活动动态',
        portal: '/activityDynamics',
        files: false,
      },
      { kind: 'activityReports', page: 'ActivityReports', label: '信息化报告征集', portal: null, files: false },
      {
        kind: 'relatedDownloads',
        page: 'RelatedDownloads',
        label: '相关下载',
        portal: '/relatedDownloads',
        files: true,
      },
      { kind: 'rules', page: 'Rules', label: '政策法规', portal: '/rulesRegulations', files: true },
    ];
    for (const k of kinds) {
      const title = `${k.label}巡检${RUN}`;
      await visit(page, `/informationManagement/${k.kind}`);
      const list = page.locator('.runtime-list');
      await list.locator('.ant-table').waitFor();
      expect(await page.locator('.ant-breadcrumb').textContent()).toContain(k.label);
      await page.getByRole('button', { name: btn('新增') }).click();
      await page.waitForURL(`**/informationManagement/${k.kind}/add${k.page}`);
      const form = page.locator('.runtime-form-add');
      await form.locator('.runtime-richtext .ProseMirror').waitFor();
      await form.locator('input[placeholder="请输入标题"]').fill(title);
      await form.locator('.runtime-richtext .ProseMirror').click();
      await page.keyboard.type(`${k.label}正文`);
      if (k.files) {
        await form.locator('input[data-testid="upload-input"]').setInputFiles(file);
        // The second kind holds the same content: the server knows its md5 and answers at once (秒传).
        await form.getByText(/^(上传成功|秒传成功)$/).waitFor();
      }
      await screenshot(page, `info-20-${k.kind}-add`);
      await page
        .locator('.runtime-form-buttons')
        .getByRole('button', { name: btn('保存') })
        .click();
      await page.waitForURL(`**/informationManagement/${k.kind}`);
      const row = list.locator('tr.ant-table-row', { hasText: title });
      await row.waitFor();
      await poll(() => row.locator('.ant-tag').textContent()).toBe('草稿');

      if (k.portal) {
        await pressRowAction(page, row, '发布');
        await page
          .locator('.ant-popconfirm-buttons')
          .getByRole('button', { name: btn('确定') })
          .click();
        await poll(() => row.locator('.ant-tag').textContent()).toBe('已发布');
      }
      await settled(page);
      await screenshot(page, `info-21-${k.kind}-list`);

      await row.getByText('查看', { exact: true }).click();
      await page.waitForURL(`**/look${k.page}?id=*`);
      const look = page.locator('.runtime-form-look');
      await look.locator('.runtime-richtext-view').waitFor();
      expect(await look.textContent()).toContain(title);
      expect(await look.locator('.runtime-richtext-view').textContent()).toBe(`${k.label}正文`);
      if (k.files) expect(await look.textContent()).toContain(path.basename(file));
      await screenshot(page, `info-22-${k.kind}-look`);
    }
    expect(errors).toEqual([]);

    // The visitor's side: the published items on their portal pages.
    const visitor = await openPage(browser, '/activityDynamics');
    await visitor.page.locator('.runtime-list a', { hasText: `活动动态巡检${RUN}` }).click();
    await visitor.page.waitForURL('**/activityDynamics/lookActivityDynamics?id=*');
    await poll(() => visitor.page.locator('.runtime-richtext-view').textContent()).toBe('活动动态正文');
    await screenshot(visitor.page, 'info-23-public-activity-look');
    for (const [portal, label] of [
      ['/relatedDownloads', '相关下载'],
      ['/rulesRegulations', '政策法规'],
    ]) {
      await visitor.page.goto(portal!);
      await touched(visitor.page);
      const row = visitor.page.locator('.runtime-list tr.ant-table-row', { hasText: `${label}巡检${RUN}` });
      await row.waitFor();
      // The list gives the title the width: the attachments are an icon naming them.
      expect(await row.locator('.runtime-file-icon').getAttribute('title')).toContain(path.basename(file));
      await row.locator('a', { hasText: `${label}巡检${RUN}` }).click();
      // A visitor downloads the attachment of a published item from its article, under its Chinese name.
      const fileLink = visitor.page.locator('.rt-article-files a', { hasText: path.basename(file) });
      await fileLink.waitFor();
      const [download] = await Promise.all([visitor.page.waitForEvent('download'), fileLink.click()]);
      expect(download.suggestedFilename()).toBe(path.basename(file));
      await settled(visitor.page);
      await screenshot(visitor.page, `info-24-public-${portal!.slice(1)}`);
    }
    // Not published, so not public.
    const hidden = await fetch(`${baseURL()}/api/public/activityReports/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ subAct: 'a', filters: [{ field: 'title', op: 'like', value: RUN }] }),
    });
    const hiddenBody = await hidden.json();
    expect(hiddenBody.flag).toBe(true);
    expect(hiddenBody.data.total).toBe(0);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    await context.close();
  }, 240_000); // five kinds, each added, saved, published and read on the portal
});
