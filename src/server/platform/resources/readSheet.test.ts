import ExcelJS from 'exceljs';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { zipEntries } from '../testing/zipEntries.js';
import { readSheet } from './readSheet.js';

/** The files of a workbook zipped again in the order given, the rest after them in their own order (folders left out). */
async function reorder(xlsx: Buffer, first: string[]): Promise<Buffer> {
  const parts = await zipEntries(xlsx);
  const names = [...first, ...[...parts.keys()].filter((n) => !first.includes(n) && !n.endsWith('/'))];
  const zip = new yazl.ZipFile();
  for (const name of names) zip.addBuffer(parts.get(name)!, name);
  zip.end();
  const out: Buffer[] = [];
  for await (const c of zip.outputStream as AsyncIterable<Buffer>) out.push(c);
  return Buffer.concat(out);
}

async function workbook(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('单位');
  rows.forEach((r) => ws.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('readSheet', () => {
  it('reads a workbook whose sheet is stored before xl/workbook.xml', async () => {
    const rows = [
      ['*单位名称', '*所属地区'],
      ['导入测试中学', '定州市'],
    ];
    const late = await reorder(await workbook(rows), [
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/sharedStrings.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const names = [...(await zipEntries(late)).keys()];
    expect(names.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(names.indexOf('xl/workbook.xml'));

    const sheet = await readSheet(late);
    expect(sheet.header).toEqual(rows[0]);
    expect(sheet.rows).toEqual([{ row: 2, cells: rows[1] }]);
  });
});
