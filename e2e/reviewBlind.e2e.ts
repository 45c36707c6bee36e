/**
 * Blind review, as its people meet it.
 * On the demo data: expert1 opens a task of a blind demo batch; the score sheet says 匿名评审（已隐去）
 * where the leader and the unit would be, names no applicant, and tells which documents are the
 * applicant's files as uploaded.
 * From the 活页 to the expert: leader1 applies to a notice that asks for a 课题论证活页 (the form marks
 * it required), uploads one that names them and is told which words were found; replaces it with a
 * clean one (its Word properties still name them) and submits. city1123 sees each topic's flag on
 * the allocation page of a blind batch (the demo's waiting application that names 孙老师 flagged,
 * this one clean) and gives the topic to expert1, who reads every material offered: the page, each
 * file downloaded and previewed, the generated 申报书. None holds a name, unit, ID or phone number of
 * the applicant or the members, in its text or its metadata. expert1 then declares a conflict and
 * every material path of the task answers 403.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import {
  api,
  buttonName as btn,
  expectMessage,
  launchBrowser,
  openList,
  pressRowAction,
  screenshot,
  tick,
  visit,
} from './harness.js';
import { loginSessions } from './login.js';
import { publishNotice } from './publishNotice.js';
import { fetchAs, identityLeaks, readableText, wordDocument } from './blindMaterial.js';
import { DEMO_APPLICANTS } from '../src/server/modules/topics/demoApplicants.js';
import { WAITING_TOPICS } from '../src/server/modules/review/demoWaitingTopics.js';
import { DOOR_CLOSED } from '../src/server/modules/review/closedTask.js';
import { idCardCheckChar } from '../src/shared/idCard.js';

let browser: Browser;
const sessions = loginSessions(() => browser);
let dir = '';
beforeAll(async () => {
  browser = await launchBrowser();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blind-review-e2e-'));
});
afterAll(async () => {
  await sessions.closeAll();
  await browser?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('blind review', () => {
  it('expert1 opens a blind task and reads neither the leader nor the unit', async () => {
    const page = await sessions.as('expert1');
    const list = await openList(page, '/reviewManagement/list');
    // The demo batches (2026年度课题…（定州市）) are blind. Other journeys may have submitted
    // expert1's drafts by now: the look page shows the same sheet, as the server serves it.
    const task = list
      .locator('.ant-table-tbody tr.ant-table-row', { hasText: '2026年度课题' })
      .filter({ hasText: '定州市' })
      .last();
    await task.waitFor();
    await pressRowAction(page, task, '查看');
    await page.waitForURL('**/reviewManagement/list/lookPage**');
    const sheet = page.locator('.rt-score-sheet');
    await sheet.waitFor();
    const note = sheet.locator('.rt-blind-note');
    await note.waitFor();
    await expect(note.textContent()).resolves.toMatch(/申请人上传的原文件/);
    const described = sheet.locator('.ant-descriptions').first();
    for (const label of ['负责人', '单位']) {
      const cell = described.locator('tr', { has: page.locator('th', { hasText: label }) }).locator('td');
      await expect(cell.textContent()).resolves.toBe('匿名评审（已隐去）');
    }
    const text = (await sheet.textContent()) ?? '';
    for (const a of DEMO_APPLICANTS) {
      expect(text).not.toContain(a.realName);
      expect(text).not.toContain(a.orgName);
    }
    await screenshot(page, 'review-blind-task');
  });
});

const RUN = String(Date.now() % 1_000_000).padStart(6, '0');
const NOTICE = `关于开展隐名评审课题申报工作的通知${RUN}`;
const TOPIC = `指向深度学习的单元作业设计研究${RUN}`;
const BATCH = `隐名立项评审${RUN}`;
const id18 = (first17: string) => first17 + idCardCheckChar(first17);
/** Who applies, as the application names them: none of it may reach the expert. */
const WHO = {
  leader: '欧阳明远',
  unit: '定州市明远实验中学',
  leaderIdCard: id18(`13010219800101${RUN.slice(-3)}`),
  leaderMobile: `139${RUN}21`,
  member: '司马清和',
  memberUnit: '定州市清和小学',
  memberIdCard: id18(`13010219900202${RUN.slice(-3)}`),
};
/** Also the units as people write them, without their place (明远实验中学). */
const SECRETS = [
  WHO.leader,
  WHO.unit,
  '明远实验中学',
  WHO.leaderIdCard,
  WHO.leaderMobile,
  WHO.member,
  WHO.memberUnit,
  '清和小学',
  WHO.memberIdCard,
];
const ARGUMENT = [
  TOPIC,
  '课题论证活页',
  `一、选题依据：单元作业是落实深度学习的重要环节，本研究以${RUN}号样本校的作业现状为起点。`,
  '二、研究内容：梳理单元目标与作业任务的对应关系，设计分层、实践与跨学科作业。',
];

