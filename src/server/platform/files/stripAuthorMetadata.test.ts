import { describe, expect, it } from 'vitest';
import { metadataKind, stripAuthorMetadata, stripPdfInfo } from './stripAuthorMetadata.js';

const pdf = (info: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< ${info} /Title (Plan) >>\nendobj\n2 0 obj\n(Zhang San)\nendobj\ntrailer << /Info 1 0 R >>\n%%EOF`,
    'latin1',
  );

describe('stripAuthorMetadata', () => {
  it('blanks the PDF Info Author, Creator and Producer, direct or by reference, keeping every byte offset and the title', () => {
    const given = pdf('/Author (Zhang \\(San\\)) /Creator <4C69> /Producer 2 0 R');
    const out = stripPdfInfo(given);
    expect(out.length).toBe(given.length);
    const text = out.toString('latin1');
    expect(text).not.toMatch(/Zhang|Author|Creator|4C69/);
    // A reference keeps its key; the string it names is blanked.
    expect(text).toContain('/Title (Plan)');
    expect(text).toContain('2 0 obj\n(         )\nendobj');
  });

  it('leaves a PDF without such entries, and files of other kinds, as they are', async () => {
    const plain = pdf('');
    expect(stripPdfInfo(plain)).toBe(plain);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    expect(metadataKind('png', png)).toBeNull();
    expect(await stripAuthorMetadata(png, 'png')).toBe(png);
    // A .docx that is no zip: nothing recognisable to clean, answered unchanged rather than refused.
    const broken = Buffer.from('PK\u0003\u0004broken');
    expect(await stripAuthorMetadata(broken, 'docx')).toBe(broken);
  });
});
