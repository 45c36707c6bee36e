import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { fileTestClient, md5Of, pngOf } from '../testing/fileTestClient.js';
import { ssoLogin } from '../testing/ssoTestHelpers.js';

const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), crypto.randomBytes(3000)]);
const png = () => pngOf(3000);
type H = Record<string, string>;

/** The file cookie sys/login sets, as a browser would send it back to /api/file. */
const cookieOf = (h: H) => ({ cookie: `APP_FILE=${encodeURIComponent(h.authorization)}` });

describe('download and preview links', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const get = (url: string, headers: H = {}) => t.inject({ method: 'GET', url, headers });

  it('sets the file cookie at sys/login, keeps the ticket out of the answer, and clears the cookie at sys/logout', async () => {
    const sso = await ssoLogin(t, 'province');
    const res = await t.inject({
      method: 'POST',
      url: '/api/sys/login',
      payload: { tgt: sso.body.data.tgt, subAct: 'a' },
    });
    const user = res.json().data;
    expect(String(res.headers['set-cookie'])).toContain(
      `APP_FILE=${encodeURIComponent(user.token)}; Path=/api/file; HttpOnly; SameSite=Lax`,
    );
    expect(user.tgt).toBeUndefined();
    const out = await t.inject({
      method: 'POST',
      url: '/api/sys/logout',
      payload: { subAct: 'a' },
      headers: { authorization: user.token, 'x-csrf-token': user.csrfToken },
    });
    expect(String(out.headers['set-cookie'])).toMatch(/^APP_FILE=; Path=\/api\/file;.*Max-Age=0/);
  });

  it('works only for the user it was issued to, in the session it was issued in, and ends at logout', async () => {
    const owner = await t.loginAs('province');
    const file = (await fileTestClient(t, owner).send(png(), '照片.png')).file!;
    const links = (await t.post('/api/file/links', { ids: [file.id] }, owner)).body.data[0];
    for (const url of [links.previewUrl, links.downloadUrl]) {
      expect(url).toMatch(/[?&]t=/);
      expect((await get(url, cookieOf(owner))).statusCode).toBe(200);
      // No session at all, or another user's session (cookie or header): refused, with no hint the file exists.
      expect((await get(url)).statusCode).toBe(404);
      const other = await t.loginAs('admin');
      expect((await get(url, cookieOf(other))).statusCode).toBe(404);
      expect((await get(url, other)).statusCode).toBe(404);
      // The same user in another session (another browser) is refused too.
      const again = await t.loginAs('province');
      expect((await get(url, cookieOf(again))).statusCode).toBe(404);
    }
    expect((await t.post('/api/sys/logout', { subAct: 'a' }, owner)).body.flag).toBe(true);
    expect((await get(links.previewUrl, cookieOf(owner))).statusCode).toBe(404);
    expect((await get(links.downloadUrl, cookieOf(owner))).statusCode).toBe(404);
  });

  it('ends with the SSO ticket too', async () => {
    const login = await ssoLogin(t, 'province');
    const tgt = login.body.data.tgt as string;
    const user = (await t.post('/api/sys/login', { tgt, subAct: 'a' })).body.data;
    const h = { authorization: user.token, 'x-csrf-token': user.csrfToken };
    const file = (await fileTestClient(t, h).send(pdf(), '文件.pdf')).file!;
    expect((await get(file.downloadUrl, cookieOf(h))).statusCode).toBe(200);
    await t.inject({ method: 'POST', url: '/sso/logout', payload: { tgt } });
    expect((await get(file.downloadUrl, cookieOf(h))).statusCode).toBe(404);
  });

  it('serves attachments of published public records without login by a stable URL that is not a secret', async () => {
    const province = await t.loginAs('province');
    const bytes = pdf();
    const file = (await fileTestClient(t, province).send(bytes, '公告附件.pdf')).file!;
    const saved = await t.post(
      '/api/resource/announcement/save',
      { subAct: 'a', title: '公开附件', content: '<p>正文</p>', attachments: [{ id: file.id }] },
      province,
    );
    const rec = saved.body.data;
    expect(
      (
        await t.post(
          '/api/resource/announcement/transition',
          { subAct: 'a', id: rec.id, version: rec.version, action: 'publish' },
          province,
        )
      ).status,
    ).toBe(200);

    const first = (await t.post('/api/file/links', { ids: [file.id] })).body.data[0];
    const second = (await t.post('/api/file/links', { ids: [file.id] })).body.data[0];
    expect(first.downloadUrl).toBe(`/api/file/download?id=${file.id}`);
    expect(first.previewUrl).toBe(`/api/file/preview/${file.id}`);
    expect(second).toEqual(first);
    const anon = await get(first.downloadUrl);
    expect(anon.statusCode).toBe(200);
    expect(md5Of(anon.rawPayload)).toBe(md5Of(bytes));
    expect((await get(first.previewUrl)).statusCode).toBe(200);
    // A private file's plain URL opens nothing for a visitor.
    const secret = (await fileTestClient(t, province).send(pdf(), '内部.pdf')).file!;
    expect((await get(`/api/file/download?id=${secret.id}`)).statusCode).toBe(404);
    expect((await t.post('/api/file/links', { ids: [secret.id] })).body.data).toEqual([]);
  });
});
