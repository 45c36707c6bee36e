import { loadExcel } from './loadExcel.js';
import type { EntityDef, FieldDef, ListPageDef } from '../../../shared/schema/types.js';
import type { AppContext } from '../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import { AppError } from '../http/AppError.js';
import { hasRight } from '../records/access.js';
import { DictionaryValues } from '../records/dictionaries.js';
import { readSheet, SHEET_LIMITS } from './readSheet.js';
import type { ResourceService } from './ResourceService.js';

/** More rows than this is refused as a whole: an import runs in one request. */
export const IMPORT_MAX_ROWS = SHEET_LIMITS.maxRows;
const IMPORTABLE: FieldDef['type'][] = ['string', 'text', 'integer', 'number', 'boolean', 'date', 'datetime'];

export interface ImportReport {
  total: number;
  created: number;
  rejected: { row: number; title: string; reasons: string[] }[];
}

/** The import action of a list page: which fields a file may fill (the page names them, else every editable field). */
export function importFields(ctx: AppContext, entity: EntityDef, pageId: unknown): [string, FieldDef][] {
  const page = typeof pageId === 'string' ? ctx.schemas.pages.get(pageId) : undefined;
  if (!page || page.kind !== 'list' || page.entity !== entity.name)
    throw AppError.invalid([{ field: 'pageId', label: 'pageId', message: '页面不存在' }]);
  const action = ((page as ListPageDef).toolbar ?? []).find((a) => a.type === 'import');
  if (!action || action.type !== 'import') throw AppError.forbidden('该页面不支持导入');
  const names = action.fields ?? Object.keys(entity.fields);
  return names.flatMap((n) => {
    const def = entity.fields[n];
    return def && !def.readOnly && IMPORTABLE.includes(def.type) && !def.multiple
      ? [[n, def] as [string, FieldDef]]
      : [];
  });
}

/** An empty workbook whose first row is the fields' labels, required ones marked with *. */
export async function importTemplate(entity: EntityDef, fields: [string, FieldDef][]): Promise<Buffer> {
  const wb = new (await loadExcel()).Workbook();
  const ws = wb.addWorksheet(entity.label);
  ws.addRow(fields.map(([, d]) => (d.required ? `*${d.label}` : d.label)));
  ws.getRow(1).font = { bold: true };
  fields.forEach((_, i) => {
    ws.getColumn(i + 1).width = 24;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Turns a cell's text into the field's value: dictionary labels become values, 是/否 booleans. */
async function cellValue(dicts: DictionaryValues, def: FieldDef, text: string): Promise<unknown> {
  if (def.dict) {
    const options = await dicts.options(def.dict);
    return options.find((o) => o.text === text)?.value ?? text;
  }
  if (def.type === 'boolean') {
    if (['是', '启用', 'true', 'TRUE', '1'].includes(text)) return true;
    if (['否', '停用', 'false', 'FALSE', '0'].includes(text)) return false;
    return text;
  }
  if (def.type === 'integer' || def.type === 'number') return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  return text;
}

function reasonsOf(e: unknown): string[] {
  if (e instanceof AppError) {
    const details = Array.isArray(e.details) ? (e.details as { label?: string; message?: string }[]) : [];
    const list = details
      .map((d) =>
        d.message && d.label && !d.message.includes(d.label) ? `${d.label}：${d.message}` : (d.message ?? ''),
      )
      .filter(Boolean);
    return list.length ? list : [e.message];
  }
  return ['服务异常'];
}

/**
 * Creates one record per sheet row through the resources engine (same validation, access and
 * operation log as a save) and reports the rows it refused, with the sheet's row numbers.
 */
export async function importXlsx(
  ctx: AppContext,
  service: ResourceService,
  entity: EntityDef,
  fields: [string, FieldDef][],
  content: Buffer,
  user: SessionUser,
): Promise<ImportReport> {
  if (!hasRight(entity, 'create', user)) throw AppError.forbidden();
  const sheet = await readSheet(content, ctx.log);
  const header = new Map<number, [string, FieldDef]>();
  sheet.header.forEach((text, i) => {
    const label = text.trim().replace(/^\*/, '');
    const hit = fields.find(([name, def]) => def.label === label || name === label);
    if (hit) header.set(i, hit);
  });
  const missing = fields.filter(([name, def]) => def.required && ![...header.values()].some(([n]) => n === name));
  if (missing.length) throw new AppError(`导入文件缺少列：${missing.map(([, d]) => d.label).join('、')}`);

  const dicts = new DictionaryValues(ctx);
  const titleField = entity.titleField && header.size ? entity.titleField : undefined;
  const seen = new Set<string>();
  const report: ImportReport = { total: 0, created: 0, rejected: [] };
  for (const { row: r, cells } of sheet.rows) {
    const body: Record<string, unknown> = {};
    let any = false;
    for (const [col, [name, def]] of header) {
      const text = (cells[col] ?? '').trim();
      if (!text) continue;
      any = true;
      body[name] = await cellValue(dicts, def, text);
    }
    if (!any) continue;
    report.total++;
    const title = titleField ? String(body[titleField] ?? '') : '';
    try {
      if (title) {
        // A unit or record named twice is refused, so importing the same file again adds nothing.
        if (seen.has(title)) throw new AppError(`文件中重复：${title}`);
        const existing = await service.store.list(entity, {
          where: { t: 'cmp', field: titleField!, op: '=', value: title },
          sort: [],
          offset: 0,
          limit: 1,
        });
        if (existing.total > 0) throw new AppError(`已存在：${title}`);
      }
      await service.save(entity.name, body, user);
      report.created++;
      if (title) seen.add(title);
    } catch (e) {
      if (title) seen.add(title);
      report.rejected.push({ row: r, title, reasons: reasonsOf(e) });
    }
  }
  return report;
}
