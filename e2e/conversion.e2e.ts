/**
 * Conversion on upload, as the people meet it: leader1 picks a .docx, .xlsx, .pptx, .txt, .avi and
 * .wav on the opening-report page of their topic and saves; the city reviewer of that area opens
 * each from the topic's details without downloading: the dialog says 转换中 and switches by itself
 * to the file once converted; PDF pages render in the browser's viewer (one thumbnail canvas per
 * page), the video and the audio play and seek, fetched with range requests (206). Screenshots
 * under .e2e/screenshots/conversion-*.png.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { api, buttonName, launchBrowser, screenshot } from './harness.js';
import { openPageAs } from './login.js';
import {
  docxSample,
  mediaSample,
  pptxSample,
  textSample,
  xlsxSample,
} from '../src/server/platform/testing/conversionSamples.js';

const RUN = crypto.randomBytes(3).toString('hex');
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
  let dir: string;
  let samples: Sample[];
  beforeAll(async () => {
    browser = await launchBrowser();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conversion-e2e-'));
    // Content of this run (a new md5 each time), so nothing is found converted already.
    samples = [
      { name: `开题报告${RUN}.docx`, bytes: await docxSample(`开题报告${RUN}`, 3), kind: 'pdf', pages: 3 },
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
    await browser?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('leader1 uploads six files; city1123 previews each converted, without downloading', async () => {
    const leader = await openPageAs(browser, 'leader1', '/projectManagement/projectList');
    const mine = await api(leader.page, 'resource/topic/list', {
      page: 1,
      pageSize: 20,
      filters: [{ field: 'status', op: 'eq', value: '6' }],
    });
    expect(mine.flag, JSON.stringify(mine)).toBe(true);
    const topicId: number = mine.data.list[0].id;

    // The opening-report page: the report (Word) and its attachments (the other five files).
    await leader.page.goto(`/projectManagement/projectList/addFileAll/index?id=${topicId}`);
    const form = leader.page.locator('.runtime-form');
    await form.waitFor();
    const uploaders = form.locator('.portal-uploader');
    await uploaders.nth(1).waitFor();
    await uploaders.nth(0).locator('input[type=file]').setInputFiles(path.join(dir, samples[0].name));
    await uploaders
      .nth(1)
      .locator('input[type=file]')
      .setInputFiles(samples.slice(1).map((s) => path.join(dir, s.name)));
    await expect
      .poll(() => form.locator('.portal-upload-status', { hasText: /^(上传成功|秒传成功)$/ }).count(), {
        timeout: 60_000,
      })
      .toBe(6);
    await screenshot(leader.page, 'conversion-01-uploaded');
    await leader.page.getByRole('button', { name: buttonName('保存') }).click();
    await leader.page.waitForURL('**/projectManagement/projectList');
    const saved = (await api(leader.page, 'resource/topic/get', { id: topicId })).data;
    const files = [...saved.openingReport, ...saved.openingFiles] as { id: number; fileName: string }[];
    expect(files.map((f) => f.fileName).sort()).toEqual(samples.map((s) => s.name).sort());
    await leader.context.close();

    // The city reviewer of the area reads the topic's opening report tab.
    const city = await openPageAs(browser, 'city1123', `/projectManagement/projectList/projectDetail?id=${topicId}`);
    const page = city.page;
    await page.getByRole('tab', { name: '开题报告' }).click();
    const dialog = page.locator('.upload-preview');
    const open = async (name: string) => {
      await page.locator('.runtime-file-list li:visible', { hasText: name }).locator('.runtime-file-preview').click();
      await dialog.waitFor({ state: 'visible' });
    };
    const close = async () => {
      await dialog.locator('.ant-modal-close').click();
      await dialog.waitFor({ state: 'hidden' });
    };

    // Opened at once, the last file queued is still waiting: the dialog says so, then plays it by itself.
    const wav = samples[5];
    await open(wav.name);
    await expect.poll(() => dialog.innerText()).toMatch(/转换中/);
    expect(await dialog.getByText('下载文件').count()).toBe(1);
    await screenshot(page, 'conversion-02-converting');
    await dialog.locator('audio').waitFor({ timeout: CONVERTED_WITHIN });
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
    await city.context.close();
  }, 600_000);
});
