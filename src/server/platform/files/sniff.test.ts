import crypto from 'node:crypto';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { contentMatchesExt, sniffKind } from './sniff.js';
import { pngOf } from '../testing/fileTestClient.js';

const bytes = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p as number[]))));
/** An ISO media file (mp4, mov, HEIC...) begins with an ftyp box naming its brand. */
const ftyp = (brand: string, compatible: string) =>
  bytes([0, 0, 0, 0x18], 'ftyp', brand, [0, 0, 0, 0], compatible, 'mp41', crypto.randomBytes(64));

describe('content signatures', () => {
  it('names the formats the extension rules take', async () => {
    expect(await sniffKind(bytes('%PDF-1.7\n', crypto.randomBytes(100)))).toBe('pdf');
    expect(await sniffKind(pngOf(100))).toBe('png');
    expect(await sniffKind(bytes('GIF89a', crypto.randomBytes(40)))).toBe('gif');
    expect(await sniffKind(ftyp('isom', 'iso2'))).toBe('mp4');
    expect(await sniffKind(ftyp('qt  ', 'qt  '))).toBe('mov');
    const docx = new JSZip();
    docx.file('[Content_Types].xml', '<Types/>');
    docx.file('word/document.xml', '<w:document/>');
    expect(await sniffKind(await docx.generateAsync({ type: 'nodebuffer' }))).toBe('zip');
    expect(await sniffKind(bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], Buffer.alloc(600)))).toBe('ole2');
    expect(await sniffKind(Buffer.from('课题申报说明\r\n第一条 ……', 'utf8'))).toBe('text');
  });

  it('keeps what the library does not check: a PDF marker after some bytes, and text', async () => {
    expect(await sniffKind(bytes('\r\n\r\n', '%PDF-1.4\n', crypto.randomBytes(100)))).toBe('pdf');
    expect(await sniffKind(bytes([0, 1, 2, 3, 0, 0, 9, 8], crypto.randomBytes(200)))).toBe('binary');
  });

  it('refuses what hand-read signatures took for something else: a HEIC picture named .mp4, a program named .pdf', async () => {
    const heic = await sniffKind(ftyp('heic', 'mif1'));
    expect(contentMatchesExt('mp4', heic)).toBe(false);
    expect(contentMatchesExt('mov', heic)).toBe(false);
    const avif = await sniffKind(ftyp('avif', 'mif1'));
    expect(contentMatchesExt('mp4', avif)).toBe(false);
    const program = await sniffKind(
      bytes('MZ', Buffer.alloc(58), [0x80, 0, 0, 0], Buffer.alloc(64), 'PE\0\0', crypto.randomBytes(100)),
    );
    expect(contentMatchesExt('pdf', program)).toBe(false);
    expect(contentMatchesExt('txt', program)).toBe(false);
  });
});
