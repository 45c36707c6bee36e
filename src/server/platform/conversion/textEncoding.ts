/**
 * Plain text from Chinese offices is often in GBK (GB2312, GB18030: what Windows Notepad wrote for
 * years), not UTF-8. LibreOffice reads a .txt in the one encoding it is told, so the converter
 * first turns any text into UTF-8: UTF-8 (with or without a BOM) stays; UTF-16 with a BOM is
 * decoded; anything else that is not valid UTF-8 is read as GB18030, the superset of GBK and GB2312.
 */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030';

export function detectTextEncoding(bytes: Uint8Array): TextEncodingName {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'gb18030';
  }
}

/** The text as UTF-8 without a BOM, whatever it was written in. */
export function toUtf8(bytes: Uint8Array): Buffer {
  const encoding = detectTextEncoding(bytes);
  // TextDecoder drops the BOM of the encoding it decodes.
  return Buffer.from(new TextDecoder(encoding).decode(bytes), 'utf8');
}
