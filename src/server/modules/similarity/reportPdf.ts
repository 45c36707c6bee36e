import PDFDocument from 'pdfkit';
import { cjkFont } from '../documents/certificatePdf.js';

/** A research report as a real PDF with Chinese text (the demo's concluded report, the tests' upload): null without a Chinese font. */
export function reportPdf(title: string, paragraphs: string[]): Promise<Buffer> | null {
  const font = cjkFont();
  if (!font) return null;
  const doc = new PDFDocument({ size: 'A4', margin: 72, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', font.file, font.family);
  doc.font('cjk').fontSize(18).text(title, { align: 'center' });
  doc.moveDown();
  doc.fontSize(12);
  for (const p of paragraphs) doc.text(p, { indent: 24, lineGap: 4 }).moveDown(0.5);
  doc.end();
  return done;
}
