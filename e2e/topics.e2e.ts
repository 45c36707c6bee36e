/**
 * The topic life cycle in the browser, each role in its own session: the province publishes a
 * stage-1 notice; leader1 sees it with a 申报 action, fills the first step of the application,
 * reloads and finds the draft, completes and submits it; city1123 returns it with a comment;
 * leader1 corrects and resubmits; city1123 approves; the province approves twice (4 → 53 → 6);
 * leader1 uploads the opening report; city and province approve; then the mid-term, result
 * appraisal and completion stages the same way until 已结题 (18). Every step checks what the other
 * role sees. Notices of stages 2..5 are published first (a submit needs its stage's notice open).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  animationsDone,
  api,
  buttonName as btn,
  expectMessage,
  launchBrowser,
  pressRowAction,
  screenshot,
  settled,
  visit,
} from './harness.js';
import { publishNotice } from './publishNotice.js';
import { openPageAs } from './login.js';
import { idCardCheckChar } from '../src/shared/idCard.js';

const RUN = String(Date.now() % 1_000_000);
const NOTICE = `关于开展课题申报工作的通知${RUN}`;
const TOPIC = `核心素养视域下的跨学科教学研究${RUN}`;
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 150 });

/** A small real Word document (a zip with the parts Word needs), as the upload's type check wants. */
async function docx(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    ),
    '[Content_Types].xml',
  );
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>课题申报书</w:t></w:r></w:p></w:body></w:document>',
    ),
    'word/document.xml',
  );
  zip.end();
  const parts: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts);
}

/** A one-page PDF (the completion report's type set is PDF only). */
function pdf(): Buffer {
  const stream = 'BT /F1 18 Tf 72 760 Td (Report) Tj ET';
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets = objs.map((o, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

type Session = { context: BrowserContext; page: Page; errors: string[] };
let browser: Browser;
const sessions: Record<string, Promise<Session>> = {};
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const s of Object.values(sessions)) await (await s.catch(() => undefined))?.context.close();
  await browser?.close();
});

function as(username: string): Promise<Session> {
  sessions[username] ??= (async () => {
    return openPageAs(browser, username);
  })();
  return sessions[username];
}

/** The row of the topic in the topic list, opened fresh, filtered by name. */
async function topicRow(page: Page) {
  await visit(page, '/projectManagement/projectList');
  await page.locator('.runtime-list .ant-table').waitFor();
  // The filter form arrives as its own chunk after the table.
  await page.locator('.runtime-list .runtime-filters input').first().fill(TOPIC);
  await page.getByRole('button', { name: btn('查询') }).click();
  await settled(page);
  const row = page.locator('.ant-table-row', { hasText: TOPIC });
  await row.first().waitFor();
  return row.first();
}

async function statusOf(page: Page): Promise<string> {
  return (await (await topicRow(page)).locator('.ant-tag').first().textContent()) ?? '';
}

/** Clicks a row action; answers a confirm; writes a comment where the dialog asks for one. */
async function rowAction(page: Page, label: string, comment?: string) {
  const row = await topicRow(page);
  await pressRowAction(page, row, label);
  const dialog = page.locator('.ant-modal:visible, .ant-popover:visible:not(:has(.runtime-more-actions))').last();
  await dialog.waitFor();
  // Under load a click sent during the dialog's zoom-in can land beside the button it aimed at.
  await animationsDone(page);
  if (comment !== undefined) {
    const box = dialog.locator('textarea');
    if (await box.count()) await box.fill(comment);
  }
  await dialog.getByRole('button', { name: btn('确定') }).click();
  await expectMessage(page, '操作成功');
}

let topicId = 0;

