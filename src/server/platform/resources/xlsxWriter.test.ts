import { describe, expect, it } from 'vitest';
import { readWorkbook, styledHeader } from '../testing/xlsxChecks.js';
import { textWidth, writeXlsx } from './xlsxWriter.js';

describe('the shared xlsx writer', () => {
  it('writes a bold, frozen header and sizes each column by its longest line, Chinese counting double', async () => {
    const bytes = await writeXlsx([
      {
        name: '课题/列表',
        header: ['序号', '课题名称', 'Note'],
        rows: [
          [1, '信息技术与学科教学深度融合的实践研究', 'a'],
          [2, '短', 'x'.repeat(100)],
        ],
      },
    ]);
    const [sheet] = await readWorkbook(bytes);
    expect(sheet.name).toBe('课题_列表');
    expect(sheet.frozenRows).toBe(1);
    expect(sheet.header).toEqual(['序号', '课题名称', 'Note']);
    expect(styledHeader(sheet)).toBe(true);
    // 序号 is 4 wide (+2), the name 36 (+2), a 100-character note is held at the widest column.
    expect(sheet.widths).toEqual([6, 38, 60]);
    expect(sheet.rows[0]).toEqual(['1', '信息技术与学科教学深度融合的实践研究', 'a']);
  });

  it('keeps a title and filters above the header, frozen with it, and neutralises formulas', async () => {
    const bytes = await writeXlsx([
      {
        name: '统计',
        preamble: [{ text: '课题统计', bold: true, size: 14 }, { text: '筛选：全部' }, { text: '' }],
        header: ['分类', '数量'],
        rows: [['=HYPERLINK("x")', 3]],
        boldRows: new Set([0]),
      },
    ]);
    const [sheet] = await readWorkbook(bytes);
    expect(sheet.frozenRows).toBe(4);
    expect(sheet.header).toEqual(['分类', '数量']);
    expect(styledHeader(sheet)).toBe(true);
    expect(sheet.rows[0]).toEqual(['\'=HYPERLINK("x")', '3']);
  });

  it('measures full-width characters as two', () => {
    expect(textWidth('ab')).toBe(2);
    expect(textWidth('课题')).toBe(4);
    expect(textWidth('（１）')).toBe(6);
  });

  it('a plain exceljs sheet (no frozen row, default widths) is not taken for a styled one', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    book.addWorksheet('s').addRow(['a', 'b']);
    const [sheet] = await readWorkbook(Buffer.from(await book.xlsx.writeBuffer()));
    expect(styledHeader(sheet)).toBe(false);
  });
});
