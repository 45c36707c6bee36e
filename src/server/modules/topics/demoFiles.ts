import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { AppContext } from '../../platform/AppContext.js';
import type { FileRef } from '../../platform/files/fileRefs.js';
import { fileService } from '../../platform/storage/fileService.js';
import { sniffKind } from '../../platform/files/sniff.js';
import { blobKey } from '../../platform/storage/FileStorage.js';
import { DEMO_REPORTS } from '../similarity/demoTexts.js';

export { docxBytes } from './docx.js';

/**
 * Sentences of the demo reports but the first (the duplicate check's demo copies that one on
 * purpose), two for each demo 活页: every application argues in words of its own, as real ones do,
 * so the duplicate check flags none of them against each other.
 */
const ARGUMENT_SENTENCES = DEMO_REPORTS.slice(1).flatMap((r) =>
  r.paragraphs.flatMap((p) => p.split(/(?<=。)/).filter(Boolean)),
);

/**
 * The lines of a demo 课题论证活页: the argument of the application without who makes it, the
 * `slot`-th pair of sentences (one slot per demo topic). `named` puts a leader and unit into its
 * body, as an applicant who forgot the rule would (the identity check flags it).
 */
export function argumentSheetLines(name: string, slot: number, named?: { leader: string; unit: string }): string[] {
  const sentence = (k: number) => ARGUMENT_SENTENCES[k % ARGUMENT_SENTENCES.length];
  return [
    name,
    '课题论证活页',
    `一、选题依据：${sentence(2 * slot)}`,
    `二、研究内容：${sentence(2 * slot + 1)}`,
    ...(named ? [`三、研究基础：课题负责人${named.leader}长期在${named.unit}从事相关教学研究。`] : []),
  ];
}

/**
 * Demo topics a 活页 slot is kept for (one per status and leader1's concluded one) before the topics
 * waiting for review take theirs: no two demo 活页 argue in the same words (查重 flags only its copy).
 */
export const ARGUMENT_SLOTS_OF_TOPICS = 33;

/** A one-page PDF with an ASCII line (enough for a viewer and for the type check). */
export function pdfBytes(line: string): Buffer {
  const text = line.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '');
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = `BT /F1 18 Tf 72 760 Td (${text}) Tj ET`;
  objs[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * Stores bytes through the file service's storage as a file of `ownerUserId` (demo data: the
 * seed has no browser to upload with), so download and preview work as for an uploaded file.
 */
export async function storeDemoFile(
  ctx: AppContext,
  ownerUserId: number,
  bytes: Buffer,
  fileName: string,
  belongType: string,
): Promise<FileRef> {
  const { storage } = fileService(ctx);
  const db = ctx.database.db;
  const md5 = crypto.createHash('md5').update(bytes).digest('hex');
  const key = blobKey(md5);
  const known = await db.selectFrom('file_blobs').select(['md5', 'complete']).where('md5', '=', md5).executeTakeFirst();
  if (!known?.complete || !(await storage.exists(key))) {
    const uploadId = crypto.randomBytes(16).toString('hex');
    await storage.putChunk(uploadId, 0, Readable.from([bytes]), { maxBytes: bytes.length + 1, length: bytes.length });
    const staged = await storage.stageChunk(uploadId, 0, key);
    const kind = await sniffKind(staged.head);
    await staged.commit();
    await storage.removeUpload(uploadId);
    await db
      .insertInto('file_blobs')
      .values({ md5, size: bytes.length, storage_key: key, kind, complete: 1, created_at: Date.now() })
      .onConflict((oc) => oc.column('md5').doUpdateSet({ complete: 1 }))
      .execute();
  }
  const suffix = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  const inserted = await db
    .insertInto('files')
    .values({
      owner_user_id: ownerUserId,
      md5,
      original_file_name: fileName,
      file_suffix: suffix,
      file_size: bytes.length,
      belong_type: belongType,
      belong_id: null,
      context_id: `seed-${md5}`,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Not queued for conversion here: the first preview queues it (conversionPreview.ts). Queued at
  // seeding, some eighty demo documents kept a fresh portal's converter busy for minutes, and a
  // reader's own upload waited behind them.
  return { id: Number(inserted.id), fileName, fileSize: bytes.length, fileSuffix: suffix, md5 } as FileRef;
}
