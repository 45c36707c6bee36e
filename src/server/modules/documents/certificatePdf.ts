import fs from 'node:fs';
import { stripNonXmlDeep } from '../../../shared/xmlText.js';
import path from 'node:path';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import qrcode from 'qrcode-generator';
import { AppError } from '../../platform/http/AppError.js';

export interface CertificateInput {
  no: string;
  topicName: string;
  topicNo: string;
  leader: string;
  members: string[];
  unit: string;
  /** Date of conclusion, YYYY-MM-DD. */
  date: string;
  /** Who issues it, printed above the date. */
  issuer: string;
  /** The full address of the public check page of this number (PUBLIC_URL/verify?no=…), printed and as a QR code. */
  checkUrl: string;
}

/** The check address as a QR code drawn in vector squares (sharp at any print size), its corner at x, y. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  const cell = size / n;
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) if (qr.isDark(r, c)) doc.rect(x + c * cell, y + r * cell, cell, cell);
  doc.fillColor('#000000').fill();
}

/**
 * A font with Chinese glyphs: Noto Sans SC from the @embedpdf/fonts-sc package first (installed
 * with the app, so every machine has it), then the system's WenQuanYi Micro Hei. PDF standard
 * fonts have no Chinese glyphs, so with neither the certificate is refused with a clear message
 * rather than printed as empty boxes.
 */
export function cjkFont(): { file: string; family?: string } | null {
  const require = createRequire(import.meta.url);
  try {
    const dir = path.join(path.dirname(require.resolve('@embedpdf/fonts-sc/package.json')), 'fonts');
    const regular = fs
      .readdirSync(dir)
      .filter((f) => /\.(otf|ttf)$/i.test(f))
      .sort((a, b) => score(a) - score(b))[0];
    if (regular) return { file: path.join(dir, regular) };
  } catch {
    /* package missing: try the system font */
  }
  const wqy = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
  if (fs.existsSync(wqy)) return { file: wqy, family: 'WenQuanYiMicroHei' };
  return null;
}

/** Regular weight first. */
function score(name: string): number {
  if (/regular/i.test(name)) return 0;
  if (/medium/i.test(name)) return 1;
  return 2;
}

/**
 * The conclusion certificate (结题证书): one landscape A4 page with a border, a QR code and the full
 * address of the page that checks its number, so a reader of the paper can follow either.
 */
export function certificatePdf(given: CertificateInput): Promise<Buffer> {
  // Control characters and lone surrogates (stored before saves stripped them) are not printed.
  const input = stripNonXmlDeep(given) as CertificateInput;
  const font = cjkFont();
  if (!font) throw new AppError('证书字体未安装，暂时无法生成结题证书，请联系管理员', 503, 503);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 60,
    info: { Title: `结题证书 ${input.no}`, Subject: input.no, Author: input.issuer },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', font.file, font.family);
  doc.font('cjk');
  const { width, height } = doc.page;
  doc
    .lineWidth(3)
    .strokeColor('#b8860b')
    .rect(24, 24, width - 48, height - 48)
    .stroke();
  doc
    .lineWidth(1)
    .rect(32, 32, width - 64, height - 64)
    .stroke();
  doc.fillColor('#a0141e').fontSize(40).text('结 题 证 书', 0, 80, { align: 'center', width });
  doc.fillColor('#333333').fontSize(12).text(`证书编号：${input.no}`, 0, 140, { align: 'center', width });
  const left = 110;
  const w = width - 220;
  doc.fillColor('#000000').fontSize(16);
  // Long texts are cut to their lines, so the certificate stays one page whatever was typed.
  doc.page.margins.bottom = 0;
  doc.text(`课题名称：${input.topicName}`, left, 185, { width: w, height: 44, ellipsis: true });
  doc.moveDown(0.6).text(`课题编号：${input.topicNo}`, { width: w });
  doc.moveDown(0.6).text(`课题负责人：${input.leader}`, { width: w });
  doc.moveDown(0.6).text(`课题组成员：${input.members.length ? input.members.join('、') : '无'}`, {
    width: w,
    height: 44,
    ellipsis: true,
  });
  doc.moveDown(0.6).text(`承担单位：${input.unit}`, { width: w, height: 44, ellipsis: true });
  doc.moveDown(1).text('经审核，该课题已完成研究任务，准予结题，特发此证。', { width: w, indent: 32 });
  doc.fontSize(16).text(input.issuer, width - 380, height - 150, { width: 280, align: 'center' });
  doc.text(input.date, width - 380, height - 122, { width: 280, align: 'center' });
  const qrSize = 84;
  const qrTop = height - 60 - qrSize;
  drawQr(doc, input.checkUrl, 64, qrTop, qrSize);
  doc
    .fontSize(10)
    .fillColor('#666666')
    .text('扫描二维码或访问以下地址，核验本证书：', 160, qrTop + 18, { width: 300, lineBreak: false });
  doc.fontSize(9).text(input.checkUrl, 160, qrTop + 36, { width: 300, height: 40, ellipsis: true });
  doc.end();
  return done;
}
