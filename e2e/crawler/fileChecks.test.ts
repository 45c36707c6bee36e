import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { fileProblem } from './fileChecks.js';

async function pkg(parts: string[]): Promise<Buffer> {
  const zip = new JSZip();
  for (const p of parts) zip.file(p, '<x/>');
  return zip.generateAsync({ type: 'nodebuffer' });
}

describe('a download opens as its type', () => {
  it('takes office packages with their main part, pdf, utf-8 csv and pictures', async () => {
    expect(await fileProblem('a.xlsx', await pkg(['[Content_Types].xml', 'xl/workbook.xml']))).toBeNull();
    expect(await fileProblem('a.docx', await pkg(['[Content_Types].xml', 'word/document.xml']))).toBeNull();
    expect(await fileProblem('a.pdf', Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(await fileProblem('a.csv', Buffer.from('\ufeff标题,时间\n甲,2026-01-01\n'))).toBeNull();
    expect(await fileProblem('a.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d]))).toBeNull();
  });

  it('refuses what only carries the name: an error page as xlsx, a docx without its document, html as pdf, latin-1 csv, empty files', async () => {
    expect(await fileProblem('a.xlsx', Buffer.from('{"flag":false,"result":"下载地址不存在"}'))).toMatch(/zip/);
    expect(await fileProblem('a.docx', await pkg(['[Content_Types].xml', 'xl/workbook.xml']))).toMatch(
      /word\/document\.xml/,
    );
    expect(await fileProblem('a.pdf', Buffer.from('<html>'))).toMatch(/%PDF/);
    expect(await fileProblem('a.csv', Buffer.from([0x41, 0xe9, 0x0a]))).toMatch(/UTF-8/);
    expect(await fileProblem('a.zip', Buffer.alloc(0))).toMatch(/empty/);
  });
});
