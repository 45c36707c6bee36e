/**
 * 查重 in the browser: leader1 uploads a 申报书 that copies a concluded demo topic's 结题报告 with
 * its sentences moved and a fifth of its words replaced, and submits it; city1123 sees the topic
 * flagged 疑似重复 in 课题审核管理 and, in its 查重报告 tab, the matched topic and the passages side by
 * side; expert1, in the blind batch of the demo's copy, sees the flag in 评审列表 and nothing else.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  api,
  buttonName as btn,
  expectMessage,
  launchBrowser,
  openList,
  pressRowAction,
  screenshot,
} from './harness.js';
import { loginSessions } from './login.js';
import { idCardCheckChar } from '../src/shared/idCard.js';
import { publishNotice } from './publishNotice.js';
import { DEMO_REPORTS } from '../src/server/modules/similarity/demoTexts.js';
import { reorder, replaceSynonyms, rng } from '../src/server/modules/similarity/corpus.js';
import { docxBytes } from '../src/server/modules/topics/demoFiles.js';

const RUN = String(Date.now() % 1_000_000);
/** The first 17 characters of this run's applicant ID card (a valid one, of a person born 1985-03-01). */
const ID17 = `13010219850301${RUN.padStart(3, '0').slice(-3)}`;
const TOPIC = `基于群文阅读的初中语文教学改进研究${RUN}`;
const poll = <T>(fn: () => T | Promise<T>, timeout = 60_000) => expect.poll(fn, { timeout, interval: 500 });

let browser: Browser;
const sessions = loginSessions(() => browser);
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await sessions.closeAll();
  await browser?.close();
});

/** The topic's row in the topic list, the list filtered by its name. */
async function topicRow(page: Page, name: string) {
  const list = await openList(page, '/projectManagement/projectList');
  await list.locator('.runtime-filters input').first().fill(name);
  await page.getByRole('button', { name: btn('查询') }).click();
  const row = list.locator('.ant-table-row', { hasText: name }).first();
  await row.waitFor();
  return row;
}

let topicId = 0;
let concludedName = '';

