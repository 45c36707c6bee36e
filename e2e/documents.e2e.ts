/**
 * Documents and statistics in the browser: leader1 downloads the application form (.docx) of a
 * topic from its detail page and the conclusion certificate (PDF) of their concluded topic, whose
 * number the public /verify page confirms (and a made-up one it does not); the province opens the
 * statistics page, sees a chart drawn and exports the table as a workbook; the admin exports the
 * generic lists (changes, experts, announcements, units) and gets workbooks styled alike.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, buttonName as btn, launchBrowser, openList, openPage, screenshot, visit } from './harness.js';
import { openPageAs } from './login.js';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 150 });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Clicks a button that saves a file and answers the saved file's bytes and name. */
async function downloadBy(page: Page, name: string): Promise<{ bytes: Buffer; fileName: string }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name }).first().click();
  const d = await download;
  return { bytes: fs.readFileSync((await d.path())!), fileName: d.suggestedFilename() };
}

describe('documents', () => {
  let certificateNo = '';

  it('leader1 downloads the application form of a topic and the certificate of a concluded one', async () => {
    const { page, context } = await openPageAs(browser, 'leader1', '/projectManagement/projectList');
    const mine = await api(page, 'resource/topic/list', { page: 1, pageSize: 100 });
    const running = mine.data.list.find((r: any) => r.status !== '0' && r.status !== '18');
    const concluded = mine.data.list.find((r: any) => r.status === '18');
    expect(running && concluded).toBeTruthy();

    await visit(page, `/projectManagement/projectList/projectDetail?id=${running.id}`);
    const doc = await downloadBy(page, '下载申报书');
    expect(doc.fileName).toMatch(/申报书\.docx$/);
    expect(doc.bytes.subarray(0, 2).toString()).toBe('PK');
    expect(doc.bytes.includes(Buffer.from('word/document.xml'))).toBe(true);
    await screenshot(page, 'documents-01-detail');

    await visit(page, `/projectManagement/projectList/projectDetail?id=${concluded.id}`);
    const pdf = await downloadBy(page, '下载结题证书');
    expect(pdf.fileName).toMatch(/结题证书\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The number printed on it: the PDF's title carries it too.
    const m = /JTZS\d{4}\d{8}[0-9A-F]{8}/.exec(pdf.bytes.toString('latin1'));
    expect(m).toBeTruthy();
    certificateNo = m![0];
    await context.close();
  });

  it('a visitor reaches the certificate check from the site navigation', async () => {
    const { page, context } = await openPage(browser, '/homePage');
    await page.locator('.shell-top-menu').getByText('证书查验', { exact: true }).click();
    await poll(() => page.url()).toContain('/verify');
    await page.locator('.runtime-lookup input').fill(certificateNo);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await poll(() => page.locator('.runtime-lookup-result').textContent()).toContain('证书有效');
    await context.close();
  });

  it('the public verify page confirms the number and refuses a made-up one', async () => {
    const { page, context } = await openPage(browser, `/verify?no=${certificateNo}`);
    const result = page.locator('.runtime-lookup-result');
    await poll(() => result.textContent()).toContain('证书有效');
    await expect(result.textContent()).resolves.toContain('已结题');
    await screenshot(page, 'documents-02-verify');
    await page.locator('.runtime-lookup input').fill('JTZS202600000001ABCDEF12');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await poll(() => result.textContent()).toContain('未查询到该证书编号');
    await context.close();
  });

  it('the province sees a chart on the statistics page and exports the table', async () => {
    const { page, context, errors } = await openPageAs(browser, 'province', '/projectManagement/subjectStatistics');
    const chart = page.locator('.runtime-statistics-chart canvas').first();
    await chart.waitFor({ timeout: 30_000 }).catch(async (e) => {
      await screenshot(page, 'documents-03-failed');
      throw new Error(`${String(e)} ${errors.join('; ')}`);
    });
    await poll(() => page.locator('.runtime-statistics-chart').count()).toBeGreaterThanOrEqual(5);
    await poll(() => page.locator('.runtime-statistics-table tbody tr').count()).toBeGreaterThan(5);
    await screenshot(page, 'documents-03-statistics');

    const { bytes, fileName } = await downloadBy(page, '导出Excel');
    expect(fileName).toMatch(/^课题统计_\d{8}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as any);
    const text: string[] = [];
    book.worksheets[0].eachRow((r) => text.push((r.values as unknown[]).slice(1).map(String).join('|')));
    expect(text.join('\n')).toContain('按状态');
    expect(text.join('\n')).toContain('按地区');
    await context.close();
  });

  it('the admin exports the lists of changes, experts, announcements and units as styled workbooks', async () => {
    const lists = [
      ['/projectManagement/changeList', '课题变更'],
      ['/reviewManagement/expert', '专家管理'],
      ['/informationManagement/announcement', '通知公告'],
      ['/systemManagement/schoolManage', '省直单位管理'],
    ] as const;
    const { page, context } = await openPageAs(browser, 'admin', lists[0][0]);
    for (const [path, title] of lists) {
      const list = await openList(page, path);
      const download = page.waitForEvent('download');
      await list
        .getByRole('button', { name: btn('导出') })
        .first()
        .click();
      const d = await download;
      expect(d.suggestedFilename()).toMatch(new RegExp(`^${title}_\\d{8}\\.xlsx$`));
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(fs.readFileSync((await d.path())!) as any);
      const sheet = book.worksheets[0];
      // The header row is bold and frozen, and its columns are sized to their content.
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      sheet.getRow(1).eachCell((cell) => expect(cell.font?.bold, `${title} ${String(cell.value)}`).toBe(true));
      expect(sheet.getColumn(1).width, title).toBeGreaterThanOrEqual(6);
    }
    await context.close();
  });
});