let topicId = 0;
let taskId = 0;
let fileIds: number[] = [];
/** The signed preview links the expert's browser was given. */
const previewLinks: string[] = [];

const field = (scope: Locator, label: string) =>
  scope
    .locator('.ant-formily-item', { has: scope.page().locator('.ant-formily-item-label', { hasText: label }) })
    .first();

async function upload(scope: Locator, name: string, bytes: Buffer): Promise<void> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  await scope.locator('input[type=file]').setInputFiles(file);
  await scope
    .locator('.portal-upload-status', { hasText: /^(上传成功|秒传成功)$/ })
    .first()
    .waitFor({ timeout: 60_000 });
}

/** Everything leaked into `text`, said with where it was read. */
function leaks(where: string, text: string): string[] {
  return identityLeaks(text, SECRETS).map((s) => `${where}: ${s}`);
}

describe('blind review from the 活页 to the expert', () => {
  it('leader1 uploads a 活页 that names them and is told which words; a clean one passes and is submitted', async () => {
    const province = await sessions.as('province');
    const notice = await publishNotice(province, NOTICE, 1, { argumentSheet: true });
    const leader = await sessions.as('leader1');
    // The account's own name and unit are the applicant's identity too.
    const me = await leader.evaluate(() => JSON.parse(localStorage.getItem('userObj') ?? '{}'));
    for (const v of [me.realName, me.orgName]) if (typeof v === 'string' && v.length >= 2) SECRETS.push(v);
    const mine = await api(leader, 'resource/topic/list', { page: 1, pageSize: 1 });
    const template = (await api(leader, 'resource/topic/get', { id: mine.data.list[0].id })).data;
    const saved = await api(leader, 'resource/topic/save', {
      noticeId: notice.id,
      name: TOPIC,
      subject: template.subject,
      category: template.category,
      leader: WHO.leader,
      leaderIdCard: WHO.leaderIdCard,
      leaderMobile: WHO.leaderMobile,
      unit: WHO.unit,
      members: [
        { name: WHO.member, unit: WHO.memberUnit, title: '一级教师', duty: '资料整理', idCard: WHO.memberIdCard },
      ],
      researchContent: '研究单元作业的设计与实施。',
      researchTarget: '形成单元作业设计的操作路径。',
      phases: [{ name: '准备阶段', startDate: '2026-01-01', endDate: '2026-03-31', content: '文献研究' }],
    });
    expect(saved.flag, JSON.stringify(saved)).toBe(true);
    topicId = saved.data.id;

    await visit(leader, `/projectManagement/declarationGuidelines/projectApplication?id=${topicId}`);
    const form = leader.locator('.runtime-form');
    await form.waitFor();
    for (let i = 0; i < 4; i++) await leader.getByRole('button', { name: btn('下一步') }).click();
    // The full 申报书 names its people, as it should: a blind batch never serves it.
    const named = `课题负责人：${WHO.leader}（${WHO.unit}），联系电话${WHO.leaderMobile}`;
    await upload(
      field(form, '申报书'),
      `课题申报书${RUN}.docx`,
      await wordDocument([TOPIC, '课题申报书', named, `课题组成员：${WHO.member}`], null),
    );
    const sheetField = field(form, '课题论证活页');
    // The notice asks for the 活页: the form marks it required, as the server's submit requires it.
    await expect.poll(() => sheetField.locator('.ant-formily-item-asterisk').count()).toBe(1);
    await upload(
      sheetField,
      `课题论证活页${RUN}.docx`,
      await wordDocument([...ARGUMENT, `三、研究基础：${named}，课题组成员${WHO.member}。`], null),
    );
    const warning = sheetField.locator('.rt-identity-check .ant-alert-warning');
    await warning.waitFor({ timeout: 60_000 });
    const told = (await warning.textContent()) ?? '';
    expect(told).toContain('该文件中出现了可能暴露身份的信息');
    for (const words of [
      `「${WHO.leader}」（姓名`,
      `「${WHO.unit}」（单位`,
      `「${WHO.member}」（成员姓名`,
      `「${WHO.leaderMobile}」（手机号`,
    ])
      expect(told).toContain(words);
    await screenshot(leader, 'review-blind-01-named-sheet');

    // Replaced by one that names nobody in its text; Word's properties still name the applicant.
    await sheetField.locator('.portal-upload-item').first().getByRole('button', { name: '删除' }).click();
    await expect.poll(() => warning.count()).toBe(0);
    await upload(
      sheetField,
      `课题论证活页${RUN}（修改）.docx`,
      await wordDocument(ARGUMENT, { name: WHO.leader, unit: WHO.unit }),
    );
    await expect
      .poll(() => sheetField.locator('.rt-identity-check .ant-alert-success').textContent(), { timeout: 60_000 })
      .toContain('未发现姓名、单位、身份证号或电话等身份信息');
    await screenshot(leader, 'review-blind-02-clean-sheet');
    await leader.getByRole('button', { name: btn('保存') }).click();
    await leader.waitForURL('**/projectManagement/projectList');
    const rec = (await api(leader, 'resource/topic/get', { id: topicId })).data;
    expect(rec.argumentSheet.map((f: { fileName: string }) => f.fileName)).toEqual([`课题论证活页${RUN}（修改）.docx`]);
    const submitted = await api(leader, 'resource/topic/transition', {
      id: topicId,
      action: 'submit',
      version: rec.version,
    });
    expect(submitted.flag, JSON.stringify(submitted)).toBe(true);
  });

  it('city1123 sees each topic flagged or clean on the allocation page of a blind batch, and gives this one to expert1', async () => {
    const city = await sessions.as('city1123');
    const batch = await api(city, 'resource/reviewBatch/save', {
      name: BATCH,
      blind: true,
      level: '1',
      stage: '1',
      targetEntity: 'topic',
      startTime: '2026-01-01 08:00:00',
      endTime: '2099-12-31 18:00:00',
      expertsPerTopic: 1,
      rule: '1',
      criteria: [{ name: '总体评价', maxScore: 100 }],
    });
    expect(batch.flag, JSON.stringify(batch)).toBe(true);
    const list = await openList(city, '/reviewManagement/setting');
    const r = list.locator('.ant-table-tbody tr.ant-table-row', { hasText: BATCH }).first();
    await r.waitFor();
    await pressRowAction(city, r, '分配课题');
    const board = city.locator('.rt-allocation');
    const flagOf = (name: string) =>
      board.locator('.ant-table-tbody tr.ant-table-row', { hasText: name }).first().locator('.rt-identity-flag');
    await expect.poll(() => flagOf(TOPIC).textContent(), { timeout: 30_000 }).toBe('未发现身份信息');
    // The demo's waiting application whose 活页 names its applicant and school.
    const flagged = (await flagOf(WAITING_TOPICS[0]!.name).textContent()) ?? '';
    expect(flagged).toContain('疑似含身份信息');
    expect(flagged).toContain(DEMO_APPLICANTS[0].realName);
    await screenshot(city, 'review-blind-03-allocation-flags');

    const experts = await api(city, 'resource/expert/list', { page: 1, pageSize: 100 });
    const expert1 = (experts.data.list as { id: number; account?: string }[]).find((e) => e.account === 'expert1');
    const allocated = await api(city, 'review/allocate', {
      batchId: batch.data.id,
      mode: 'manual',
      targetIds: [topicId],
      pairs: [{ targetId: topicId, expertId: expert1!.id }],
    });
    expect(allocated.flag, JSON.stringify(allocated)).toBe(true);
  });

  it('expert1 reads every material offered and finds no name, unit, ID or phone number of the applicant or members', async () => {
    const page = await sessions.as('expert1');
    const list = await openList(page, '/reviewManagement/list');
    const row = list.locator('.ant-table-tbody tr.ant-table-row', { hasText: TOPIC }).filter({ hasText: BATCH });
    await row.waitFor();
    const found = leaks('评审列表', await row.innerText());
    const task = (await api(page, 'resource/review/list', { page: 1, pageSize: 100 })).data.list.find(
      (t: { targetId: number }) => t.targetId === topicId,
    );
    taskId = task.id;
    // What the server offers: the 活页 alone (no 申报书, no other upload).
    const answer = (await api(page, 'review/task', { id: taskId })).data;
    expect(answer.documents.map((d: { field: string }) => d.field)).toEqual(['argumentSheet']);
    fileIds = answer.documents.flatMap((d: { files: Array<{ id: number }> }) => d.files.map((f) => f.id));
    expect(fileIds).toHaveLength(1);

    await pressRowAction(page, row, '评分');
    await page.waitForURL('**/reviewManagement/list/editPage**');
    const sheet = page.locator('.rt-score-sheet');
    const docs = sheet.locator('.rt-score-docs');
    await docs.locator('li').first().waitFor();
    expect(
      await docs.locator('[data-field]').evaluateAll((els) => els.map((e) => e.getAttribute('data-field'))),
    ).toEqual(['generatedApplication', 'argumentSheet']);
    found.push(...leaks('评分页', await page.locator('body').innerText()), ...leaks('标题', await page.title()));

    // Each file as downloaded, then the generated 申报书, then each file as previewed (converted).
    const items = docs.locator('li');
    for (let i = 0; i < (await items.count()); i++) {
      const item = items.nth(i);
      const name = (await item.locator('.upload-file-name').textContent()) ?? '';
      const download = page.waitForEvent('download');
      await item.getByText('下载', { exact: true }).click();
      const file = await download;
      const bytes = fs.readFileSync((await file.path())!);
      found.push(...leaks(`下载 ${name}`, `${file.suggestedFilename()}\n${await readableText(bytes)}`));
    }
    const generated = page.waitForEvent('download');
    await sheet.locator('.rt-score-application').click();
    const application = await generated;
    expect(application.suggestedFilename()).toMatch(/（隐名）\.pdf$/);
    const applicationText = await readableText(fs.readFileSync((await application.path())!));
    expect(applicationText).toContain(TOPIC);
    found.push(...leaks('生成的申报书', `${application.suggestedFilename()}\n${applicationText}`));
    // The zip of the files, as 打包下载 would serve it.
    const zip = await fetchAs(page, '/api/file/downloadZip', { method: 'POST', body: { ids: fileIds } });
    expect(zip.status).toBe(200);
    found.push(...leaks('打包下载', await readableText(zip.bytes)));

    const dialog = page.locator('.upload-preview');
    for (let i = 0; i < (await items.count()); i++) {
      const item = items.nth(i);
      const name = (await item.locator('.upload-file-name').textContent()) ?? '';
      await item.getByText('预览', { exact: true }).click();
      await dialog.waitFor({ state: 'visible' });
      // A Word file is previewed as its converted PDF, once the conversion is done.
      const frame = dialog.locator('iframe');
      await frame.waitFor({ timeout: 300_000 });
      const src = (await frame.getAttribute('src'))!;
      previewLinks.push(src);
      const served = await fetchAs(page, src);
      expect(served.status, src).toBe(200);
      const text = await readableText(served.bytes);
      expect(text).toContain('课题论证活页');
      found.push(...leaks(`预览 ${name}`, text));
      await screenshot(page, 'review-blind-04-preview');
      await dialog.locator('.ant-modal-close').click();
      await dialog.waitFor({ state: 'hidden' });
    }
    expect(found).toEqual([]);
  });

  it('expert1 declares a conflict on it; every material path of the task answers 403', async () => {
    const page = await sessions.as('expert1');
    const sheet = page.locator('.rt-score-sheet');
    await sheet.getByRole('button', { name: btn('申报回避') }).click();
    const dialog = page.locator('.rt-decline-dialog');
    await dialog.waitFor();
    await tick(dialog.getByLabel('合作者'));
    await dialog.getByLabel('回避说明').fill('曾与课题负责人合作承担市级课题');
    await dialog.getByRole('button', { name: btn('提交') }).click();
    await expectMessage(page, '已申报回避，等待确认');

    const answers: Array<[string, number, string]> = [];
    for (const call of ['review/task', 'review/peers', 'review/discussion']) {
      const a = await api(page, call, { id: taskId });
      answers.push([call, a.status, a.result]);
    }
    const fetched = async (what: string, url: string, init?: Parameters<typeof fetchAs>[2]) => {
      const r = await fetchAs(page, url, init);
      answers.push([what, r.status, r.result]);
    };
    await fetched('申报书', `/api/review/application?id=${taskId}`, { method: 'POST', body: {} });
    for (const id of fileIds) {
      await fetched('下载', `/api/file/download?id=${id}`);
      await fetched('预览信息', `/api/file/preview/${id}`, { method: 'POST', body: {} });
      await fetched('预览', `/api/file/preview/${id}`);
    }
    for (const link of previewLinks) await fetched('先前的预览链接', link);
    await fetched('打包下载', '/api/file/downloadZip', { method: 'POST', body: { ids: fileIds } });
    expect(answers.filter(([, status, result]) => status !== 403 || result !== DOOR_CLOSED)).toEqual([]);
  });
});
