import PDFDocument from 'pdfkit';
import type { SectionDef } from '../../../shared/schema/types.js';
import { maskIdCard, maskPhone } from '../../../shared/masks.js';
import { stripNonXmlChars } from '../../../shared/xmlText.js';
import { AppError } from '../../platform/http/AppError.js';
import { fieldText, type ApplicationInput, type Column } from './applicationDocx.js';
import { cjkFont } from './certificatePdf.js';

/** What a reader of a blind copy sees in place of a field naming the applicant. */
export const HIDDEN_TEXT = '匿名评审（已隐去）';

export interface ApplicationPdfInput extends ApplicationInput {
  /** Fields left out for this reader (the identity fields in a blind review): printed as 匿名评审（已隐去）. */
  hidden: ReadonlySet<string>;
}

const clean = (v: unknown) => stripNonXmlChars(v === null || v === undefined ? '' : String(v));

function cellText(input: ApplicationInput, c: Column, v: unknown): string {
  const raw = clean(v);
  if (input.unmasked || !raw) return raw;
  if (c.mask === 'idCard') return maskIdCard(raw);
  if (c.mask === 'phone' || c.mask === 'mobile') return maskPhone(raw);
  return raw;
}

async function section(doc: PDFKit.PDFDocument, input: ApplicationPdfInput, s: SectionDef): Promise<void> {
  if (s.title) doc.moveDown(0.8).fontSize(15).fillColor('#000000').text(clean(s.title));
  doc.moveDown(0.3).fontSize(11);
  for (const f of s.fields) {
    if (f.hidden) continue;
    const def = input.entity.fields[f.field];
    const label = clean(f.label ?? def?.label ?? f.field);
    if (input.hidden.has(f.field)) {
      doc.fillColor('#000000').text(`${label}：`, { continued: true }).fillColor('#888888').text(HIDDEN_TEXT);
      continue;
    }
    const columns = f.props?.columns as Column[] | undefined;
    if (def?.type === 'json' && Array.isArray(columns)) {
      const rows = Array.isArray(input.record[f.field]) ? (input.record[f.field] as Record<string, unknown>[]) : [];
      doc.fillColor('#000000').text(`${label}：${rows.length ? '' : '（无）'}`);
      rows.forEach((r, i) =>
        doc.text(`  ${i + 1}. ${columns.map((c) => `${clean(c.title)}：${cellText(input, c, r[c.key])}`).join('；')}`),
      );
      continue;
    }
    doc.fillColor('#000000').text(`${label}：${clean(await fieldText(input, f.field, def, f))}`);
  }
}

/**
 * The application form (申报书) as a PDF, laid out from the same look schema as the Word copy:
 * the title, every step's sections in order as label：value lines (table fields as numbered rows).
 * Fields in `hidden` are printed as 匿名评审（已隐去）; the document's own properties name no one.
 */
export async function applicationPdf(input: ApplicationPdfInput): Promise<Buffer> {
  const font = cjkFont();
  if (!font) throw new AppError('字体未安装，暂时无法生成申报书，请联系管理员', 503, 503);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: clean(`${clean(input.record.name)}${input.page.title}`), Author: '', Creator: '', Producer: '' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', font.file, font.family);
  doc.font('cjk');
  doc.fontSize(22).text(clean(input.page.title), { align: 'center' });
  doc.moveDown(0.5).fontSize(14).text(clean(input.record.name), { align: 'center' });
  const sections = input.page.steps ? input.page.steps.flatMap((s) => s.sections) : (input.page.sections ?? []);
  for (const s of sections) await section(doc, input, s);
  doc.end();
  return done;
}
