import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { fileTestClient } from '../testing/fileTestClient.js';
import { createRecord, publishRecord, resourceWorld } from '../testing/resourceWorld.js';
import { readWorkbook, styledHeader } from '../testing/xlsxChecks.js';
import { XLSX_TYPE } from './xlsxWriter.js';

// The record engine through HTTP on announcements: public reads, export and attachments.
type H = Record<string, string>;
let t: TestApp;
let province: H, city1123: H, city1101: H, admin: H;
beforeAll(async () => {
  ({ t, province, city1123, city1101, admin } = await resourceWorld(await createTestApp()));
});
afterAll(async () => {
  await t?.close();
});

const A = '/api/resource/announcement';
const create = (h: H, fields?: Record<string, unknown>, entity?: string) => createRecord(t, h, fields, entity);
const publish = (h: H, rec: { id: number; version: number }, entity?: string) => publishRecord(t, h, rec, entity);

describe('public endpoints', () => {
  it('show visitors only published items and only the public fields', async () => {
    const draft = await create(province, { title: '草稿不公开' });
    const pubRec = await publish(province, await create(city1123, { title: '公开的通知', summary: '公开摘要' }));
    const list = await t.post('/api/public/announcement/list', {
      subAct: 'a',
      page: 1,
      pageSize: 100,
      pageId: 'portal/announcement.list',
    });
    expect(list.status).toBe(200);
    const ids = list.body.data.list.map((r: any) => r.id);
    expect(ids).toContain(pubRec.id);
    expect(ids).not.toContain(draft.id);
    const row = list.body.data.list.find((r: any) => r.id === pubRec.id);
    expect(Object.keys(row).sort()).toEqual(
      ['areaCode', 'attachments', 'content', 'id', 'publishTime', 'publisher', 'summary', 'title'].sort(),
    );
    expect(row).not.toHaveProperty('_perm');
    expect((await t.post('/api/public/announcement/get', { subAct: 'a', id: draft.id })).status).toBe(404);
    const got = await t.post('/api/public/announcement/get', { subAct: 'a', id: pubRec.id });
    expect(got.body.data).toMatchObject({ title: '公开的通知', summary: '公开摘要' });
    expect(got.body.data).not.toHaveProperty('ownerId');
    expect(got.body.data).not.toHaveProperty('status');
    // Visitors cannot filter or sort by what they cannot see, nor borrow an admin page's where.
    expect(
      (
        await t.post('/api/public/announcement/list', {
          subAct: 'a',
          filters: [{ field: 'status', op: 'eq', value: 'draft' }],
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.post('/api/public/announcement/list', { subAct: 'a', pageId: 'information/announcement.list' })).status,
    ).toBe(400);
    expect((await t.post('/api/public/topic/list', { subAct: 'a' })).status).toBe(403);
    // Withdrawn items leave the public pages.
    await t.post(
      `${A}/transition`,
      { subAct: 'a', id: pubRec.id, version: pubRec.version, action: 'withdraw' },
      province,
    );
    expect((await t.post('/api/public/announcement/get', { subAct: 'a', id: pubRec.id })).status).toBe(404);
  });

  it('serves public page schemas to anyone with the public fields only, admin pages to allowed roles', async () => {
    const pub = await t.post('/api/schema/page', { subAct: 'a', id: 'portal/announcement.look' });
    expect(pub.status).toBe(200);
    expect(Object.keys(pub.body.data.entity.fields).sort()).toEqual(
      ['areaCode', 'attachments', 'content', 'publishTime', 'publisher', 'summary', 'title'].sort(),
    );
    const adminPage = await t.post('/api/schema/page', { subAct: 'a', id: 'information/announcement.form' }, city1101);
    expect(adminPage.status).toBe(200);
    expect(adminPage.body.data).toMatchObject({
      page: { id: 'information/announcement.form' },
      entity: { name: 'announcement' },
      workflow: { name: 'information' },
    });
    expect((await t.post('/api/schema/page', { subAct: 'a', id: 'nope/x.list' }, province)).status).toBe(404);
    const wf = await t.post('/api/workflow/get', { subAct: 'a', name: 'topic' }, province);
    // SPEC §4's 31 statuses and 5 开题报告市级评审中, the 开题 stage's expert review.
    expect(wf.body.data.statuses.length).toBe(32);
  });
});

describe('pages of a kind without an entity', () => {
  const page = (id: string, h?: H) => t.post('/api/schema/page', { subAct: 'a', id }, h);

  it("are opened as their kind's folder says: a look-up by visitors, the studio by its roles, a workbench signed in", async () => {
    const lookup = await page('portal/certificate.verify');
    expect(lookup.status).toBe(200);
    expect(lookup.body.data).toMatchObject({ entity: { name: 'lookup', fields: {} }, workflow: null });
    expect((await page('portal/home.dashboard')).status).toBe(200);
    expect((await page('workbench/home.dashboard')).status).toBe(401);
    expect((await page('workbench/home.dashboard', city1123)).body.data.entity.name).toBe('dashboard');
    expect((await page('studio/schema.studio')).status).toBe(401);
    expect((await page('studio/schema.studio', province)).status).toBe(403);
    const studio = await page('studio/schema.studio', admin);
    expect(studio.status).toBe(200);
    expect(studio.body.data.entity).toMatchObject({ name: 'studio', label: studio.body.data.page.title });
  });
});

describe('export', () => {
  const exportAs = (h: H, payload: Record<string, unknown>) =>
    t.inject({ method: 'POST', url: `${A}/export`, headers: { ...h, 'content-type': 'application/json' }, payload });

  it("exports the user's rows as an xlsx workbook with a styled, frozen header and an RFC 5987 file name", async () => {
    const rec = await publish(city1101, await create(city1101, { title: '表格导出,"引号"', summary: '=1+1' }));
    const filters = [{ field: 'title', op: 'like', value: '表格导出' }];
    const res = await exportAs(city1101, { subAct: 'a', pageId: 'information/announcement.list', filters });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    const cd = String(res.headers['content-disposition']);
    expect(cd).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(cd.split("UTF-8''")[1])).toMatch(/^通知公告_\d{8}\.xlsx$/);
    const [sheet] = await readWorkbook(res.rawPayload);
    expect(sheet.name).toBe('通知公告');
    expect(sheet.header).toEqual(['标题', '发布地区', '发布单位', '状态', '发布时间', '创建时间']);
    expect(styledHeader(sheet)).toBe(true);
    expect(sheet.frozenRows).toBe(1);
    expect(sheet.rows).toHaveLength(1);
    expect(sheet.rows[0]).toEqual(expect.arrayContaining(['表格导出,"引号"', '石家庄市', '已发布', rec.publishTime]));
    // The 标题 column is as wide as the title (15 wide + 2), not exceljs's default.
    expect(sheet.widths[0]).toBe(17);
    // Another city's admin exports nothing of it.
    const [other] = await readWorkbook((await exportAs(city1123, { subAct: 'a', filters })).rawPayload);
    expect(other.rows).toHaveLength(0);
  });

  it('answers CSV (BOM, CRLF, quoted cells) when the caller asks for it, and refuses an unknown format', async () => {
    const rec = await publish(city1101, await create(city1101, { title: '导出测试,"引号"', summary: '=1+1' }));
    const filters = [{ field: 'title', op: 'like', value: '导出测试' }];
    const res = await exportAs(city1101, {
      subAct: 'a',
      pageId: 'information/announcement.list',
      filters,
      format: 'csv',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const cd = String(res.headers['content-disposition']);
    expect(decodeURIComponent(cd.split("UTF-8''")[1])).toMatch(/^通知公告_\d{8}\.csv$/);
    const body = res.body;
    expect(body.charCodeAt(0)).toBe(0xfeff);
    const lines = body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('标题,发布地区,发布单位,状态,发布时间,创建时间');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"导出测试,""引号"""');
    expect(lines[1]).toContain('石家庄市');
    expect(lines[1]).toContain('已发布');
    expect(lines[1]).toContain(rec.publishTime);
    expect((await exportAs(city1101, { subAct: 'a', filters, format: 'pdf' })).statusCode).toBe(400);
  });

  it('neutralises cells that start with a formula after invisible or control characters', async () => {
    await publish(city1101, await create(city1101, { title: '\u200b=HYPERLINK("http://x")导出注入' }));
    const filters = [{ field: 'title', op: 'like', value: '导出注入' }];
    const lines = (await exportAs(city1101, { subAct: 'a', filters, format: 'csv' })).body
      .slice(1)
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1], JSON.stringify(lines[1])).toMatch(/,"'\u200b=HYPERLINK\(/);
    const [sheet] = await readWorkbook((await exportAs(city1101, { subAct: 'a', filters })).rawPayload);
    expect(sheet.rows[0]).toContain('\'\u200b=HYPERLINK("http://x")导出注入');
  });
});

describe('attachments', () => {
  it('keeps file refs from the file service, refuses files the user may not attach, and exports their names', async () => {
    const sent = await fileTestClient(t, province).send(Buffer.from('%PDF-1.4\n% 申报指南\n%%EOF\n'), '申报指南.pdf');
    expect(sent.step, JSON.stringify(sent.answer)).toBe('done');
    const fileId = sent.file!.id;
    const rec = await create(province, { title: '带附件的通知', attachments: [fileId] });
    expect(rec.attachments).toEqual([
      expect.objectContaining({ id: fileId, fileName: '申报指南.pdf', fileSuffix: 'pdf' }),
    ]);
    // Saving the record back unchanged (refs as the client holds them) keeps them.
    const again = await t.post(
      `${A}/save`,
      { subAct: 'a', id: rec.id, version: rec.version, attachments: rec.attachments },
      province,
    );
    expect(again.body.data.attachments).toEqual(rec.attachments);
    // Someone who cannot read the file cannot attach it by guessing its id.
    const stolen = await t.post(
      `${A}/save`,
      { subAct: 'a', title: '盗用附件', content: '<p>x</p>', attachments: [fileId] },
      city1101,
    );
    expect(stolen.status).toBe(400);
    expect(stolen.body.data).toEqual([expect.objectContaining({ field: 'attachments' })]);
    const missing = await t.post(
      `${A}/save`,
      { subAct: 'a', title: '不存在的附件', content: '<p>x</p>', attachments: [987654] },
      province,
    );
    expect(missing.status).toBe(400);
    const exported = await t.inject({
      method: 'POST',
      url: `${A}/export`,
      headers: { ...province, 'content-type': 'application/json' },
      payload: { subAct: 'a', filters: [{ field: 'title', op: 'like', value: '带附件' }] },
    });
    const [sheet] = await readWorkbook(exported.rawPayload);
    expect(sheet.rows.flat()).toContain('申报指南.pdf');
  });
});
