import { conversionTools } from '../conversion/converters.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { zipEntries as readZip } from '../testing/zipEntries.js';
import { UPLOAD_MESSAGES } from '../../../shared/fileTypes.js';
import { fileTestClient, md5Of, pdfOf as pdf, pngOf as png } from '../testing/fileTestClient.js';
import { resolveFileRefs, bindFiles } from './fileRefs.js';

// Reading stored files through HTTP: who may download, preview, link and zip them, and what
// binding them to a record entitles.
const text = (s: string) => Buffer.from(s, 'utf8');

describe('stored files served through HTTP', () => {
  let t: TestApp;
  let province: Record<string, string>;
  let city: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    province = await t.loginAs('province');
    city = await t.loginAs('city1123');
  });
  afterAll(async () => t?.close());

  it("refuses another user's file: download, preview, links, zip, checkMd5, its upload session and resolveFileRefs", async () => {
    const bytes = png();
    const mine = await fileTestClient(t, province).send(bytes, '照片.png');
    expect(mine.step).toBe('done');
    const id = mine.file!.id;
    const other = fileTestClient(t, city);

    const download = await t.inject({ method: 'GET', url: `/api/file/download?id=${id}`, headers: city });
    expect(download.statusCode).toBe(404);
    expect(download.json().result).toBe(UPLOAD_MESSAGES.missing);
    expect((await t.post(`/api/file/preview/${id}`, {}, city)).body.result).toBe(UPLOAD_MESSAGES.missing);
    expect((await t.inject({ method: 'GET', url: `/api/file/preview/${id}`, headers: city })).statusCode).toBe(404);
    expect((await t.post('/api/file/links', { ids: [id] }, city)).body.data).toEqual([]);
    expect(
      (await t.inject({ method: 'POST', url: `/api/file/downloadZip?ids=${id}`, headers: city, payload: {} }))
        .statusCode,
    ).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/file/download?id=${id}` })).statusCode).toBe(404);

    // Knowing the hash gives nothing: no contextId, and the owner's contextId is not theirs to use.
    expect((await other.checkMd5(md5Of(bytes))).data.contextId).toBeNull();
    const stolen = await other.uploadFile({
      belongType: 'announcement.attachments',
      contextId: mine.file!.contextId,
      originalFileName: 'x.png',
    });
    expect(stolen.flag).toBe(false);
    const cityUser = await t.ctx.database.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'city1123')
      .executeTakeFirstOrThrow();
    const asCity = {
      userId: cityUser.id,
      username: 'city1123',
      realName: '',
      roleCode: '3',
      roles: ['3'],
      areaCode: '1123',
      orgName: null,
      subSystemId: null,
      isAdmin: true,
      tokenHash: '',
      csrfToken: '',
    } as const;
    await expect(resolveFileRefs(t.ctx, { ...asCity, roles: ['3'] }, [id])).rejects.toMatchObject({
      message: '参数不合法',
    });

    // A token made for one user is refused to another.
    const tokens = await fileTestClient(t, province).storageTokens({ fileExt: 'png', chunks: 1, md5: md5Of(png()) });
    expect((await other.prepare(tokens.data.prepareToken, 1 << 20)).flag).toBe(false);

    // They can still upload the same bytes themselves; storage keeps one copy.
    const theirs = await other.send(bytes, '同一张.png');
    expect(theirs).toMatchObject({ step: 'done', instant: false });
    expect(
      await t.ctx.database.db.selectFrom('file_blobs').select('md5').where('md5', '=', md5Of(bytes)).execute(),
    ).toHaveLength(1);
    const own = await t.inject({ method: 'GET', url: `/api/file/download?id=${theirs.file!.id}`, headers: city });
    expect(md5Of(own.rawPayload)).toBe(md5Of(bytes));
  });

  it('previews pictures and PDFs inline through a signed link, and refuses other kinds', async () => {
    const client = fileTestClient(t, province);
    const picture = png();
    const sent = await client.send(picture, 'pic.png');
    const info = await t.post(`/api/file/preview/${sent.file!.id}`, {}, province);
    expect(info.body.data).toMatchObject({ kind: 'image', contentType: 'image/png' });
    // The signed link works without the Authorization header (an <img> sends none), in the session's file cookie...
    const res = await t.inject({
      method: 'GET',
      url: info.body.data.previewUrl,
      headers: { cookie: `APP_FILE=${province.authorization}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^inline;/);
    expect(res.headers['content-security-policy']).toContain('sandbox');
    // Asked again each time it is opened: a reader whose access ends (a review task declined) does not
    // keep reading it from the browser's cache.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.rawPayload.equals(picture)).toBe(true);
    // ...but only for that file, and not once tampered with.
    const other = await client.send(pdf(), 'doc.pdf');
    const forged = info.body.data.previewUrl.replace(`/preview/${sent.file!.id}`, `/preview/${other.file!.id}`);
    expect((await t.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `${info.body.data.previewUrl}x` })).statusCode).toBe(404);

    const pdfInfo = await t.post(`/api/file/preview/${other.file!.id}`, {}, province);
    expect(pdfInfo.body.data.kind).toBe('pdf');
    // Plain text is shown converted to a PDF: until the conversion is done there is nothing to serve.
    const txt = await client.send(text('纯文本'), 'a.txt');
    expect(txt.file!.previewKind).toBe('pdf');
    const txtInfo = (await t.post(`/api/file/preview/${txt.file!.id}`, {}, province)).body.data;
    // Queued where LibreOffice is installed; without it (npm test on Node alone) there will be none.
    expect(txtInfo.conversion.state).toBe(conversionTools().soffice ? 'queued' : 'unavailable');
    expect(txtInfo.previewUrl).toBeNull();
    expect((await t.inject({ method: 'GET', url: txt.file!.previewUrl!, headers: province })).json().result).toBe(
      UPLOAD_MESSAGES.noPreview,
    );
  });

  it('zips several files (same names made unique, Chinese names kept) and says 下载地址不存在 for a missing one', async () => {
    const client = fileTestClient(t, province);
    const a = pdf();
    const b = pdf();
    const fa = await client.send(a, '报告.pdf');
    const fb = await client.send(b, '报告.pdf');
    const res = await t.inject({
      method: 'POST',
      url: `/api/file/downloadZip?ids=${fa.file!.id},${fb.file!.id}&subAct=a`,
      headers: province,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('附件.zip')}`);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const entries = await readZip(res.rawPayload);
    expect([...entries.keys()]).toEqual(['报告.pdf', '报告 (2).pdf']);
    expect(md5Of(entries.get('报告.pdf')!)).toBe(md5Of(a));
    expect(md5Of(entries.get('报告 (2).pdf')!)).toBe(md5Of(b));

    const missing = await t.inject({
      method: 'POST',
      url: '/api/file/downloadZip?ids=999999',
      headers: province,
      payload: {},
    });
    expect(missing.json()).toMatchObject({ flag: false, result: UPLOAD_MESSAGES.missing });
    const gone = await t.inject({ method: 'GET', url: '/api/file/download?id=999999', headers: province });
    expect(gone.json()).toMatchObject({ flag: false, result: UPLOAD_MESSAGES.missing });
  });

  it('checks files a record takes against its field, and binding them entitles the record readers', async () => {
    const client = fileTestClient(t, province);
    const files = [];
    for (let i = 0; i < 6; i++) files.push((await client.send(pdf(), `f${i}.pdf`)).file!.id);
    const provinceUser = await t.ctx.database.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'province')
      .executeTakeFirstOrThrow();
    const asProvince = {
      userId: provinceUser.id,
      username: 'province',
      realName: '',
      roleCode: '2',
      roles: ['2'],
      areaCode: null,
      orgName: null,
      subSystemId: null,
      isAdmin: true,
      tokenHash: '',
      csrfToken: '',
    } as const;
    const refs = await resolveFileRefs(t.ctx, { ...asProvince, roles: ['2'] }, files.slice(0, 2), {
      belongType: 'announcement.attachments',
    });
    expect(refs).toEqual([
      expect.objectContaining({ id: files[0], fileName: 'f0.pdf', fileSuffix: 'pdf' }),
      expect.objectContaining({ id: files[1], fileName: 'f1.pdf' }),
    ]);
    await expect(
      resolveFileRefs(t.ctx, { ...asProvince, roles: ['2'] }, files, { belongType: 'announcement.attachments' }),
    ).rejects.toMatchObject({ message: UPLOAD_MESSAGES.tooMany });
    await expect(resolveFileRefs(t.ctx, { ...asProvince, roles: ['2'] }, [999999])).rejects.toMatchObject({
      message: '参数不合法',
    });

    await bindFiles(t.ctx, 'announcement.attachments', 4242, files.slice(0, 2));
    await bindFiles(t.ctx, 'announcement.attachments', 4242, files.slice(0, 2));
    const bound = await t.ctx.database.db
      .selectFrom('file_bindings')
      .selectAll()
      .where('record_id', '=', 4242)
      .execute();
    expect(bound.map((b) => [b.file_id, b.entity, b.field])).toEqual([
      [files[0], 'announcement', 'attachments'],
      [files[1], 'announcement', 'attachments'],
    ]);
  });
});
