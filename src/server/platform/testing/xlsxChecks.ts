import { loadExcel } from '../resources/loadExcel.js';
import { cellText } from '../resources/readSheet.js';

export interface SheetLook {
  name: string;
  /** Rows frozen above the scrolling part (the header's row number when the header is frozen). */
  frozenRows: number;
  /** The frozen header row (the last frozen one): its texts and whether each is bold. */
  header: string[];
  headerBold: boolean[];
  widths: number[];
  /** The rows under the header, as text. */
  rows: string[][];
}

/** How each worksheet of an exported workbook reads: what the export tests check in every module. */
export async function readWorkbook(bytes: Buffer | Uint8Array): Promise<SheetLook[]> {
  const book = new (await loadExcel()).Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book.worksheets.map((ws) => {
    const view = ws.views?.[0] as { state?: string; ySplit?: number } | undefined;
    const frozenRows = view?.state === 'frozen' ? (view.ySplit ?? 0) : 0;
    const headerRow = ws.getRow(Math.max(frozenRows, 1));
    const count = headerRow.cellCount;
    const header: string[] = [];
    const headerBold: boolean[] = [];
    for (let c = 1; c <= count; c++) {
      header.push(cellText(headerRow.getCell(c).value));
      headerBold.push(headerRow.getCell(c).font?.bold === true);
    }
    const rows: string[][] = [];
    for (let r = Math.max(frozenRows, 1) + 1; r <= ws.rowCount; r++) {
      const row = ws.getRow(r);
      rows.push(Array.from({ length: count }, (_, i) => cellText(row.getCell(i + 1).value)));
    }
    const widths = Array.from({ length: count }, (_, i) => ws.getColumn(i + 1).width ?? 0);
    return { name: ws.name, frozenRows, header, headerBold, widths, rows };
  });
}

/** A sheet whose header is styled as every export's: bold, frozen, columns sized (not the default 9). */
export function styledHeader(look: SheetLook): boolean {
  return (
    look.frozenRows > 0 &&
    look.header.length > 0 &&
    look.headerBold.every(Boolean) &&
    look.widths.every((w) => w >= 6 && w <= 60)
  );
}
