import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { everythingIn, metadataFixtures } from '../testing/metadataFixtures.js';
import { pdfText } from '../testing/pdfText.js';
import { zipEntries } from '../testing/zipEntries.js';
import { isLegacyOffice, mayCarryAuthor, metadataKind, stripAuthorMetadata } from './stripAuthorMetadata.js';
import { stripPdfBytes } from './stripPdf.js';

const pdf = (info: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< ${info} /Title (Plan) >>\nendobj\n2 0 obj\n(Zhang San)\nendobj\ntrailer << /Info 1 0 R >>\n%%EOF`,
    'latin1',
  );

describe('stripAuthorMetadata', () => {
  it('finds no marker of the fixture set in the cleaned copies, and keeps each document body', async () => {
    for (const f of await metadataFixtures()) {
      const before = await everythingIn(f.bytes);
      // The fixture really carries every marker, so their absence after cleaning means something.
      expect(
        f.markers.filter((x) => !before.includes(x)),
        f.name,
      ).toEqual([]);
      const suffix = f.name.split('.').pop()!;
      const after = await everythingIn(await stripAuthorMetadata(f.bytes, suffix));
      expect(
        f.markers.filter((x) => after.includes(x)),
        f.name,
      ).toEqual([]);
      if (suffix !== 'pdf') expect(after, f.name).toContain(f.body);
    }
  });

  it('a cleaned PDF is still a PDF with its page; a cleaned ODF package keeps mimetype first', async () => {
    const set = await metadataFixtures();
    const cleaned = await stripAuthorMetadata(set.find((f) => f.name.endsWith('.pdf'))!.bytes, 'pdf');
    const doc = await PDFDocument.load(cleaned, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBeUndefined();
    expect(doc.getProducer()).toBeUndefined();
    expect(pdfText(cleaned)).toContain('BODYpdf');
    const odt = await stripAuthorMetadata(set.find((f) => f.name.endsWith('.odt'))!.bytes, 'odt');
    expect([...(await zipEntries(odt)).keys()][0]).toBe('mimetype');
    expect(odt.subarray(30, 38).toString('latin1')).toBe('mimetype');
  });

  it('a PDF it cannot parse is blanked byte for byte: every offset kept, Info entries and references blanked', () => {
    const given = pdf('/Author (Zhang \\(San\\)) /Creator <4C69> /Producer 2 0 R /Subject (Who)');
    const out = stripPdfBytes(given);
    expect(out.length).toBe(given.length);
    const text = out.toString('latin1');
    expect(text).not.toMatch(/Zhang|Author|Creator|4C69|Plan|Who/);
    expect(text).toContain('2 0 obj\n(         )\nendobj');
  });

  it('legacy Office documents are known to carry authors; other files are left as they are', async () => {
    for (const ext of ['doc', 'xls', 'ppt']) {
      expect(isLegacyOffice(ext)).toBe(true);
      expect(mayCarryAuthor(ext, 'application/octet-stream')).toBe(true);
    }
    expect(mayCarryAuthor('odt', 'application/octet-stream')).toBe(true);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    expect(metadataKind('png', png)).toBeNull();
    expect(await stripAuthorMetadata(png, 'png')).toBe(png);
    // A .docx that is no zip: nothing recognisable to clean, answered unchanged rather than refused.
    const broken = Buffer.from('PK\u0003\u0004broken');
    expect(await stripAuthorMetadata(broken, 'docx')).toBe(broken);
  });
});
