import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { fileTestClient, md5Of } from '../testing/fileTestClient.js';

const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(3000)]);
type H = Record<string, string>;

describe('reading files through the records they are attached to', () => {
  let t: TestApp;
  let province: H;
  let city: H;
  let leader: H;

  beforeAll(async () => {
    t = await createTestApp();
    province = await t.loginAs('province');
    city = await t.loginAs('city1123');
    leader = await t.loginAs('leader1');
  });
  afterAll(async () => t?.close());

  const download = (id: number, h: H = {}) =>
    t.inject({ method: 'GET', url: `/api/file/download?id=${id}`, headers: h });

  it('opens an announcement attachment to its readers, to visitors once published, and closes it when taken out', async () => {
    const bytes = pdf();
    const file = (await fileTestClient(t, province).send(bytes, '申报指南.pdf')).file!;
    const saved = await t.post(
      '/api/resource/announcement/save',
      { subAct: 'a', title: '附件测试', content: '<p>正文</p>', attachments: [{ id: file.id }] },
      province,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const rec = saved.body.data;
    expect(rec.attachments).toEqual([
      expect.objectContaining({ id: file.id, fileName: '申报指南.pdf', md5: md5Of(bytes) }),
    ]);

    // A draft: its reader (another province-wide admin role) may read it, a leader and visitors may not.
    const superAdmin = await t.loginAs('admin');
    expect((await download(file.id, superAdmin)).statusCode).toBe(200);
    expect((await download(file.id, leader)).statusCode).toBe(404);
    expect((await download(file.id)).statusCode).toBe(404);
    expect((await fileTestClient(t, leader).checkMd5(md5Of(bytes))).data.contextId).toBeNull();

    const published = await t.post(
      '/api/resource/announcement/transition',
      { subAct: 'a', id: rec.id, version: rec.version, action: 'publish' },
      province,
    );
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const anon = await download(file.id);
    expect(anon.statusCode).toBe(200);
    expect(md5Of(anon.rawPayload)).toBe(md5Of(bytes));
    expect((await t.post('/api/file/links', { ids: [file.id] })).body.data).toEqual([
      expect.objectContaining({ id: file.id, previewKind: 'pdf' }),
    ]);
    // Content the leader may now read is answered at once: an instant upload of their own copy.
    const again = await fileTestClient(t, leader).send(bytes, '我的副本.pdf');
    expect(again).toMatchObject({ step: 'done', instant: true });

    // Withdrawn and the file taken out: visitors lose it; the owner keeps it.
    const withdrawn = await t.post(
      '/api/resource/announcement/transition',
      { subAct: 'a', id: rec.id, version: published.body.data.version, action: 'withdraw' },
      province,
    );
    expect(withdrawn.status).toBe(200);
    const emptied = await t.post(
      '/api/resource/announcement/save',
      { subAct: 'a', id: rec.id, version: withdrawn.body.data.version, attachments: [] },
      province,
    );
    expect(emptied.status, JSON.stringify(emptied.body)).toBe(200);
    const republished = await t.post(
      '/api/resource/announcement/transition',
      { subAct: 'a', id: rec.id, version: emptied.body.data.version, action: 'publish' },
      province,
    );
    expect(republished.status).toBe(200);
    expect((await download(file.id)).statusCode).toBe(404);
    expect((await download(file.id, superAdmin)).statusCode).toBe(404);
    expect((await download(file.id, province)).statusCode).toBe(200);
  });

  it('refuses to attach a file the user may not read', async () => {
    const file = (await fileTestClient(t, province).send(pdf(), '私有.pdf')).file!;
    const res = await t.post(
      '/api/resource/announcement/save',
      { subAct: 'a', title: '窃取', content: '<p>x</p>', attachments: [file.id] },
      city,
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('附件包含无效的文件');
  });
});
