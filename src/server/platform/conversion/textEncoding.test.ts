import { describe, expect, it } from 'vitest';
import { detectTextEncoding, toUtf8 } from './textEncoding.js';

const TEXT = '课题研究过程记录：课堂观察与访谈整理。';
/** GBK bytes of a few characters (中文课题), as Notepad on a Chinese Windows writes them. */
const GBK_WORDS = Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0xbf, 0xce, 0xcc, 0xe2]);

describe('text encoding before conversion', () => {
  it('keeps UTF-8 and drops its BOM', () => {
    expect(detectTextEncoding(Buffer.from(TEXT))).toBe('utf-8');
    expect(toUtf8(Buffer.from(TEXT)).toString()).toBe(TEXT);
    expect(toUtf8(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT)])).toString()).toBe(TEXT);
  });

  it('reads GBK (GB18030) text with the right characters', () => {
    expect(detectTextEncoding(GBK_WORDS)).toBe('gb18030');
    expect(toUtf8(GBK_WORDS).toString()).toBe('中文课题');
  });

  it('reads UTF-16 with its BOM', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, 'utf16le')]);
    expect(detectTextEncoding(le)).toBe('utf-16le');
    expect(toUtf8(le).toString()).toBe(TEXT);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(TEXT, 'utf16le').swap16()]);
    expect(toUtf8(be).toString()).toBe(TEXT);
  });

  it('plain ASCII is UTF-8', () => {
    expect(detectTextEncoding(Buffer.from('plain notes\n'))).toBe('utf-8');
  });
});
