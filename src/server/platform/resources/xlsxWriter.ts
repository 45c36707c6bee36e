import type ExcelJS from 'exceljs';
import { neutraliseCell } from '../../../shared/neutraliseCell.js';
import { loadExcel } from './loadExcel.js';

export type Cell = string | number | null | undefined;

export interface SheetTable {
  /** The worksheet's tab (cut to the 31 characters a spreadsheet allows, without \ / ? * [ ] :). */
  name: string;
  header: string[];
  rows: Cell[][];
  /** Lines above the header (a title, the filters chosen): not counted in the widths, frozen with it. */
  preamble?: { text: string; bold?: boolean; size?: number }[];
  /** Rows (index in `rows`) written bold, e.g. a block's 合计. */
  boldRows?: ReadonlySet<number>;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const MIN_WIDTH = 6;
const MAX_WIDTH = 60;

/** How wide a text reads in a spreadsheet's units: a Chinese (full-width) character takes two. */
export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text)
    w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch)
      ? 2
      : 1;
  return w;
}

/** A new workbook signed by the portal (exceljs loads on the first export). */
export async function newWorkbook(): Promise<ExcelJS.Workbook> {
  const book = new (await loadExcel()).Workbook();
  book.creator = '教育科研课题管理平台';
  return book;
}

/**
 * One table as every export of the portal writes it, so they all read alike: the header row bold
 * on a grey ground with a line under it and frozen (it stays while scrolling), each column as wide
 * as its longest line (header included, between 6 and 60), long text wrapped within it, and every
 * text cell passed through neutraliseCell so nothing in an export runs as a formula.
 */
export function addTable(book: ExcelJS.Workbook, table: SheetTable): ExcelJS.Worksheet {
  const name = table.name.replace(/[\\/?*[\]:]/g, '_').slice(0, 31) || 'Sheet1';
  const preamble = table.preamble ?? [];
  const headerAt = preamble.length + 1;
  const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', xSplit: 0, ySplit: headerAt }] });
  for (const line of preamble) {
    const row = sheet.addRow([neutraliseCell(line.text)]);
    if (line.bold || line.size) row.font = { bold: line.bold ?? false, ...(line.size ? { size: line.size } : {}) };
  }
  const header = sheet.addRow(table.header.map((h) => neutraliseCell(h)));
  header.eachCell((cell) => {
    cell.font = { bold: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F0F0' } };
    cell.border = { bottom: { style: 'thin', color: { argb: 'FFBFBFBF' } } };
    cell.alignment = { vertical: 'middle' };
  });
  const widths = table.header.map((h) => textWidth(h));
  table.rows.forEach((cells, i) => {
    const row = sheet.addRow(cells.map((v) => (v === null || v === undefined ? '' : neutraliseCell(v))));
    if (table.boldRows?.has(i)) row.font = { bold: true };
    cells.forEach((v, c) => {
      const longest = Math.max(
        0,
        ...String(v ?? '')
          .split('\n')
          .map(textWidth),
      );
      widths[c] = Math.max(widths[c] ?? 0, longest);
    });
  });
  widths.forEach((w, c) => {
    const column = sheet.getColumn(c + 1);
    column.width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, w + 2));
    // A cell longer than the widest column wraps rather than running under its neighbours.
    if (w + 2 > MAX_WIDTH) column.alignment = { wrapText: true, vertical: 'top' };
  });
  return sheet;
}

/** The bytes of a workbook of these tables, one worksheet each. */
export async function writeXlsx(tables: SheetTable[]): Promise<Buffer> {
  const book = await newWorkbook();
  for (const t of tables) addTable(book, t);
  return workbookBytes(book);
}

export async function workbookBytes(book: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await book.xlsx.writeBuffer());
}
