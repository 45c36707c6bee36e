import { ODF, OOXML, stripPackage } from './stripOffice.js';
import { stripPdf } from './stripPdf.js';

/**
 * Legacy binary Office documents (OLE compound files): their summary information (author, title,
 * company, comments) cannot be cleaned in place, so a blind reader gets their converted PDF, cleaned.
 */
export const LEGACY_OFFICE = new Set(['doc', 'xls', 'ppt', 'dot', 'xlt', 'pot', 'pps', 'wps']);

/** Which cleaning a file needs, from its suffix and its first bytes; null: none known. */
export function metadataKind(suffix: string, head: Buffer): 'office' | 'pdf' | null {
  const ext = suffix.toLowerCase().replace(/^\./, '');
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if ((OOXML.has(ext) || ODF.has(ext)) && head[0] === 0x50 && head[1] === 0x4b) return 'office';
  return null;
}

/**
 * Whether a stored object of this suffix and type is a document that may name its author (PDF,
 * Office Open XML, OpenDocument, legacy Office). Anything else (video, audio, pictures) comes out of
 * `stripAuthorMetadata` as it went in, so it is served as stored, with ranges: a blind reader's
 * player must seek too.
 */
export function mayCarryAuthor(suffix: string, contentType: string): boolean {
  const ext = suffix.toLowerCase().replace(/^\./, '');
  return ext === 'pdf' || OOXML.has(ext) || ODF.has(ext) || LEGACY_OFFICE.has(ext) || contentType === 'application/pdf';
}

/** Whether a blind reader may only have this file as its converted PDF. */
export function isLegacyOffice(suffix: string): boolean {
  return LEGACY_OFFICE.has(suffix.toLowerCase().replace(/^\./, ''));
}

/**
 * A copy of a stored document without what names or describes its authors, for readers who must
 * not learn who wrote it (the experts of a blind review). PDFs: stripPdf. Office and OpenDocument
 * packages: stripPackage (document properties, comment and revision authors, thumbnails). Anything
 * else is returned as it is. The stored original is never touched.
 */
export async function stripAuthorMetadata(bytes: Buffer, suffix: string): Promise<Buffer> {
  const kind = metadataKind(suffix, bytes);
  if (kind === 'pdf') return stripPdf(bytes);
  if (kind === 'office') {
    try {
      return await stripPackage(bytes);
    } catch {
      // Not a readable package after all (a damaged file): nothing recognisable to clean.
      return bytes;
    }
  }
  return bytes;
}
