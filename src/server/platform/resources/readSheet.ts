import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import { loadExcel } from './loadExcel.js';
import yauzl from 'yauzl';
import { zipBuffer } from '../files/zip.js';
import { AppError } from '../http/AppError.js';

/** Limits of an uploaded workbook, checked while it is read so that a zip bomb never inflates. */
export const SHEET_LIMITS = {
  /** All the files of the .xlsx together, uncompressed (a 5,000-row sheet is a few MB). */
  maxUncompressedBytes: 40 * 1024 * 1024,
  maxEntries: 200,
  /** Rows after the header. */
  maxRows: 5000,
  /** Characters of one cell (Excel's own limit is 32,767). */
  maxCellLength: 32_767,
  maxColumns: 200,
};

export const SHEET_MESSAGES = {
  notXlsx: '文件不是有效的Excel表格，请用导入模板填写，或在Excel中另存为.xlsx格式后重新导入',
  tooLarge: `文件解压后超过${SHEET_LIMITS.maxUncompressedBytes / 1024 / 1024}MB，请拆分后再导入`,
  tooManyRows: `一次最多导入${SHEET_LIMITS.maxRows}行`,
  cellTooLong: (row: number) => `第${row}行有单元格超过${SHEET_LIMITS.maxCellLength}个字符`,
  tooManyColumns: `导入文件的列数超过${SHEET_LIMITS.maxColumns}列`,
  noSheet: '文件中没有工作表',
} as const;

function openZip(content: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(content, { lazyEntries: true, validateEntrySizes: true }, (e, z) => (e ? reject(e) : resolve(z!))),
  );
}

/**
 * The zip's own account of itself, then the truth: the declared sizes must stay under the limit,
 * and every entry is inflated once through a counter (yauzl stops an entry that inflates past its
 * declared size), so a lying header is caught too. Returns the parts, in the zip's order, once
 * they are known to fit in the limit.
 */
async function unpackZip(content: Buffer, log: SheetLog): Promise<[string, Buffer][]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(content);
  } catch (e) {
    throw notAWorkbook(log, e);
  }
  if (zip.entryCount > SHEET_LIMITS.maxEntries) {
    zip.close();
    throw new AppError(SHEET_MESSAGES.notXlsx);
  }
  const parts: [string, Buffer][] = [];
  let declared = 0;
  let actual = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        declared += entry.uncompressedSize;
        if (declared > SHEET_LIMITS.maxUncompressedBytes) return reject(new AppError(SHEET_MESSAGES.tooLarge));
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(new AppError(SHEET_MESSAGES.notXlsx));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => {
            actual += chunk.length;
            chunks.push(chunk);
            if (actual > SHEET_LIMITS.maxUncompressedBytes) {
              stream.destroy();
              reject(new AppError(SHEET_MESSAGES.tooLarge));
            }
          });
          stream.on('error', () => reject(new AppError(SHEET_MESSAGES.notXlsx)));
          stream.on('end', () => {
            parts.push([entry.fileName, Buffer.concat(chunks)]);
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve());
      zip.on('error', () => reject(new AppError(SHEET_MESSAGES.notXlsx)));
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return parts;
}

/**
 * The parts exceljs's streaming reader must have read before a worksheet: it reads the zip in its
 * stored order and parses a worksheet as soon as it meets one, so a workbook whose xl/workbook.xml
 * comes after its sheets was refused as not a workbook. exceljs's own writer (the portal's import
 * templates are written with it) stores its parts in whatever order they finish, so the same file
 * was refused now and then. With the shared strings first, no sheet waits in a temporary file either.
 */
const READ_FIRST = [
  '[Content_Types].xml',
  '_rels/.rels',
  'xl/_rels/workbook.xml.rels',
  'xl/workbook.xml',
  'xl/sharedStrings.xml',
  'xl/styles.xml',
];

/** The parts as a zip again, those of READ_FIRST first, stored without compression (already checked and inflated). */
function repack(parts: [string, Buffer][]): Promise<Buffer> {
  const rank = (name: string) => (READ_FIRST.includes(name) ? READ_FIRST.indexOf(name) : READ_FIRST.length);
  return zipBuffer(
    parts
      .slice()
      .sort((a, b) => rank(a[0]) - rank(b[0]))
      .map(([name, data]) => ({ name, data, compress: false })),
  );
}

export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    return '';
  }
  return String(v);
}

/** Where the reason a file is no workbook goes: the server's log, for whoever looks into a refused import. */
export type SheetLog = Pick<FastifyBaseLogger, 'warn'>;

/**
 * A file the zip or exceljs reader cannot read: the user is told in words what to do (never the
 * library's message or trace), and the reader's own error is logged, so a refused import can be
 * understood afterwards.
 */
function notAWorkbook(log: SheetLog, cause: unknown): AppError {
  log.warn({ err: cause }, 'import refused: the file is not a readable .xlsx workbook');
  return new AppError(SHEET_MESSAGES.notXlsx);
}

/** The first sheet as text: its header row and the rows under it, each with its sheet row number. */
export interface SheetText {
  header: string[];
  rows: { row: number; cells: string[] }[];
}

/**
 * Reads the first worksheet of an .xlsx as a stream (exceljs's WorkbookReader), checking the
 * limits as it goes: the whole file is refused, with a clear message, before anything is saved.
 */
export async function readSheet(content: Buffer, log: SheetLog): Promise<SheetText> {
  const ordered = await repack(await unpackZip(content, log));
  const reader = new (await loadExcel()).stream.xlsx.WorkbookReader(Readable.from(ordered), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const out: SheetText = { header: [], rows: [] };
  let found = false;
  try {
    for await (const ws of reader) {
      found = true;
      for await (const row of ws as AsyncIterable<ExcelJS.Row>) {
        const cells: string[] = [];
        if (row.cellCount > SHEET_LIMITS.maxColumns) throw new AppError(SHEET_MESSAGES.tooManyColumns);
        row.eachCell({ includeEmpty: false }, (cell, col) => {
          const text = cellText(cell.value);
          if (text.length > SHEET_LIMITS.maxCellLength) throw new AppError(SHEET_MESSAGES.cellTooLong(row.number));
          cells[col - 1] = text;
        });
        if (row.number === 1) {
          out.header = Array.from(cells, (c) => c ?? '');
          continue;
        }
        if (!cells.some((c) => c && c.trim())) continue;
        if (out.rows.length >= SHEET_LIMITS.maxRows) throw new AppError(SHEET_MESSAGES.tooManyRows);
        out.rows.push({ row: row.number, cells: Array.from(cells, (c) => c ?? '') });
      }
      break; // The first sheet only.
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw notAWorkbook(log, e);
  }
  if (!found) throw new AppError(SHEET_MESSAGES.noSheet);
  return out;
}
