import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fs from 'node:fs';
import yauzl from 'yauzl';
import type { AppContext } from '../../platform/AppContext.js';
import { conversionOf, enqueueConversion } from '../../platform/conversion/conversionJobs.js';
import { toUtf8 } from '../../platform/conversion/textEncoding.js';
import { fileService } from '../../platform/storage/fileService.js';
import { blobKey } from '../../platform/storage/FileStorage.js';
import { CONVERTIBLE } from '../../../shared/fileTypes.js';

/** Largest text taken from one file: a report of 300 thousand characters is far beyond any real one. */
const MAX_CHARS = 300_000;
const PDFTOTEXT_TIMEOUT_MS = 60_000;

/** What a file's text is: the text, none to be had (an image, a failed conversion), or not yet (its conversion is under way). */
export type FileText = { text: string } | { none: true } | { pending: true };

async function readStored(ctx: AppContext, key: string): Promise<Buffer> {
  const { storage } = fileService(ctx);
  const parts: Buffer[] = [];
  for await (const chunk of (await storage.createReadStream(key)) as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts);
}

let missingToolTold = false;
let readable: boolean | undefined;

/** Whether this machine reads PDFs (poppler's pdftotext on the PATH). */
export function pdfReadable(): boolean {
  readable ??= (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir && fs.existsSync(path.join(dir, 'pdftotext')));
  return readable;
}

/** The text of a PDF by poppler's pdftotext, page layout dropped, in a folder of its own; `pages`: a form feed between pages. */
async function pdfText(ctx: AppContext, key: string, pages = false): Promise<string | null> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'similarity-'));
  try {
    const input = path.join(dir, 'in.pdf');
    const { storage } = fileService(ctx);
    await pipeline(await storage.createReadStream(key), fs.createWriteStream(input));
    return await new Promise((resolve) => {
      execFile(
        'pdftotext',
        ['-enc', 'UTF-8', ...(pages ? [] : ['-nopgbrk']), input, '-'],
        { timeout: PDFTOTEXT_TIMEOUT_MS, maxBuffer: MAX_CHARS * 4, env: { PATH: process.env.PATH } },
        (err, stdout) => {
          // A machine without poppler reads no PDF: say so once rather than leave every report 未检测.
          if ((err as NodeJS.ErrnoException | null)?.code === 'ENOENT' && !missingToolTold) {
            missingToolTold = true;
            ctx.log.warn('pdftotext not found (Debian: poppler-utils): PDFs are not read for the duplicate check');
          }
          resolve(err ? null : String(stdout));
        },
      );
    });
  } finally {
    await fsp.rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** The paragraphs of a .docx (word/document.xml), read directly: no conversion needed for the commonest upload. */
function docxText(bytes: Buffer): Promise<string | null> {
  return new Promise((resolve) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return resolve(null);
      let found = false;
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== 'word/document.xml' || entry.uncompressedSize > 64 * 1024 * 1024) return zip.readEntry();
        found = true;
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return resolve(null);
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('error', () => resolve(null));
          stream.on('end', () => {
            const xml = Buffer.concat(parts).toString('utf8');
            const paragraphs = xml.split(/<\/w:p>/).map((p) =>
              [...p.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)]
                .map((m) => m[1])
                .join('')
                .replace(/&lt;/g, '<')
                .replace(/&gt;/g, '>')
                .replace(/&quot;/g, '"')
                .replace(/&apos;/g, "'")
                .replace(/&amp;/g, '&'),
            );
            zip.close();
            resolve(paragraphs.filter(Boolean).join('\n'));
          });
        });
      });
      zip.on('end', () => {
        if (!found) resolve(null);
      });
      zip.on('error', () => resolve(null));
      zip.readEntry();
    });
  });
}

/**
 * The text of a stored file: a PDF through pdftotext, a .docx from its XML, plain text decoded,
 * any other office document through the PDF the conversion queue made of it (queued here when it
 * has no job yet; pending until done). Pictures, audio and video have none.
 */
export async function fileText(ctx: AppContext, md5: string, suffix: string): Promise<FileText> {
  const ext = suffix.toLowerCase();
  const cut = (t: string | null): FileText => (t && t.trim() ? { text: t.slice(0, MAX_CHARS) } : { none: true });
  if (ext === 'pdf') return cut(await pdfText(ctx, blobKey(md5)));
  if (ext === 'txt') return cut(toUtf8(await readStored(ctx, blobKey(md5))).toString('utf8'));
  if (ext === 'docx') {
    const t = await docxText(await readStored(ctx, blobKey(md5)));
    if (t !== null) return cut(t);
  }
  if (CONVERTIBLE[ext] !== 'pdf') return { none: true };
  const job = await conversionOf(ctx, md5);
  if (job?.state === 'done' && job.outputKey) return cut(await pdfText(ctx, job.outputKey));
  if (job?.state === 'failed') return { none: true };
  if (!job && !(await enqueueConversion(ctx, md5, ext))) return { none: true };
  return { pending: true };
}

/**
 * A file's text page by page where pages exist: a PDF's pages (pdftotext), an office document's
 * through its converted PDF once the conversion is done; a .docx not converted yet by its
 * paragraphs (no pages: Word lays them out only when it prints), plain text as one part.
 */
export type FilePages = { pages: string[] } | { paragraphs: string[] } | { none: true } | { pending: true };

export async function filePages(ctx: AppContext, md5: string, suffix: string): Promise<FilePages> {
  const ext = suffix.toLowerCase();
  const split = (t: string | null): FilePages =>
    t && t.trim() ? { pages: t.slice(0, MAX_CHARS).split('\f') } : { none: true };
  if (ext === 'pdf') return split(await pdfText(ctx, blobKey(md5), true));
  if (ext === 'txt')
    return {
      paragraphs: toUtf8(await readStored(ctx, blobKey(md5)))
        .toString('utf8')
        .split('\n'),
    };
  if (CONVERTIBLE[ext] !== 'pdf') return { none: true };
  const job = await conversionOf(ctx, md5);
  if (job?.state === 'done' && job.outputKey) return split(await pdfText(ctx, job.outputKey, true));
  if (!job) await enqueueConversion(ctx, md5, ext);
  if (ext === 'docx') {
    const t = await docxText(await readStored(ctx, blobKey(md5)));
    if (t !== null) return { paragraphs: t.split('\n') };
  }
  return job?.state === 'failed' ? { none: true } : { pending: true };
}
