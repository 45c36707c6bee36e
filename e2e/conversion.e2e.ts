/**
 * Conversion on upload, as the people meet it: leader1 attaches a .docx (申报书) and an .xlsx,
 * .pptx, .txt, .avi and .wav (其他附件) to their application and submits it; city1123 gives it to
 * expert1 in an application review (立项评审: the stage whose material is those two fields; topics
 * have no opening-report review). expert1 opens 评审列表 → 评分 and each file of the material
 * without downloading: the dialog says 转换中 and switches by itself to the file once converted; PDF
 * pages render in the browser's viewer (one thumbnail canvas per page), the video and the audio
 * play and seek, fetched with range requests (206), in a blind batch too. Screenshots under
 * .e2e/screenshots/conversion-*.png.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { api, buttonName, launchBrowser, openList, pressRowAction, screenshot, visit } from './harness.js';
import { loginSessions } from './login.js';
import {
  docxSample,
  mediaSample,
  pptxSample,
  textSample,
  xlsxSample,
} from '../src/server/platform/testing/conversionSamples.js';

const RUN = crypto.randomBytes(3).toString('hex');
const BATCH = `转换预览立项评审${RUN}`;
/** Long enough for six conversions one after another on a loaded two-core machine. */
const CONVERTED_WITHIN = 300_000;

interface Sample {
  name: string;
  bytes: Buffer;
  kind: 'pdf' | 'video' | 'audio';
  /** PDF pages the converted file has (a workbook and a text file: at least one). */
  pages?: number;
}

/** The PDF viewer Chromium shows inside the preview's frame (its thumbnails are one canvas per page). */
function pdfViewer(page: Page): Frame | undefined {
  return page.frames().find((f) => f.url().startsWith('chrome-extension://') && !f.isDetached());
}

