import crypto from 'node:crypto';
import JSZip from 'jszip';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { EXPORT_MESSAGES } from './topicExport.js';
import { readWorkbook, styledHeader } from '../../platform/testing/xlsxChecks.js';

type H = Record<string, string>;
const md5 = (b: Buffer) => crypto.createHash('md5').update(b).digest('hex');

describe("POST /api/topics/export?ids= (the topic list's 导出): one zip of the selected topics' files", () => {
  let t: TestApp;
  let province: H, city1101: H, leader1: H;
  let all: any[];
  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
    [province, city1101, leader1] = await Promise.all(['province', 'city1101', 'leader1'].map((u) => t.loginAs(u)));
    all = (await t.post('/api/resource/topic/list', { subAct: 'a', page: 1, pageSize: 100 }, province)).body.data.list;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const exportAs = (h: H, ids: string) =>
    t.inject({ method: 'POST', url: `/api/topics/export?ids=${ids}`, payload: { subAct: 'a' }, headers: h });

  it('holds a folder per topic with its application document and stage files, and a summary sheet', async () => {
    const withStageFiles = all.find(
      (r) => r.areaCode === '1123' && r.openingReport?.length && r.applicationDoc?.length,
    );
    const other = all.find((r) => r.areaCode === '1101' && r.applicationDoc?.length);
    expect(withStageFiles && other, 'demo topics with files').toBeTruthy();
    const res = await exportAs(province, `${withStageFiles.id},${other.id}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const disposition = String(res.headers['content-disposition']);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1])).toMatch(/^课题材料_\d{8}\.zip$/);

    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files).filter((n) => !zip.files[n].dir);
    const expectFile = async (topic: any, field: string, label: string) => {
      for (const f of topic[field]) {
        const entry = names.find((n) => n.endsWith(`/${label}/${f.fileName}`) && n.includes(topic.name));
        expect(entry, `${topic.name} ${label} ${f.fileName} in ${names.join(' | ')}`).toBeTruthy();
        expect(md5(await zip.file(entry!)!.async('nodebuffer'))).toBe(f.md5);
      }
    };
    await expectFile(withStageFiles, 'applicationDoc', '申报书');
    await expectFile(withStageFiles, 'openingReport', '开题报告');
    await expectFile(other, 'applicationDoc', '申报书');
    const folders = new Set(names.filter((n) => n.includes('/')).map((n) => n.split('/')[0]));
    expect(folders.size).toBe(2);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await zip.file('课题汇总.xlsx')!.async('nodebuffer')) as any);
    const sheet = wb.getWorksheet('课题汇总')!;
    expect(sheet.getRow(1).getCell(2).value).toBe('课题名称');
    const listed = [2, 3].map((r) => sheet.getRow(r).getCell(2).value);
    expect(listed).toEqual([withStageFiles.name, other.name]);
    const [look] = await readWorkbook(await zip.file('课题汇总.xlsx')!.async('nodebuffer'));
    expect(styledHeader(look)).toBe(true);
  });

  it("checks every topic as reading it: one out of the user's scope refuses the whole export", async () => {
    const of1123 = all.find((r) => r.areaCode === '1123');
    const of1101 = all.find((r) => r.areaCode === '1101');
    const refused = await exportAs(city1101, `${of1101.id},${of1123.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().flag).toBe(false);
    expect((await exportAs(city1101, String(of1101.id))).statusCode).toBe(200);

    const mine = (await t.post('/api/resource/topic/list', { subAct: 'a', page: 1, pageSize: 100 }, leader1)).body.data
      .list;
    expect((await exportAs(leader1, String(mine[0].id))).statusCode).toBe(200);
    expect((await exportAs(leader1, String(of1101.id))).statusCode).toBe(404);
    expect((await exportAs(await t.loginAs('expert1'), String(of1123.id))).statusCode).toBe(404);
    expect((await exportAs(province, '999999')).statusCode).toBe(404);
  });

  it('refuses a missing or malformed id list with a clear message, never a 500', async () => {
    for (const ids of ['', 'abc', '1,,2', '-3', '1;2']) {
      const res = await exportAs(province, encodeURIComponent(ids));
      expect(res.statusCode, ids).toBe(400);
      expect(JSON.stringify(res.json())).toContain(EXPORT_MESSAGES.noIds);
    }
    const many = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
    const res = await exportAs(province, many);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(EXPORT_MESSAGES.tooMany);
    expect(
      (await t.inject({ method: 'POST', url: '/api/topics/export?ids=1', payload: { subAct: 'a' } })).statusCode,
    ).toBe(401);
  });
});
