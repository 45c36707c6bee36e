/**
 * What a file really is, from its first bytes (its content signature), so a program renamed
 * `.pdf` is refused however it is named. Reads only the head: HEAD_BYTES is enough for every
 * signature here and for the "does this text look binary" test.
 */
export const HEAD_BYTES = 64 * 1024;

export type ContentKind =
  | 'pdf' | 'png' | 'jpeg' | 'gif' | 'bmp' | 'webp'
  | 'zip' | 'ole2' | 'rtf' | '7z' | 'rar'
  | 'mp4' | 'mov' | 'webm' | 'flv' | 'avi' | 'wav' | 'rm' | 'asf' | 'mp3'
  | 'exe' | 'elf' | 'text' | 'binary';

const startsWith = (head: Buffer, bytes: number[], at = 0): boolean =>
  head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
const ascii = (head: Buffer, text: string, at = 0): boolean =>
  startsWith(head, [...Buffer.from(text, 'latin1')], at);

export function sniffKind(head: Buffer): ContentKind {
  if (ascii(head, 'MZ')) return 'exe';
  if (startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return 'elf';
  // PDF readers accept the marker anywhere in the first 1024 bytes.
  if (head.subarray(0, 1024).includes(Buffer.from('%PDF-'))) return 'pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(head, 'GIF87a') || ascii(head, 'GIF89a')) return 'gif';
  if (ascii(head, 'BM') && startsWith(head, [0, 0, 0, 0], 6)) return 'bmp';
  if (ascii(head, 'RIFF') && ascii(head, 'WEBP', 8)) return 'webp';
  if (ascii(head, 'RIFF') && ascii(head, 'AVI ', 8)) return 'avi';
  if (ascii(head, 'RIFF') && ascii(head, 'WAVE', 8)) return 'wav';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole2';
  if (ascii(head, '{\\rtf')) return 'rtf';
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return '7z';
  if (ascii(head, 'Rar!\x1a\x07')) return 'rar';
  if (ascii(head, 'ftyp', 4)) return ascii(head, 'qt  ', 8) ? 'mov' : 'mp4';
  if (ascii(head, 'moov', 4) || ascii(head, 'mdat', 4) || ascii(head, 'wide', 4)) return 'mov';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm';
  if (ascii(head, 'FLV\x01')) return 'flv';
  if (ascii(head, '.RMF')) return 'rm';
  if (startsWith(head, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return 'asf';
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff])) return 'text';
  if (ascii(head, 'ID3') || (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0)) return 'mp3';
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