describe('office documents, text, video and audio previewed converted', () => {
  let browser: Browser;
  /** One logged-in browser per account, kept for the journey. */
  const sessions = loginSessions(() => browser);
  let dir: string;
  let samples: Sample[];
  beforeAll(async () => {
    browser = await launchBrowser({ fullBrowser: true });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conversion-e2e-'));
    // Content of this run (a new md5 each time), so nothing is found converted already.
    samples = [
      { name: `课题申报书${RUN}.docx`, bytes: await docxSample(`课题申报书${RUN}`, 3), kind: 'pdf', pages: 3 },
      { name: `经费预算${RUN}.xlsx`, bytes: await xlsxSample(`经费预算${RUN}`), kind: 'pdf' },
      { name: `中期汇报${RUN}.pptx`, bytes: await pptxSample(`中期汇报${RUN}`), kind: 'pdf', pages: 2 },
      {
        name: `研究记录${RUN}.txt`,
        bytes: Buffer.concat([Buffer.from(`${RUN}\n`), textSample(1)]),
        kind: 'pdf',
      },
      { name: `公开课${RUN}.avi`, bytes: mediaSample('avi', 4), kind: 'video' },
      { name: `访谈录音${RUN}.wav`, bytes: mediaSample('wav', 4), kind: 'audio' },
    ];
    for (const s of samples) fs.writeFileSync(path.join(dir, s.name), s.bytes);
  });
  afterAll(async () => {
    await sessions.closeAll();
    await browser?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('leader1 attaches six files to an application; expert1, assigned to review it, previews each converted', async () => {
    // Signed in before the upload, so the expert opens the files while the last is still converting.
    const city = await sessions.as('city1123');
    const page = await sessions.as('expert1');
    const leader = await sessions.as('leader1');
    const drafts = await api(leader, 'resource/topic/list', {
      page: 1,
      pageSize: 20,
      filters: [{ field: 'status', op: 'eq', value: '0' }],
    });
    expect(drafts.flag, JSON.stringify(drafts)).toBe(true);
    const { id: topicId, name: topicName } = drafts.data.list[0] as { id: number; name: string };

    // An application review (立项评审) of the city, whose material is the 申报书 and 其他附件: not
    // blind, so its expert reads every upload (a blind batch serves the 课题论证活页 alone).
    const batch = await api(city, 'resource/reviewBatch/save', {
      name: BATCH,
      blind: false,
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
    const experts = await api(city, 'resource/expert/list', { page: 1, pageSize: 100 });
    const expert1 = (experts.data.list as { id: number; account?: string }[]).find((e) => e.account === 'expert1');
    expect(expert1, JSON.stringify(experts.data.list)).toBeDefined();

    // The application's last step: the report (Word) as 申报书, the other five as 其他附件.
    await visit(leader, `/projectManagement/declarationGuidelines/projectApplication?id=${topicId}`);
    const form = leader.locator('.runtime-form');
    await form.waitFor();
    for (let i = 0; i < 4; i++) await leader.getByRole('button', { name: buttonName('下一步') }).click();
    const field = (label: string) =>
      form.locator('.ant-formily-item', { has: leader.locator('.ant-formily-item-label', { hasText: label }) }).first();
    const docField = field('申报书');
    await docField.locator('.portal-uploader').waitFor();
    // The draft's earlier 申报书 (one file at most) makes room for the new one.
    while ((await docField.locator('.portal-upload-item').count()) > 0)
      await docField.locator('.portal-upload-item').first().getByRole('button', { name: '删除' }).click();
    await docField.locator('input[type=file]').setInputFiles(path.join(dir, samples[0].name));
    await field('其他附件')
      .locator('input[type=file]')
      .setInputFiles(samples.slice(1).map((s) => path.join(dir, s.name)));
    // Counted in the two fields: the draft's 活页 (another field) shows 上传成功 as well.
    const done = (f: typeof docField) =>
      f.locator('.portal-upload-status', { hasText: /^(上传成功|秒传成功)$/ }).count();
    await expect
      .poll(async () => (await done(docField)) + (await done(field('其他附件'))), { timeout: 60_000 })
      .toBe(6);
    await screenshot(leader, 'conversion-01-uploaded');
    await leader.getByRole('button', { name: buttonName('保存') }).click();
    await leader.waitForURL('**/projectManagement/projectList');
    const saved = (await api(leader, 'resource/topic/get', { id: topicId })).data;
    const files = [...saved.applicationDoc, ...saved.attachments] as { fileName: string }[];
    expect(files.map((f) => f.fileName).sort()).toEqual(samples.map((s) => s.name).sort());
    const submitted = await api(leader, 'resource/topic/transition', {
      id: topicId,
      action: 'submit',
      version: saved.version,
    });
    expect(submitted.flag, JSON.stringify(submitted)).toBe(true);

    // The city gives the topic to expert1 in its batch (which sends it to expert review).
    const allocated = await api(city, 'review/allocate', {
      batchId: batch.data.id,
      mode: 'manual',
      targetIds: [topicId],
      pairs: [{ targetId: topicId, expertId: expert1!.id }],
    });
    expect(allocated.flag, JSON.stringify(allocated)).toBe(true);

    // expert1: 评审列表 → 评分 → the material on the score sheet.
    const list = await openList(page, '/reviewManagement/list');
    const task = list.locator('.ant-table-tbody tr.ant-table-row', { hasText: topicName }).filter({ hasText: BATCH });
    await task.waitFor();
    await pressRowAction(page, task, '评分');
    await page.waitForURL('**/reviewManagement/list/editPage**');
    const material = page.locator('.rt-score-sheet .rt-score-docs');
    await material.waitFor();
    const dialog = page.locator('.upload-preview');
    const open = async (name: string) => {
      await material.locator('li', { hasText: name }).locator('a', { hasText: '预览' }).click();
      await dialog.waitFor({ state: 'visible' });
    };
    const close = async () => {
      await dialog.locator('.ant-modal-close').click();
      await dialog.waitFor({ state: 'hidden' });
    };

    // Opened at once, the last file queued is usually still waiting: the dialog says so and offers
    // the file, then plays it by itself. On a quick machine it may be converted already; the waiting
    // dialog itself is FilePreview.test.tsx's.
    const wav = samples[5];
    await open(wav.name);
    const audio = dialog.locator('audio');
    await expect
      .poll(async () =>
        (await audio.count()) > 0 ? 'played' : /转换中/.test(await dialog.innerText()) ? 'waiting' : '',
      )
      .not.toBe('');
    if ((await audio.count()) === 0) {
      expect(await dialog.getByText('下载文件').count()).toBe(1);
      await screenshot(page, 'conversion-02-converting');
    }
    await audio.waitFor({ timeout: CONVERTED_WITHIN });
    await close();

    for (const s of samples) {
      await open(s.name);
      if (s.kind === 'pdf') {
        const frame = dialog.locator('iframe');
        await frame.waitFor({ timeout: CONVERTED_WITHIN });
        // The browser's own viewer draws every page: one thumbnail canvas per page.
        await expect
          .poll(async () => (await pdfViewer(page)?.locator('viewer-thumbnail canvas').count()) ?? 0, {
            timeout: 60_000,
          })
          .toBeGreaterThan(0);
        const pages = await pdfViewer(page)!.locator('viewer-thumbnail').count();
        if (s.pages) expect(pages, s.name).toBe(s.pages);
        await screenshot(page, `conversion-03-${s.name.split('.').pop()}`);
      } else {
        const player = dialog.locator(s.kind);
        await player.waitFor({ timeout: CONVERTED_WITHIN });
        // Metadata loaded: the length of the 4-second sample.
        await expect
          .poll(() => player.evaluate((el) => (el as HTMLMediaElement).duration), { timeout: 30_000 })
          .toBeGreaterThan(3.5);
        // Seek: the player asks for the part it needs, and lands there.
        const landed = await player.evaluate(
          (el) =>
            new Promise<number>((resolve) => {
              const media = el as HTMLMediaElement;
              media.addEventListener('seeked', () => resolve(media.currentTime), { once: true });
              media.currentTime = 2.5;
            }),
        );
        expect(landed).toBeCloseTo(2.5, 0);
        // It plays: time goes on from there.
        await player.evaluate((el) => {
          const media = el as HTMLMediaElement;
          media.muted = true;
          return media.play();
        });
        await expect
          .poll(() => player.evaluate((el) => (el as HTMLMediaElement).currentTime), { timeout: 30_000 })
          .toBeGreaterThan(2.6);
        expect(await player.evaluate((el) => (el as HTMLMediaElement).error)).toBeNull();
        // The player's source answers ranges (206), which is what lets it seek without the whole file.
        const ranged = await player.evaluate(async (el) => {
          const res = await fetch((el as HTMLMediaElement).currentSrc, { headers: { range: 'bytes=0-99' } });
          return [res.status, (await res.arrayBuffer()).byteLength];
        });
        expect(ranged, s.name).toEqual([206, 100]);
        await screenshot(page, `conversion-04-${s.kind}`);
      }
      await close();
    }
  }, 600_000);
});
