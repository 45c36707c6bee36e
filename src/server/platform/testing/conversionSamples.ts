import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import PptxGenJS from 'pptxgenjs';
import { docxParts } from './docxParts.js';

/** The author every sample names, so a test can check the converted PDF does not. */
export const SAMPLE_AUTHOR = '王晓明';

/** A Word document of `pages` headings, each on its own page, written by SAMPLE_AUTHOR. */
export async function docxSample(title: string, pages = 2): Promise<Buffer> {
  const children = Array.from(
    { length: pages },
    (_, i) =>
      new Paragraph({
        pageBreakBefore: i > 0,
        children: [new TextRun({ text: `${title} 第${i + 1}页`, size: 36 })],
      }),
  );
  const doc = new Document({ creator: SAMPLE_AUTHOR, lastModifiedBy: SAMPLE_AUTHOR, title, sections: [{ children }] });
  return Packer.toBuffer(doc);
}

/** A workbook with a small budget table. */
export async function xlsxSample(title: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = SAMPLE_AUTHOR;
  const sheet = book.addWorksheet('经费预算');
  sheet.addRow([title]);
  sheet.addRow(['科目', '金额（元）']);
  sheet.addRow(['资料费', 3000]);
  sheet.addRow(['调研费', 5000]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A slide deck of two slides. */
export async function pptxSample(title: string): Promise<Buffer> {
  const deck = new PptxGenJS();
  deck.author = SAMPLE_AUTHOR;
  deck.addSlide().addText(title, { x: 1, y: 1, w: 8, h: 1, fontSize: 28 });
  deck.addSlide().addText('研究进展汇报', { x: 1, y: 1, w: 8, h: 1, fontSize: 24 });
  return (await deck.write({ outputType: 'nodebuffer' })) as Buffer;
}

/** ffmpeg's own test sources: a picture with a moving bar and a tone (`format`: avi, wav, ...). */
export function mediaSample(format: 'avi' | 'wav' | 'wmv' | 'flv', seconds = 4): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-sample-'));
  const out = path.join(dir, `sample.${format}`);
  try {
    const video = format === 'wav' ? [] : ['-f', 'lavfi', '-i', `testsrc=size=320x240:rate=15:duration=${seconds}`];
    execFileSync('ffmpeg', [
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      ...video,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      ...(format === 'avi' ? ['-c:v', 'mpeg4', '-c:a', 'pcm_s16le'] : []),
      '-shortest',
      out,
    ]);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Plain text of about `pages` printed pages (60 lines each). */
export function textSample(pages: number): Buffer {
  const line = '课题研究过程记录：本周完成课堂观察与访谈整理，形成阶段性分析意见。\n';
  return Buffer.from(line.repeat(pages * 60), 'utf8');
}

/**
 * A hostile Word document: a zip of a few hundred kilobytes whose text part inflates to `mb`
 * megabytes of paragraphs (a decompression bomb of thousands of pages).
 */
export function docxBombSample(mb = 300): Promise<Buffer> {
  return docxParts(mb);
}
