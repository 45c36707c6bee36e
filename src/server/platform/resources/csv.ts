import { neutraliseCell } from '../../../shared/neutraliseCell.js';

/**
 * CSV as spreadsheet programs open it: UTF-8 with a byte-order mark (so Excel reads Chinese),
 * CRLF lines, every cell quoted when needed, and cells that a spreadsheet would take for a formula
 * (=, +, -, @, also after leading white space or invisible characters) prefixed with an apostrophe
 * so an exported value never runs as one (neutraliseCell, shared with the xlsx exports).
 */
export function toCsv(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => cells.map(cell).join(',');
  return `\uFEFF${[line(header), ...rows.map(line)].join('\r\n')}\r\n`;
}

function cell(value: string): string {
  const v = neutraliseCell(value);
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** content-disposition for a download: an ASCII fallback name and the real one per RFC 5987. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
