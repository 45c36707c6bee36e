import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

/**
 * exceljs, loaded at the first workbook read or written: it is the largest library the server
 * uses, and every process (each cluster worker, each start) loaded it before answering anyone,
 * though most never export or import a sheet.
 */
export function loadExcel(): Promise<typeof ExcelJS> {
  return (loading ??= import('exceljs').then(
    (m) => (m as { default?: typeof ExcelJS }).default ?? (m as typeof ExcelJS),
  ));
}
