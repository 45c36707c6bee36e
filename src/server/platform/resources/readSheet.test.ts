import ExcelJS from 'exceljs';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { zipEntries } from '../testing/zipEntries.js';
import { AppError } from '../http/AppError.js';
import { readSheet, SHEET_MESSAGES, type SheetLog } from './readSheet.js';

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

/** A log that keeps what it is told. */
function keptLog() {
  const warned: { err: unknown }[] = [];
  return { warned, warn: (o: unknown) => void warned.push(o as { err: unknown }) } as unknown as SheetLog & {
    warned: { err: unknown }[];
  };
}
const silent = keptLog();

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

    const sheet = await readSheet(late, silent);
    expect(sheet.header).toEqual(rows[0]);
    expect(sheet.rows).toEqual([{ row: 2, cells: rows[1] }]);
  });

  it("refuses a file exceljs cannot read in the user's words, no library message or trace, and logs exceljs's own error", async () => {
    const parts = await zipEntries(await workbook([['单位名称'], ['甲']]));
    parts.set('xl/workbook.xml', Buffer.from('<<<不是XML'));
    const zip = new yazl.ZipFile();
    for (const [name, data] of parts) if (!name.endsWith('/')) zip.addBuffer(data, name);
    zip.end();
    const chunks: Buffer[] = [];
    for await (const c of zip.outputStream as AsyncIterable<Buffer>) chunks.push(c);
    const log = keptLog();

    const refused = await readSheet(Buffer.concat(chunks), log).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toBe(SHEET_MESSAGES.notXlsx);
    expect(SHEET_MESSAGES.notXlsx).toMatch(/^文件不是有效的Excel表格，/);
    expect(SHEET_MESSAGES.notXlsx).not.toMatch(/\bat |Error|[A-Za-z]{6,}/);
    expect(log.warned).toHaveLength(1);
    expect(log.warned[0].err).toBeInstanceOf(Error);
    expect(log.warned[0].err).not.toBeInstanceOf(AppError);
  });

  it('logs why a file that is no zip at all was refused', async () => {
    const log = keptLog();
    await expect(readSheet(Buffer.from('not a workbook'), log)).rejects.toThrow(SHEET_MESSAGES.notXlsx);
    expect(log.warned.map((w) => (w.err as Error).message)).toEqual([
      expect.stringMatching(/end of central directory/i),
    ]);
  });
});