describe('topic life cycle', () => {
  it('the province publishes a stage-1 notice and keeps stages 2..5 open; leaders of the area see it with 申报', async () => {
    const { page } = await as('province');
    for (const stage of [1, 2, 3, 4, 5]) {
      await publishNotice(page, stage === 1 ? NOTICE : `课题阶段工作通知${RUN}-${stage}`, stage);
    }
    await page.goto('/projectManagement/declarationGuidelines');
    await poll(() => page.locator('.runtime-list .runtime-list-head').textContent()).toContain('发布申报通知');
    await poll(() => page.locator('.ant-table-row', { hasText: NOTICE }).first().textContent()).toContain('已发布');
    await screenshot(page, 'topics-01-notice-list-province');

    const leader = (await as('leader1')).page;
    await leader.goto('/projectManagement/declarationGuidelines');
    await poll(() => leader.locator('.runtime-list .runtime-list-head').textContent()).toContain('课题申报通知');
    const row = leader.locator('.ant-table-row', { hasText: NOTICE }).first();
    await row.waitFor();
    await settled(leader);
    await screenshot(leader, 'topics-02-notice-list-leader');
    await poll(() => row.getByText(/^申\s*报$/).count()).toBeGreaterThan(0);
    expect(await leader.getByRole('button', { name: /新增申报通知/ }).count()).toBe(0);
  }, 180_000);

  it('leader1 applies: step one, reload finds the draft, then completes and submits', async () => {
    const { page, errors } = await as('leader1');
    const row = page.locator('.ant-table-row', { hasText: NOTICE }).first();
    await row
      .getByText(/^申\s*报$/)
      .first()
      .click();
    await page.waitForURL('**/projectApplication?noticeId=*');
    const form = page.locator('.runtime-form');
    await form.waitFor();
    await form.locator('input[placeholder="请输入课题名称"]').fill(TOPIC);
    await screenshot(page, 'topics-03-application-step1');
    // Step one's required dictionaries: choose the first option of each.
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
    await poll(() => page.locator('.runtime-autosave-note').textContent()).toContain('草稿已自动保存');
    await poll(() => page.url()).toContain('id=');
    await page.reload();
    await page.locator('.runtime-form').waitFor();
    await poll(() => page.locator('input[placeholder="请输入课题名称"]').inputValue()).toBe(TOPIC);
    topicId = Number(new URL(page.url()).searchParams.get('id'));
    expect(topicId).toBeGreaterThan(0);

    // Opening the application of the same notice again offers to continue this draft (继续编辑), not a second one.
    const notice = await api(page, 'resource/notice/list', {
      page: 1,
      pageSize: 50,
      filters: [{ field: 'title', op: 'eq', value: NOTICE }],
    });
    await page.goto(`/projectManagement/declarationGuidelines/projectApplication?noticeId=${notice.data.list[0].id}`);
    await page.getByRole('button', { name: btn('继续编辑') }).click();
    await poll(() => page.url()).toContain(`id=${topicId}`);

    // The rest of the application (people, tables, texts) as the form sends it; a member's ID number is checked.
    const memberBase = `13010219900202${RUN.slice(-3).padStart(3, '0')}`;
    const MEMBER_ID = memberBase + idCardCheckChar(memberBase);
    const rec = await api(page, 'resource/topic/get', { id: topicId });
    const saved = await api(page, 'resource/topic/save', {
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
      members: [{ name: '李华', unit: '第一实验中学', title: '一级教师', duty: '资料整理', idCard: MEMBER_ID }],
      researchContent: '研究跨学科主题学习的设计与实施。',
      researchTarget: '形成可推广的教学模式。',
      phases: [{ name: '准备阶段', startDate: '2026-01-01', endDate: '2026-03-31', content: '文献研究' }],
    });
    expect(saved.flag, JSON.stringify(saved)).toBe(true);
    await page.goto(`/projectManagement/declarationGuidelines/projectApplication?id=${topicId}`);
    await page.locator('.runtime-form').waitFor();
    for (let i = 0; i < 4; i++) await page.getByRole('button', { name: btn('下一步') }).click();
    // The application document the form requires, picked as a person does, then saved with the draft.
    const doc = path.join(os.tmpdir(), `课题申报书${RUN}.docx`);
    fs.writeFileSync(doc, await docx());
    await form
      .locator('.ant-formily-item', { hasText: '申报书' })
      .locator('input[type=file]')
      .first()
      .setInputFiles(doc);
    await form
      .getByText(/^(上传成功|秒传成功)$/)
      .first()
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'topics-04-application-last-step');
    await page.getByRole('button', { name: btn('保存') }).click();
    await expectMessage(page, '操作成功');
    await page.waitForURL('**/projectManagement/projectList');
    expect((await api(page, 'resource/topic/get', { id: topicId })).data.applicationDoc).toHaveLength(1);

    expect(await statusOf(page)).toContain('草稿');
    await rowAction(page, '提交');
    await poll(() => statusOf(page)).toContain('申报市级审核中');
    await screenshot(page, 'topics-05-my-topics');
    expect(errors).toEqual([]);
  }, 180_000);

  it('city1123 returns it with a comment; leader1 sees why, corrects and resubmits; city1123 approves', async () => {
    const city = (await as('city1123')).page;
    await poll(() => statusOf(city)).toContain('申报市级审核中');
    await screenshot(city, 'topics-06-city-list');
    await rowAction(city, '退回', '请补充研究基础');
    await poll(() => statusOf(city)).toContain('申报市级退回');

    const leader = (await as('leader1')).page;
    await poll(() => statusOf(leader)).toContain('申报市级退回');
    const log = await api(leader, 'resource/topic/log', { id: topicId });
    expect(log.data.at(-1)).toMatchObject({ action: 'cityReturn', comment: '请补充研究基础', toStatus: '902' });
    await pressRowAction(leader, await topicRow(leader), '修改申报书');
    await leader.waitForURL('**/declareGuidelinesChange?id=*');
    await leader.locator('.runtime-form').waitFor();
    await leader.getByRole('button', { name: btn('下一步') }).click();
    await leader.getByRole('button', { name: btn('下一步') }).click();
    await leader.locator('textarea').first().fill('研究跨学科主题学习的设计与实施，补充了研究基础。');
    await leader.getByRole('button', { name: btn('下一步') }).click();
    await leader.getByRole('button', { name: btn('下一步') }).click();
    await leader.getByRole('button', { name: btn('提交') }).click();
    // 提交 is one request: the values saved and the submit fired in one call (and one transaction).
    const writes: { url: string; body: unknown }[] = [];
    const heard = (req: { url(): string; postDataJSON(): unknown }) => {
      if (/\/api\/resource\/topic\/(save|transition)/.test(req.url()))
        writes.push({ url: req.url(), body: req.postDataJSON() });
    };
    leader.on('request', heard);
    await leader
      .locator('.ant-popover:visible')
      .getByRole('button', { name: btn('确定') })
      .click();
    await leader.waitForURL('**/projectManagement/projectList');
    leader.off('request', heard);
    expect(writes.map((w) => w.url.replace(/^.*\/api\//, ''))).toEqual(['resource/topic/save']);
    expect(writes[0].body).toMatchObject({ id: topicId, _action: 'submit' });
    await poll(() => statusOf(leader)).toContain('申报市级审核中');

    await rowAction(city, '审核通过', '同意推荐');
    await poll(() => statusOf(city)).toContain('申报省级审核中');
    await poll(() => statusOf(leader)).toContain('申报省级审核中');
  }, 240_000);

  it('the province approves twice (4 → 53 → 6); the topic gets its number; the other city never sees it', async () => {
    const province = (await as('province')).page;
    await poll(() =>
      province
        .locator('.runtime-list .runtime-list-head')
        .textContent()
        .catch(() => ''),
    ).toBeDefined();
    await rowAction(province, '审核通过');
    await poll(() => statusOf(province)).toContain('申报省级复审');
    await rowAction(province, '审核通过');
    await poll(() => statusOf(province)).toContain('开题报告待上传');
    await screenshot(province, 'topics-07-province-list');
    const rec = await api(province, 'resource/topic/get', { id: topicId });
    expect(rec.data.topicNo).toMatch(/^KT2026\d{4}$/);
    const other = (await as('city1101')).page;
    expect((await api(other, 'resource/topic/get', { id: topicId })).status).toBe(404);
  }, 180_000);

  it('through opening, mid-term, result appraisal and completion to 已结题, each seen by the other roles', async () => {
    const leader = (await as('leader1')).page;
    const city = (await as('city1123')).page;
    const province = (await as('province')).page;
    // Per stage: the row action opening its upload page, the page's path, the report's file, the
    // summary field, then the statuses at city, at province and after the province's approval.
    const stages: [string, string, string, string, string, string, string][] = [
      [
        '上传开题报告',
        'addFileAll',
        `开题报告${RUN}.docx`,
        'openingSummary',
        '开题报告市级审核中',
        '开题报告省级审核中',
        '中期报告待上传',
      ],
      [
        '上传中期报告',
        'addMidTerm',
        `中期报告${RUN}.docx`,
        'midtermSummary',
        '中期报告市级审核中',
        '中期报告省级审核中',
        '成果鉴定待上传',
      ],
      [
        '上传成果鉴定材料',
        'addFileAllcg',
        `成果鉴定材料${RUN}.docx`,
        'appraisalSummary',
        '成果鉴定市级审核中',
        '成果鉴定省级审核中',
        '结题报告待上传',
      ],
      [
        '上传结题报告',
        'addConclusionUpload',
        `结题报告${RUN}.pdf`,
        'conclusionSummary',
        '结题报告市级审核中',
        '结题报告省级审核中',
        '已结题',
      ],
    ];
    for (const [upload, route, fileName, summary, atCity, atProvince, next] of stages) {
      // The stage report, picked on the stage's upload page and saved there (the status stays).
      await pressRowAction(leader, await topicRow(leader), upload);
      await leader.waitForURL(`**/${route}/index?id=*`);
      const form = leader.locator('.runtime-form');
      await form.waitFor();
      const file = path.join(os.tmpdir(), fileName);
      fs.writeFileSync(file, fileName.endsWith('.pdf') ? pdf() : await docx());
      await form.locator('.portal-uploader input[type=file]').first().setInputFiles(file);
      await form
        .getByText(/^(上传成功|秒传成功)$/)
        .first()
        .waitFor({ timeout: 30_000 });
      if (route === 'addFileAll') {
        await poll(() => form.textContent()).toContain('开题报告');
        await screenshot(leader, 'topics-08-opening-upload');
      }
      await leader.getByRole('button', { name: btn('保存') }).click();
      await leader.waitForURL('**/projectManagement/projectList');

      const rec = await api(leader, 'resource/topic/get', { id: topicId });
      const saved = await api(leader, 'resource/topic/save', {
        id: topicId,
        version: rec.data.version,
        [summary]: '本阶段按计划完成。',
      });
      expect(saved.flag, saved.result).toBe(true);
      expect(saved.data.status, 'save keeps the status').toBe(rec.data.status);
      await rowAction(leader, '提交');
      await poll(() => statusOf(city)).toContain(atCity);
      await rowAction(city, '审核通过');
      await poll(() => statusOf(province)).toContain(atProvince);
      await rowAction(province, '审核通过');
      await poll(() => statusOf(leader)).toContain(next);
    }
    const done = await api(leader, 'resource/topic/get', { id: topicId });
    for (const field of ['openingReport', 'midtermReport', 'appraisalReport', 'conclusionReport'])
      expect(done.data[field], field).toHaveLength(1);
    await screenshot(leader, 'topics-09-concluded');
    await leader.goto(`/projectManagement/projectList/projectDetail?id=${topicId}`);
    await poll(() => leader.locator('body').textContent()).toContain('申报书');
    await screenshot(leader, 'topics-10-detail');
  }, 600_000);
});
