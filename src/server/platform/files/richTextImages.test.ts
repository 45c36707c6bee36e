import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { fileTestClient, md5Of } from '../testing/fileTestClient.js';

/** A real 1×1 PNG, and the same picture with one more byte at the end (another md5, still a PNG). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const OTHER_PNG = Buffer.concat([PNG, Buffer.from([0])]);

describe('pictures in rich text', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('uploads a picture into a rich-text field and serves it to anyone by its md5, cacheable for ever', async () => {
    const files = fileTestClient(t, await t.loginAs('province'));
    const sent = await files.send(PNG, '插图.png', { belongType: 'announcement.content' });
    expect(sent.step).toBe('done');
    const res = await t.inject({ method: 'GET', url: `/api/file/image/${md5Of(PNG)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(Buffer.compare(res.rawPayload, PNG)).toBe(0);
  });

  it('refuses anything but a picture for a rich-text field', async () => {
    const files = fileTestClient(t, await t.loginAs('province'));
    const sent = await files.send(Buffer.from('%PDF-1.4\n%%EOF\n'), '说明.pdf', { belongType: 'announcement.content' });
    expect(sent.step).not.toBe('done');
    expect(sent.answer.result).toBe('上传文件不符合格式要求，请重新上传');
  });

  it('does not serve a picture that was uploaded as an attachment, nor an unknown md5', async () => {
    const files = fileTestClient(t, await t.loginAs('province'));
    expect((await files.send(OTHER_PNG, '附件.png', { belongType: 'announcement.attachments' })).step).toBe('done');
    expect((await t.inject({ method: 'GET', url: `/api/file/image/${md5Of(OTHER_PNG)}` })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/file/image/${'0'.repeat(32)}` })).statusCode).toBe(404);
    const bad = await t.inject({ method: 'GET', url: '/api/file/image/..%2F..%2Fetc' });
    expect(bad.statusCode).toBeLessThan(500);
    expect(bad.body).not.toMatch(/at .*\.ts/);
  });
});
