/**
 * What a reader can get out of a file served to an expert of a blind batch, as text: a PDF's text
 * (pdftotext), its Info and XMP (pdfinfo, pdfinfo -meta) and every stream inflated; an Office
 * package's every part (document, properties, comments, custom properties). A name hidden in any
 * of them is found by `identityLeaks`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import type { Page } from 'playwright-core';
import { pdfStreams } from '../src/server/platform/testing/pdfText.js';
import { zipEntries } from '../src/server/platform/testing/zipEntries.js';

/** Everything a reader of a served file sees, as UTF-8 text. */
export async function readableText(bytes: Buffer): Promise<string> {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const out: string[] = [];
    for (const [name, data] of await zipEntries(bytes)) out.push(name, await readableText(data));
    return out.join('\n');
  }
  if (!bytes.subarray(0, 5).toString('latin1').startsWith('%PDF-')) return bytes.toString('utf8');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blind-'));
  const file = path.join(dir, 'served.pdf');
  fs.writeFileSync(file, bytes);
  try {
    const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8', timeout: 60_000 });
    return [
      run('pdftotext', ['-enc', 'UTF-8', file, '-']),
      run('pdfinfo', [file]),
      run('pdfinfo', ['-meta', file]),
      // Streams as UTF-8 (XMP is), the raw bytes likewise: a property the tools skip is still read.
      ...pdfStreams(bytes).map((s) => Buffer.from(s, 'latin1').toString('utf8')),
      bytes.toString('utf8'),
    ].join('\n');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The secrets found in `text`: words as written, numbers also with their spaces and dashes gone. */
export function identityLeaks(text: string, secrets: string[]): string[] {
  const flat = text.replace(/\s+/g, '');
  const digits = text.replace(/[\s-]/g, '');
  return secrets.filter((s) => (/^\d/.test(s) ? digits.includes(s) : flat.includes(s.replace(/\s+/g, ''))));
}

/**
 * A Word document as an applicant writes it: `lines` in its body, and Word's properties carrying
 * who wrote it (author, last editor, title, subject, description, keywords) unless `author` is null.
 */
export async function wordDocument(lines: string[], author: { name: string; unit: string } | null): Promise<Buffer> {
  const props = author
    ? {
        creator: author.name,
        lastModifiedBy: author.name,
        title: `${author.unit}${author.name}`,
        subject: author.unit,
        description: `${author.name}（${author.unit}）`,
        keywords: author.name,
      }
    : {};
  const doc = new Document({
    ...props,
    sections: [{ children: lines.map((l) => new Paragraph({ children: [new TextRun({ text: l, size: 28 })] })) }],
  });
  return Packer.toBuffer(doc);
}

/** The bytes at `url` as the page's signed-in user reads them (its token), with the answer's status. */
export async function fetchAs(
  page: Page,
  url: string,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<{ status: number; bytes: Buffer; result: string }> {
  const r = await page.evaluate(
    async ([u, m, b]) => {
      const user = JSON.parse(localStorage.getItem('userObj') ?? 'null');
      // Asked of the server each time: a copy the browser kept would not say what the server serves now.
      const res = await fetch(u, {
        method: m,
        cache: 'no-store',
        headers: {
          authorization: user?.token ?? '',
          'x-csrf-token': localStorage.getItem('csrfToken') ?? '',
          ...(b === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      const buf = new Uint8Array(await res.arrayBuffer());
      let bin = '';
      for (let i = 0; i < buf.length; i += 0x8000) bin += String.fromCharCode(...buf.subarray(i, i + 0x8000));
      return { status: res.status, base64: btoa(bin) };
    },
    [url, init.method ?? 'GET', init.body] as const,
  );
  const bytes = Buffer.from(r.base64, 'base64');
  let result = '';
  try {
    result = String((JSON.parse(bytes.toString('utf8')) as { result?: unknown }).result ?? '');
  } catch {
    // Not an answer in the envelope: the file itself.
  }
  return { status: r.status, bytes, result };
}
