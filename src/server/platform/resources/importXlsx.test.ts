import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testApp.js';

let t: TestApp;
type H = Record<string, string>;
let province: H, leader: H;

beforeAll(async () => {
  t = await createTestApp();
  [province, leader] = await Promise.all([t.loginAs('province'), t.loginAs('leader1')]);
});
afterAll(async () => {
  await t?.close();
});

async function xlsx(rows: (string | number | null)[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('单位');
  rows.forEach((r) => ws.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

const PAGE = 'system/school.list';
const HEADER = ['*单位名称', '*申报部门', '组织机构代码', '*所属地区', '*单位类型'];

describe('xlsx import of units', () => {
  it('seeds demo units in both demo areas', async () => {
    const res = await t.post('/api/resource/school/list', { subAct: 'a', pageSize: 100 }, province);
    expect(res.status).toBe(200);
    const areas = new Set(res.body.data.list.map((r: any) => r.area));
    expect(res.body.data.total).toBeGreaterThanOrEqual(20);
    expect(areas).toEqual(new Set(['1123', '1101']));
  });

  it('creates valid rows, reports refused ones with row numbers and reasons', async () => {
    const content = await xlsx([
      HEADER,
      ['导入测试中学', '定州市教育局', 'ABC123', '定州市', '高级中学'],
      ['导入测试小学', '石家庄市教育局', null, '1101', '2'],
      ['', '', '', '', ''],
      ['地区错误学校', '某教育局', null, '火星市', '小学'],
      [null, '缺名称教育局', null, '定州市', '小学'],
      ['导入测试中学', '定州市教育局', null, '定州市', '高级中学'],
      ['第一实验中学', '定州市教育局', null, '定州市', '完全中学'],
      ['代码错误学校', '某教育局', '代码 有空格', '定州市', '小学'],
    ]);
    const res = await t.post(
      '/api/resource/school/import',
      { subAct: 'a', pageId: PAGE, fileName: 'units.xlsx', content },
      province,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = res.body.data;
    expect(report).toMatchObject({ total: 7, created: 2 });
    const byRow = Object.fromEntries(report.rejected.map((r: any) => [r.row, r.reasons.join('；')]));
    expect(Object.keys(byRow).map(Number)).toEqual([5, 6, 7, 8, 9]);
    expect(byRow[5]).toMatch(/所属地区/);
    expect(byRow[6]).toMatch(/单位名称/);
    expect(byRow[7]).toBe('文件中重复：导入测试中学');
    expect(byRow[8]).toBe('已存在：第一实验中学');
    expect(byRow[9]).toMatch(/组织机构代码只能包含字母、数字和短横线/);
    expect(res.body.result).toBe('导入完成：成功2条，失败5条');
  });

  it('imported units appear in the pickers, for a leader and for a visitor signing up', async () => {
    const mine = await t.post(
      '/api/resource/school/list',
      { subAct: 'a', filters: [{ field: 'name', op: 'like', value: '导入测试' }] },
      leader,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.data.list.map((r: any) => r.name).sort()).toEqual(['导入测试中学', '导入测试小学']);
    expect(mine.body.data.list.find((r: any) => r.name === '导入测试中学')).toMatchObject({
      declareDept: '定州市教育局',
      orgCode: 'ABC123',
      area: '1123',
      kind: '4',
    });
    const pub = await t.post('/api/public/school/list', {
      subAct: 'a',
      filters: [{ field: 'name', op: 'like', value: '导入测试小学' }],
    });
    expect(pub.status).toBe(200);
    expect(pub.body.data.list).toEqual([
      expect.objectContaining({ name: '导入测试小学', declareDept: '石家庄市教育局', area: '1101' }),
    ]);
  });

  it('refuses a file without a required column, a non-xlsx file, a leader, and a page without an import action', async () => {
    const noArea = await t.post(
      '/api/resource/school/import',
      {
        subAct: 'a',
        pageId: PAGE,
        content: await xlsx([
          ['单位名称', '申报部门', '单位类型'],
          ['甲', '乙', '小学'],
        ]),
      },
      province,
    );
    expect(noArea.status).toBe(400);
    expect(noArea.body.result).toBe('导入文件缺少列：所属地区');
    const junk = await t.post(
      '/api/resource/school/import',
      { subAct: 'a', pageId: PAGE, content: Buffer.from('not a workbook').toString('base64') },
      province,
    );
    expect(junk.body).toMatchObject({
      flag: false,
      result: '文件不是有效的Excel表格，请用导入模板填写，或在Excel中另存为.xlsx格式后重新导入',
    });
    const byLeader = await t.post(
      '/api/resource/school/import',
      { subAct: 'a', pageId: PAGE, content: await xlsx([HEADER]) },
      leader,
    );
    expect(byLeader.status).toBe(403);
    const wrongPage = await t.post(
      '/api/resource/announcement/import',
      { subAct: 'a', pageId: 'information/announcement.list', content: await xlsx([HEADER]) },
      province,
    );
    expect(wrongPage.status).toBe(403);
  });

  it('hands out a template whose header row is the importable fields', async () => {
    const res = await t.post('/api/resource/school/importTemplate', { subAct: 'a', pageId: PAGE }, province);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.res.rawPayload as unknown as ArrayBuffer);
    const header = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([...HEADER, '启用']);
  });
});
