import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { AppContext } from '../../AppContext.js';
import type { FileRef } from '../../platform/files/fileRefs.js';
import { fileService } from '../../platform/files/fileService.js';
import { sniffKind } from '../../platform/files/sniff.js';
import { blobKey } from '../../platform/files/storage/FileStorage.js';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A small real Word document (the parts Word needs), one paragraph per line. */
export async function docxBytes(lines: string[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '[Content_Types].xml',
  );
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    '_rels/.rels',
  );
  const body = lines.map((l) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(l)}</w:t></w:r></w:p>`).join('');
  zip.addBuffer(
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ),
    'word/document.xml',
  );
  zip.end();
  const parts: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts);
}

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
