/**
 * Whether a downloaded file opens as what its name says: xlsx / docx / pptx are zip packages with
 * their main part, pdf starts with %PDF, csv and txt decode as UTF-8, zip opens, pictures carry
 * their signature. Returns the problem, or null.
 */
import JSZip from 'jszip';

const PACKAGE_PART: Record<string, string> = {
  xlsx: 'xl/workbook.xml',
  docx: 'word/document.xml',
  pptx: 'ppt/presentation.xml',
};
const SIGNATURES: Record<string, number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47],
  jpg: [0xff, 0xd8, 0xff],
  jpeg: [0xff, 0xd8, 0xff],
  gif: [0x47, 0x49, 0x46],
};

export async function fileProblem(name: string, bytes: Buffer): Promise<string | null> {
  const ext = (name.split('.').pop() ?? '').toLowerCase();
  if (!bytes.length) return `${name}: empty file`;
  if (ext in PACKAGE_PART || ext === 'zip') {
    let zip: JSZip;
    try {
      zip = await JSZip.loadAsync(bytes);
    } catch (e) {
      return `${name}: does not open as a zip (${(e as Error).message})`;
    }
    if (ext === 'zip') return null;
    if (!zip.file('[Content_Types].xml')) return `${name}: no [Content_Types].xml`;
    if (!zip.file(PACKAGE_PART[ext])) return `${name}: no ${PACKAGE_PART[ext]}`;
    return null;
  }
  if (ext === 'pdf')
    return bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? null : `${name}: does not start with %PDF-`;
  if (ext === 'csv' || ext === 'txt') {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return `${name}: not UTF-8 text`;
    }
    return null;
  }
  const sig = SIGNATURES[ext];
  if (sig) return sig.every((b, i) => bytes[i] === b) ? null : `${name}: not a ${ext} picture`;
  // Other types (doc, xls, mp4, ...) are stored as uploaded: only that something came is checked.
  return null;
}
