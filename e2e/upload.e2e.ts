/**
 * The uploader as a province admin meets it on the announcement add page: a real picture picked from
 * disk is hashed in the worker, uploaded and saved; it is previewed (800x600) and downloaded
 * byte-for-byte with its Chinese name; picked again it completes at once (instant upload); the
 * same content twice is refused; the announcement is saved with it. Screenshots under .e2e/screenshots/upload-*.png.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from './harness.js';
import { openPageAs } from './login.js';

/** A real PNG (a colour gradient with a random stripe, so every run has new content). */
function pngFile(width: number, height: number): Buffer {
  const stripe = crypto.randomBytes(3);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const inStripe = Math.abs(x - y) < 6;
      row[1 + x * 3] = inStripe ? stripe[0] : (x * 255) / width;
      row[2 + x * 3] = inStripe ? stripe[1] : (y * 255) / height;
      row[3 + x * 3] = inStripe ? stripe[2] : 160;
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const md5 = (b: Buffer) => crypto.createHash('md5').update(b).digest('hex');

describe('uploading a file through the widget', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-e2e-'));
  });
  afterAll(async () => {
    await browser?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uploads, previews, downloads and uploads again instantly on the announcement add page', async () => {
    const bytes = pngFile(640, 400);
    const file = path.join(dir, '课题活动照片.png');
    fs.writeFileSync(file, bytes);

    const { page, context, errors } = await openPageAs(
      browser,
      'province',
      '/informationManagement/announcement/addAnnouncement',
    );
    const uploader = page.locator('.portal-uploader');
    await uploader.waitFor({ state: 'visible' });
    expect(await uploader.innerText()).toContain('单个文件不超过10MB');

    // Pick the file, as a person does.
    const calls: string[] = [];
    page.on('request', (r) => {
      if (/\/(api\/file|fileserver)\//.test(r.url())) calls.push(new URL(r.url()).pathname);
    });
    await uploader.locator('input[type=file]').setInputFiles(file);
    const item = uploader.locator('.portal-upload-item', { hasText: '课题活动照片.png' });
    await item.locator('.portal-upload-status', { hasText: '上传成功' }).waitFor({ timeout: 30_000 });
    expect(calls).toEqual(
      expect.arrayContaining([
        '/api/file/checkMd5',
        '/api/file/getCyStorageToken',
        '/fileserver/v2/prepare',
        '/fileserver/v2/upload',
        '/fileserver/v2/complete',
        '/api/file/uploadFile',
      ]),
    );
    await screenshot(page, 'upload-complete');

    // Preview: the picture in the 800x600 box.
    await item.getByText('预览').click();
    const img = page.locator('.upload-preview img');
    await img.waitFor({ state: 'visible' });
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(640);
    // Layout size (the opening zoom animation scales the bounding box for a moment).
    const box = await page
      .locator('.upload-preview .ant-modal-body > div')
      .first()
      .evaluate((el) => [(el as HTMLElement).offsetWidth, (el as HTMLElement).offsetHeight]);
    expect(box).toEqual([800, 600]);
    await screenshot(page, 'upload-preview');
    await page.locator('.upload-preview .ant-modal-close').click();
    await img.waitFor({ state: 'detached' });

    // Download: the same bytes, the Chinese name from content-disposition.
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByText('下载').click()]);
    expect(download.suggestedFilename()).toBe('课题活动照片.png');
    expect(md5(fs.readFileSync((await download.path())!))).toBe(md5(bytes));

    // Taken out and picked again: the server knows the content, nothing is sent again.
    await item.getByRole('button', { name: '删除' }).click();
    await item.waitFor({ state: 'detached' });
    calls.length = 0;
    await uploader.locator('input[type=file]').setInputFiles(file);
    await item.locator('.portal-upload-status', { hasText: '秒传成功' }).waitFor({ timeout: 30_000 });
    expect(calls).toEqual(['/api/file/checkMd5', '/api/file/uploadFile']);
    await screenshot(page, 'upload-instant');

    // The same content twice in one list is refused.
    await uploader.locator('input[type=file]').setInputFiles(file);
    await page
      .locator('.ant-message-notice', { hasText: '不允许上传重复文件！' })
      .first()
      .waitFor({ state: 'visible' });
    await expect.poll(() => uploader.locator('.portal-upload-item').count()).toBe(1);

    // Saved with the announcement: the record holds the file.
    await page.fill('input[placeholder="请输入标题"]', '附件上传测试通知');
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('正文内容');
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/resource/announcement/save')),
      page.getByRole('button', { name: /保\s*存/ }).click(),
    ]);
    const answer = await saved.json();
    expect(answer.flag).toBe(true);
    expect(answer.data.attachments).toEqual([
      expect.objectContaining({ fileName: '课题活动照片.png', fileSuffix: 'png', md5: md5(bytes) }),
    ]);

    expect(errors).toEqual([]);
    await context.close();
  });
});