describe('查重', () => {
  it("leader1 uploads an application copying a concluded topic's report with changes, and submits it", async () => {
    const province = await sessions.as('province');
    const notice = await publishNotice(province, `关于开展课题申报工作的通知（查重）${RUN}`, 1);
    const leader = await sessions.as('leader1');
    const status18 = { page: 1, pageSize: 50, filters: [{ field: 'status', op: 'eq', value: '18' }] };
    const own = new Set(
      (await api(leader, 'resource/topic/list', status18)).data.list.map((t: { id: number }) => t.id),
    );
    // The demo's copy of DEMO_REPORTS[0] is the 结题报告 of a concluded topic that is not leader1's own.
    const others = (await api(province, 'resource/topic/list', status18)).data.list.filter(
      (t: { id: number }) => !own.has(t.id),
    );
    const holders = await Promise.all(
      others.map((t: { id: number }) => api(province, 'resource/topic/get', { id: t.id })),
    );
    const holder = holders.find((t) => t.data.conclusionReport?.length);
    expect(holder, 'a concluded demo topic of another leader holding the report').toBeDefined();
    concludedName = holder!.data.name;

    const mine = await api(leader, 'resource/topic/list', { page: 1, pageSize: 1 });
    const like = mine.data.list[0];
    const saved = await api(leader, 'resource/topic/save', {
      noticeId: notice.id,
      name: TOPIC,
      subject: like.subject,
      category: like.category,
    });
    expect(saved.flag, saved.result).toBe(true);
    topicId = saved.data.id;
    const full = await api(leader, 'resource/topic/get', { id: like.id });
    const rec = await api(leader, 'resource/topic/get', { id: topicId });
    const filled = await api(leader, 'resource/topic/save', {
      ...Object.fromEntries(
        ['leader', 'leaderMobile', 'unit', 'members', 'researchContent', 'researchTarget', 'phases']
          .map((f) => [f, full.data[f]])
          .filter(([, v]) => v !== undefined && v !== null),
      ),
      // An ID card of its own: leader1's may already lead the one topic in progress a leader may
      // (a journey before this one submits leader1's demo draft).
      leaderIdCard: `${ID17}${idCardCheckChar(ID17)}`,
      id: topicId,
      version: rec.data.version,
      noticeId: notice.id,
      name: TOPIC,
      subject: like.subject,
      category: like.category,
    });
    expect(filled.flag, filled.result).toBe(true);

    // The copy, as a person would make it: the report's sentences moved, a fifth of its words replaced.
    const source = DEMO_REPORTS[0];
    const rand = rng(Number(RUN));
    const changed = replaceSynonyms(reorder(source.paragraphs, rand), 0.2, rand).paragraphs;
    const doc = path.join(os.tmpdir(), `课题申报书${RUN}.docx`);
    fs.writeFileSync(doc, await docxBytes([TOPIC, '一、选题依据', ...changed]));

    await leader.goto(`/projectManagement/declarationGuidelines/projectApplication?id=${topicId}`);
    const form = leader.locator('.runtime-form');
    await form.waitFor();
    for (let i = 0; i < 4; i++) await leader.getByRole('button', { name: btn('下一步') }).click();
    await form
      .locator('.ant-formily-item', { hasText: '申报书' })
      .locator('input[type=file]')
      .first()
      .setInputFiles(doc);
    await form
      .getByText(/^(上传成功|秒传成功)$/)
      .first()
      .waitFor({ timeout: 30_000 });
    await leader.getByRole('button', { name: btn('保存') }).click();
    await expectMessage(leader, '操作成功');

    await pressRowAction(leader, await topicRow(leader, TOPIC), '提交');
    const confirm = leader.locator('.ant-modal:visible, .ant-popover:visible:not(:has(.runtime-more-actions))').last();
    await confirm.getByRole('button', { name: btn('确定') }).click();
    await expectMessage(leader, '操作成功');
    await poll(async () => (await api(leader, 'resource/topic/get', { id: topicId })).data.status).toBe('2');
  }, 240_000);

  it('city1123 sees 疑似重复 in the list and, in 查重报告, the matched topic and the passages', async () => {
    const city = await sessions.as('city1123');
    // Indexed by the queue in the background: the list is asked again until the verdict is in.
    await poll(async () => (await api(city, 'resource/topic/get', { id: topicId })).data.similarity, 90_000).toBe('2');
    const row = await topicRow(city, TOPIC);
    expect(await row.textContent()).toContain('疑似重复');
    await screenshot(city, 'similarity-01-city-list');

    await city.goto(`/projectManagement/projectList/projectDetail?id=${topicId}`);
    await city.getByRole('tab', { name: '查重报告' }).click();
    const report = city.getByTestId('similarity-report');
    await report.waitFor();
    await poll(() => report.textContent()).toContain(concludedName);
    const text = (await report.textContent()) ?? '';
    expect(text).toContain('疑似重复');
    expect(text).toContain('他人的课题');
    // Passages side by side: a sentence of the copy beside the report's own.
    expect(await report.locator('.ant-table-row').count()).toBeGreaterThan(1);
    expect(await report.locator('.ant-table-row').first().locator('td').nth(1).textContent()).not.toBe('');
    await screenshot(city, 'similarity-02-city-report');
  }, 180_000);

  it('expert1 sees the flag of the copy in the blind batch, never the report', async () => {
    const expert = await sessions.as('expert1');
    const list = await openList(expert, '/reviewManagement/list');
    await poll(() => list.locator('.ant-table-row', { hasText: '疑似重复' }).count()).toBeGreaterThan(0);
    await screenshot(expert, 'similarity-03-expert-list');
    const tasks = await api(expert, 'resource/review/list', { page: 1, pageSize: 100 });
    const flagged = tasks.data.list.find((t: { similarity: string }) => t.similarity === '2');
    const refused = await api(expert, 'similarity/report', { id: flagged.targetId });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(tasks.data.list)).not.toContain(concludedName);
  }, 120_000);
});
