import { fileTypeFromBuffer } from 'file-type';

/**
 * What a file really is, from its first bytes (its content signature), so a program renamed
 * `.pdf` is refused however it is named. Reads only the head: HEAD_BYTES (storage/FileStorage.ts) is enough for every
 * signature here and for the "does this text look binary" test.
 */

export type ContentKind =
  | 'pdf'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'bmp'
  | 'webp'
  | 'zip'
  | 'ole2'
  | 'rtf'
  | '7z'
  | 'rar'
  | 'mp4'
  | 'mov'
  | 'webm'
  | 'flv'
  | 'avi'
  | 'wav'
  | 'rm'
  | 'asf'
  | 'mp3'
  | 'exe'
  | 'elf'
  | 'text'
  | 'binary';

const startsWith = (head: Buffer, bytes: number[], at = 0): boolean =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (head: Buffer, text: string, at = 0): boolean => startsWith(head, [...Buffer.from(text, 'latin1')], at);

/**
 * file-type's answers (its `ext`) as the kinds the extension rules speak of. A format it names
 * that is not here (a HEIC picture, a Photoshop file, an installer...) is 'binary': no extension
 * accepts it, whatever the file is called.
 */
const KIND_OF: Record<string, ContentKind> = {
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpeg',
  gif: 'gif',
  bmp: 'bmp',
  webp: 'webp',
  zip: 'zip',
  docx: 'zip',
  xlsx: 'zip',
  pptx: 'zip',
  cfb: 'ole2',
  doc: 'ole2',
  xls: 'ole2',
  ppt: 'ole2',
  rtf: 'rtf',
  '7z': '7z',
  rar: 'rar',
  mp4: 'mp4',
  m4v: 'mp4',
  mov: 'mov',
  qt: 'mov',
  webm: 'webm',
  mkv: 'webm',
  flv: 'flv',
  avi: 'avi',
  wav: 'wav',
  asf: 'asf',
  wmv: 'asf',
  wma: 'asf',
  mp3: 'mp3',
  exe: 'exe',
  dll: 'exe',
  msi: 'exe',
  elf: 'elf',
};
/** Text formats file-type names: judged as text like any other. */
const TEXT_FORMATS = new Set(['xml', 'svg']);

/**
 * The kind of a file's content from its first bytes: file-type (a maintained signature library)
 * for the formats it knows; here only what it cannot say: a PDF whose marker is not at the very
 * start (readers accept it in the first 1024 bytes), RealMedia, and whether unknown bytes are text.
 */
export async function sniffKind(head: Buffer): Promise<ContentKind> {
  const found = await fileTypeFromBuffer(head);
  if (found && !TEXT_FORMATS.has(found.ext)) return KIND_OF[found.ext] ?? 'binary';
  if (head.subarray(0, 1024).includes(Buffer.from('%PDF-'))) return 'pdf';
  if (ascii(head, '.RMF')) return 'rm';
  return looksLikeText(head) ? 'text' : 'binary';
}

/**
 * Text (in any of the encodings Chinese users save .txt in: UTF-8, GBK, UTF-16 with a BOM) has no
 * NUL bytes and almost no control characters; binary data has plenty.
 */
export function looksLikeText(head: Buffer): boolean {
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) return true;
  let control = 0;
  for (const b of head) {
    if (b === 0) return false;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) control++;
  }
  return control <= head.length / 100;
}

/** Which content kinds each extension may carry. Office files saved by other programs vary, so the old formats also take the new container and RTF. */
const KINDS_BY_EXT: Record<string, readonly ContentKind[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpg: ['jpeg'],
  jpeg: ['jpeg'],
  gif: ['gif'],
  bmp: ['bmp'],
  webp: ['webp'],
  doc: ['ole2', 'zip', 'rtf'],
  xls: ['ole2', 'zip'],
  ppt: ['ole2', 'zip'],
  docx: ['zip'],
  xlsx: ['zip'],
  pptx: ['zip'],
  zip: ['zip'],
  '7z': ['7z'],
  rar: ['rar'],
  txt: ['text'],
  mp4: ['mp4', 'mov'],
  mov: ['mov', 'mp4'],
  webm: ['webm'],
  flv: ['flv'],
  avi: ['avi'],
  wav: ['wav'],
  rmvb: ['rm'],
  wmv: ['asf'],
  wma: ['asf'],
  mp3: ['mp3'],
};

export function contentMatchesExt(ext: string, kind: ContentKind): boolean {
  return KINDS_BY_EXT[ext]?.includes(kind) ?? false;
}

/** Content type a stored file is served with (taken from its checked content, never from the name). */
const CONTENT_TYPES: Partial<Record<ContentKind, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  flv: 'video/x-flv',
  avi: 'video/x-msvideo',
  asf: 'video/x-ms-asf',
};

export function contentTypeOf(kind: string): string {
  return CONTENT_TYPES[kind as ContentKind] ?? 'application/octet-stream';
}
