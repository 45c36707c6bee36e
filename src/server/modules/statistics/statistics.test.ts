/**
 * Statistics over HTTP on the demo data: every role counts only what it may read, filters narrow
 * the counts, bad filters change nothing, and the export is the same table as a workbook.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';
import { readWorkbook, styledHeader } from '../../platform/testing/xlsxChecks.js';

const PAGE = 'topics/topic.statistics';
let t: TestApp;
type Headers = Record<string, string>;
let province: Headers;
let city1123: Headers;
let leader1: Headers;
let expert1: Headers;

const data = (h: Headers, filters: Record<string, unknown> = {}) =>
  t.post('/api/statistics/data', { pageId: PAGE, filters }, h);
const list = async (h: Headers) =>
  (await t.post('/api/resource/topic/list', { page: 1, pageSize: 100 }, h)).body.data as {
    total: number;
    list: Record<string, unknown>[];
  };
const chart = (answer: any, field: string) => answer.charts.find((c: any) => c.field === field);
const sum = (c: any) => c.rows.reduce((n: number, r: any) => n + r.count, 0);

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  [province, city1123, leader1, expert1] = await Promise.all([
    t.loginAs('province'),
    t.loginAs('city1123'),
    t.loginAs('leader1'),
    t.loginAs('expert1'),
  ]);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('statistics', () => {
  it('counts every topic for the province, by status, stage, area, year and research field, with labels', async () => {
    const res = await data(province);
    expect(res.body.flag, JSON.stringify(res.body)).toBe(true);
    const answer = res.body.data;
    expect(answer.total).toBe((await list(province)).total);
    const topics = answer.charts.filter((c: any) => c.entity === 'topic');
    expect(topics.map((c: any) => c.field)).toEqual(['status', 'stage', 'areaCode', 'year', 'researchField']);
    for (const c of topics) expect(sum(c), c.field).toBe(answer.total);
    expect(chart(answer, 'status').rows.find((r: any) => r.value === '18')?.label).toBeTruthy();
    expect(chart(answer, 'status').rows.find((r: any) => r.value === '18').label).not.toBe('18');
    expect(
      chart(answer, 'areaCode')
        .rows.map((r: any) => r.value)
        .sort(),
    ).toEqual(['1101', '1123']);
    expect(answer.filters.map((f: any) => f.field)).toEqual(['year', 'noticeId', 'areaCode']);
    expect(answer.filters[1].options[0].label).toMatch(/通知/);
  });

  it('groups the statuses by the phase their topics are in (申报, 开题 …), each phase with its own statuses', async () => {
    for (const who of [province, city1123]) {
      const answer = (await data(who)).body.data;
      const status = chart(answer, 'status');
      const stage = chart(answer, 'stage');
      // The phases are the stage chart's values, in its order, with its counts.
      expect(status.groups.map((g: any) => [g.label, g.count])).toEqual(stage.rows.map((r: any) => [r.label, r.count]));
      expect(status.groups.map((g: any) => g.label).slice(0, 2)).toEqual(['申报', '开题']);
      // The demo topic in 开题 expert review is counted under 开题, beside 开题报告市级审核中.
      const opening = status.groups.find((g: any) => g.label === '开题');
      expect(opening.rows.map((r: any) => r.label)).toEqual(expect.arrayContaining(['开题报告市级评审中']));
      for (const g of status.groups) expect(sum(g), g.label).toBe(g.count);
      // Every status is in some phase, with all its topics.
      const inGroups = new Map<string, number>();
      for (const g of status.groups)
        for (const r of g.rows) inGroups.set(r.value, (inGroups.get(r.value) ?? 0) + r.count);
      expect(Object.fromEntries(inGroups)).toEqual(Object.fromEntries(status.rows.map((r: any) => [r.value, r.count])));
      expect(chart(answer, 'areaCode').groups).toBeUndefined();
    }
  });

  it('counts results by kind over the results each role may read, filtered by area only', async () => {
    const results = async (h: Headers) =>
      (await t.post('/api/resource/achievement/list', { page: 1, pageSize: 1 }, h)).body.data.total as number;
    for (const h of [province, city1123, leader1]) {
      const c = chart((await data(h)).body.data, 'kind');
      expect(c.entity).toBe('achievement');
      expect(c.total).toBe(await results(h));
      expect(sum(c)).toBe(c.total);
    }
    // A topic notice id means nothing to results: the notice filter leaves them alone.
    const all = (await data(province)).body.data;
    const notice = all.filters.find((f: any) => f.field === 'noticeId').options[0].value;
    expect(chart((await data(province, { noticeId: notice })).body.data, 'kind').total).toBe(chart(all, 'kind').total);
  });

  it('is scoped by role: a city admin counts their city, a leader their own topics, an expert nothing', async () => {
    const city = (await data(city1123)).body.data;
    expect(city.total).toBe((await list(city1123)).total);
    expect(chart(city, 'areaCode').rows.map((r: any) => r.value)).toEqual(['1123']);
    expect(city.total).toBeLessThan((await data(province)).body.data.total);

    const mine = (await data(leader1)).body.data;
    expect(mine.total).toBe((await list(leader1)).total);
    expect(mine.total).toBeGreaterThan(0);
    // Another area's topics are not even offered as a filter choice.
    expect(city.filters.find((f: any) => f.field === 'areaCode').options.map((o: any) => o.value)).toEqual(['1123']);

    // An expert reads only the topics they lead (SPEC §6: "my topics"), and expert1 leads none.
    const expert = await data(expert1);
    expect(expert.status).toBe(200);
    expect(expert.body.data.total).toBe(0);
    expect(expert.body.data.total).toBe((await list(expert1)).total);
  });

  it('filters by year, notice and area', async () => {
    const all = (await data(province)).body.data;
    const y2025 = (await data(province, { year: '2025' })).body.data;
    expect(y2025.total).toBe(chart(all, 'year').rows.find((r: any) => r.value === '2025').count);
    expect(chart(y2025, 'year').rows.map((r: any) => r.value)).toEqual(['2025']);
    const area = (await data(province, { areaCode: '1101' })).body.data;
    expect(chart(area, 'areaCode').rows.map((r: any) => r.value)).toEqual(['1101']);
    const notice = all.filters.find((f: any) => f.field === 'noticeId').options[0].value;
    const byNotice = (await data(province, { noticeId: notice })).body.data;
    expect(byNotice.total).toBeGreaterThan(0);
    expect(byNotice.total).toBeLessThanOrEqual(all.total);
  });

  it('refuses unknown filters and pages with 参数不合法 or 页面不存在, never a server error', async () => {
    const bad = await data(province, { ownerId: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.result).toBe('参数不合法');
    const nested = await data(province, { year: { $gt: 1 } });
    expect(nested.status).toBe(400);
    const page = await t.post('/api/statistics/data', { pageId: 'topics/topic.list' }, province);
    expect(page.status).toBe(404);
    expect(page.body.result).toBe('页面不存在');
    expect((await t.post('/api/statistics/data', { pageId: PAGE })).status).not.toBe(200);
  });

  it("exports the table as an xlsx workbook of the user's scope", async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/statistics/export',
      payload: { pageId: PAGE, filters: { areaCode: '1123' } },
      headers: city1123,
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as any);
    const cells: string[] = [];
    book.worksheets[0].eachRow((r) => cells.push((r.values as unknown[]).slice(1).map(String).join('|')));
    expect(cells.join('\n')).toContain('按状态');
    expect(cells.join('\n')).toContain('筛选：所属地区');
    const total = (await data(city1123)).body.data.total;
    expect(cells.some((c) => c.startsWith('按状态|合计|' + total))).toBe(true);
    // Styled as every export: the header under the title and filters, bold and frozen with them.
    const [sheet] = await readWorkbook(res.rawPayload);
    expect(sheet.frozenRows).toBe(4);
    expect(sheet.header).toEqual(['统计项', '分类', '数量', '占比']);
    expect(styledHeader(sheet)).toBe(true);
  });
});
