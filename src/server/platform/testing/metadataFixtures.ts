import PDFDocument from 'pdfkit';
import yazl from 'yazl';
import { pdfStreams } from './pdfText.js';
import { zipEntries } from './zipEntries.js';

/**
 * For tests: documents that carry a marker in every place a document can name or describe its
 * author — properties (core, app, custom; ODF meta), comment, tracked-change and person authors,
 * a saved path, a linked template, thumbnails, PDF Info, compressed XMP, annotation authors — and a
 * body marker that must survive cleaning. Each marker is ASCII, so it is found in any encoding the
 * reader checks (raw, inflated, hex, UTF-16).
 */
export interface MetadataFixture {
  name: string;
  bytes: Buffer;
  /** What must be gone from the served copy. */
  markers: string[];
  /** What must still be there (the document's own text). */
  body: string;
}

const m = (format: string, place: string) => `MK${format}${place}X`;

async function zipOf(parts: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(parts))
    zip.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8'), name, { compress: name !== 'mimetype' });
  zip.end();
  const out: Buffer[] = [];
  for await (const c of zip.outputStream as AsyncIterable<Buffer>) out.push(c);
  return Buffer.concat(out);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
/** A "picture" of the first page: its bytes carry a marker, as a real rendering of a cover page would show a name. */
const thumbnail = (marker: string) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(marker)]);

/** docProps of an Office package, every property set to a marker. */
function docProps(f: string): Record<string, string | Buffer> {
  const core = [
    'dc:title',
    'dc:subject',
    'dc:creator',
    'cp:keywords',
    'dc:description',
    'cp:lastModifiedBy',
    'cp:category',
    'cp:contentStatus',
  ]
    .map((tag) => `<${tag}>${m(f, tag.split(':')[1]!)}</${tag}>`)
    .join('');
  return {
    'docProps/core.xml': `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${core}<cp:revision>3</cp:revision></cp:coreProperties>`,
    'docProps/app.xml': `${XML}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><Template>${m(f, 'template')}.dotm</Template><Application>Microsoft Office</Application><Company>${m(f, 'company')}</Company><Manager>${m(f, 'manager')}</Manager><HyperlinkBase>${m(f, 'hyperlinkbase')}</HyperlinkBase><TitlesOfParts><vt:vector size="1" baseType="lpstr"><vt:lpstr>${m(f, 'titlesofparts')}</vt:lpstr></vt:vector></TitlesOfParts></Properties>`,
    'docProps/custom.xml': `${XML}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="${m(f, 'customname')}"><vt:lpwstr>${m(f, 'customvalue')}</vt:lpwstr></property></Properties>`,
    'docProps/thumbnail.jpeg': thumbnail(m(f, 'thumbnail')),
  };
}

const RELS = (main: string, type: string) =>
  `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${main}"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/><Relationship Id="rId4" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties" Target="docProps/custom.xml"/><Relationship Id="rId5" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail" Target="docProps/thumbnail.jpeg"/></Relationships>`;

const TYPES = (overrides: string) =>
  `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="jpeg" ContentType="image/jpeg"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/><Override PartName="/docProps/custom.xml" ContentType="application/vnd.openxmlformats-officedocument.custom-properties+xml"/>${overrides}</Types>`;

const W =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml"';

async function docx(): Promise<MetadataFixture> {
  const f = 'docx';
  const places = [
    'title',
    'subject',
    'creator',
    'keywords',
    'description',
    'lastModifiedBy',
    'category',
    'contentStatus',
  ];
  const bytes = await zipOf({
    '[Content_Types].xml': TYPES(
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>',
    ),
    '_rels/.rels': RELS('word/document.xml', 'officeDocument'),
    ...docProps(f),
    'word/document.xml': `${XML}<w:document ${W}><w:body><w:p><w:r><w:t>BODYdocx</w:t></w:r><w:ins w:id="1" w:author="${m(f, 'insauthor')}" w:date="2026-01-01T00:00:00Z"><w:r><w:t>added</w:t></w:r></w:ins><w:del w:id="2" w:author="${m(f, 'delauthor')}" w:date="2026-01-01T00:00:00Z"><w:r><w:delText>gone</w:delText></w:r></w:del><w:commentRangeStart w:id="0"/><w:r><w:rPr><w:rPrChange w:id="3" w:author="${m(f, 'rprauthor')}"><w:rPr/></w:rPrChange></w:rPr><w:t>x</w:t></w:r><w:commentRangeEnd w:id="0"/></w:p></w:body></w:document>`,
    'word/comments.xml': `${XML}<w:comments ${W}><w:comment w:id="0" w:author="${m(f, 'commentauthor')}" w:initials="${m(f, 'initials')}" w:date="2026-01-01T00:00:00Z"><w:p><w:r><w:t>note</w:t></w:r></w:p></w:comment></w:comments>`,
    'word/people.xml': `${XML}<w15:people ${W}><w15:person w15:author="${m(f, 'person')}"><w15:presenceInfo w15:providerId="Windows Live" w15:userId="${m(f, 'userid')}"/></w15:person></w15:people>`,
    'word/_rels/settings.xml.rels': `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate" Target="file:///C:\\Users\\${m(f, 'templatepath')}\\Normal.dotm" TargetMode="External"/></Relationships>`,
  });
  const markers = [
    ...places.map((p) => m(f, p)),
    ...[
      'template',
      'company',
      'manager',
      'hyperlinkbase',
      'titlesofparts',
      'customname',
      'customvalue',
      'thumbnail',
    ].map((p) => m(f, p)),
    ...['insauthor', 'delauthor', 'rprauthor', 'commentauthor', 'initials', 'person', 'userid', 'templatepath'].map(
      (p) => m(f, p),
    ),
  ];
  return { name: 'fixture.docx', bytes, markers, body: 'BODYdocx' };
}

async function xlsx(): Promise<MetadataFixture> {
  const f = 'xlsx';
  const bytes = await zipOf({
    '[Content_Types].xml': TYPES(
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>',
    ),
    '_rels/.rels': RELS('xl/workbook.xml', 'officeDocument'),
    ...docProps(f),
    'xl/workbook.xml': `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:x15ac="http://schemas.microsoft.com/office/spreadsheetml/2010/11/ac"><fileSharing userName="${m(f, 'sharing')}"/><mc:AlternateContent><mc:Choice Requires="x15"><x15ac:absPath url="C:\\Users\\${m(f, 'abspath')}\\" /></mc:Choice></mc:AlternateContent><sheets><sheet name="BODYxlsx" sheetId="1"/></sheets></workbook>`,
    'xl/comments1.xml': `${XML}<comments xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><authors><author>${m(f, 'commentauthor')}</author></authors><commentList/></comments>`,
    'xl/persons/person.xml': `${XML}<personList xmlns="http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments"><person displayName="${m(f, 'person')}" id="{1}" userId="${m(f, 'userid')}" providerId="AD"/></personList>`,
    'xl/revisions/revisionHeaders.xml': `${XML}<headers xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><header guid="{1}" dateTime="2026-01-01T00:00:00" userName="${m(f, 'revision')}"/></headers>`,
  });
  const markers = [
    ...['title', 'subject', 'creator', 'keywords', 'description', 'lastModifiedBy', 'category', 'contentStatus'].map(
      (p) => m(f, p),
    ),
    ...[
      'template',
      'company',
      'manager',
      'hyperlinkbase',
      'titlesofparts',
      'customname',
      'customvalue',
      'thumbnail',
    ].map((p) => m(f, p)),
    ...['sharing', 'abspath', 'commentauthor', 'person', 'userid', 'revision'].map((p) => m(f, p)),
  ];
  return { name: 'fixture.xlsx', bytes, markers, body: 'BODYxlsx' };
}

async function pptx(): Promise<MetadataFixture> {
  const f = 'pptx';
  const P =
    'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';
  const bytes = await zipOf({
    '[Content_Types].xml': TYPES(
      '<Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>',
    ),
    '_rels/.rels': RELS('ppt/presentation.xml', 'officeDocument'),
    ...docProps(f),
    'ppt/presentation.xml': `${XML}<p:presentation ${P}/>`,
    'ppt/slides/slide1.xml': `${XML}<p:sld ${P}><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>BODYpptx</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`,
    'ppt/commentAuthors.xml': `${XML}<p:cmAuthorLst ${P}><p:cmAuthor id="1" name="${m(f, 'cmauthor')}" initials="${m(f, 'initials')}" lastIdx="1" clrIdx="0"/></p:cmAuthorLst>`,
    'ppt/authors.xml': `${XML}<p188:authorLst xmlns:p188="http://schemas.microsoft.com/office/powerpoint/2018/8/main"><p188:author id="{1}" name="${m(f, 'author')}" initials="AB" userId="${m(f, 'userid')}" providerId="AD"/></p188:authorLst>`,
  });
  const markers = [
    ...['title', 'subject', 'creator', 'keywords', 'description', 'lastModifiedBy', 'category', 'contentStatus'].map(
      (p) => m(f, p),
    ),
    ...[
      'template',
      'company',
      'manager',
      'hyperlinkbase',
      'titlesofparts',
      'customname',
      'customvalue',
      'thumbnail',
    ].map((p) => m(f, p)),
    ...['cmauthor', 'initials', 'author', 'userid'].map((p) => m(f, p)),
  ];
  return { name: 'fixture.pptx', bytes, markers, body: 'BODYpptx' };
}

async function odt(): Promise<MetadataFixture> {
  const f = 'odt';
  const NS =
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"';
  const places = [
    'initialcreator',
    'creator',
    'title',
    'subject',
    'description',
    'keyword',
    'userdefined',
    'template',
    'printedby',
  ];
  const bytes = await zipOf({
    mimetype: 'application/vnd.oasis.opendocument.text',
    'META-INF/manifest.xml': `${XML}<manifest:manifest ${NS} manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="meta.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="Thumbnails/thumbnail.png" manifest:media-type="image/png"/></manifest:manifest>`,
    'meta.xml': `${XML}<office:document-meta ${NS} office:version="1.3"><office:meta><meta:initial-creator>${m(f, 'initialcreator')}</meta:initial-creator><dc:creator>${m(f, 'creator')}</dc:creator><dc:title>${m(f, 'title')}</dc:title><dc:subject>${m(f, 'subject')}</dc:subject><dc:description>${m(f, 'description')}</dc:description><meta:keyword>${m(f, 'keyword')}</meta:keyword><meta:user-defined meta:name="k">${m(f, 'userdefined')}</meta:user-defined><meta:template xlink:href="${m(f, 'template')}.ott"/><meta:printed-by>${m(f, 'printedby')}</meta:printed-by></office:meta></office:document-meta>`,
    'content.xml': `${XML}<office:document-content ${NS} office:version="1.3"><office:body><office:text><text:tracked-changes><text:changed-region text:id="c1"><text:insertion><office:change-info><dc:creator>${m(f, 'changeauthor')}</dc:creator><dc:date>2026-01-01T00:00:00</dc:date></office:change-info></text:insertion></text:changed-region></text:tracked-changes><text:p>BODYodt<office:annotation><dc:creator>${m(f, 'annotationauthor')}</dc:creator><meta:creator-initials>${m(f, 'initials')}</meta:creator-initials><text:p>note</text:p></office:annotation></text:p></office:text></office:body></office:document-content>`,
    'Thumbnails/thumbnail.png': thumbnail(m(f, 'thumbnail')),
  });
  const markers = [...places, 'changeauthor', 'annotationauthor', 'initials', 'thumbnail'].map((p) => m(f, p));
  return { name: 'fixture.odt', bytes, markers, body: 'BODYodt' };
}

/** A PDF with every Info entry, a compressed XMP packet on the catalog and a page, a page thumbnail and a comment's author. */
function pdf(): Promise<MetadataFixture> {
  const f = 'pdf';
  const info = ['Title', 'Author', 'Subject', 'Keywords', 'Creator', 'Producer', 'Company'];
  const doc = new PDFDocument({
    compress: true,
    info: Object.fromEntries(info.map((k) => [k, m(f, k)])) as PDFKit.DocumentInfo,
  });
  const parts: Buffer[] = [];
  doc.on('data', (c: Buffer) => parts.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(parts))));
  doc.text('BODYpdf');
  const xmp = (who: string) =>
    `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/"><dc:creator><rdf:Seq><rdf:li>${who}</rdf:li></rdf:Seq></dc:creator><pdf:Keywords>${who}kw</pdf:Keywords></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
  const catalogXmp = doc.ref({ Type: 'Metadata', Subtype: 'XML' });
  catalogXmp.end(xmp(m(f, 'xmp')));
  const pageXmp = doc.ref({ Type: 'Metadata', Subtype: 'XML' });
  pageXmp.end(xmp(m(f, 'pagexmp')));
  const thumb = doc.ref({ Width: 1, Height: 1, ColorSpace: 'DeviceGray', BitsPerComponent: 8 });
  thumb.end(m(f, 'thumbnail'));
  (doc as any)._root.data.Metadata = catalogXmp;
  (doc as any).page.dictionary.data.Metadata = pageXmp;
  (doc as any).page.dictionary.data.Thumb = thumb;
  // String objects: pdfkit writes them as PDF strings (plain strings become names).
  const note = { Subtype: 'Text', Contents: new String('note'), T: new String(m(f, 'annotauthor')) };
  doc.annotate(50, 50, 20, 20, note as never);
  doc.end();
  const markers = [...info.map((k) => m(f, k)), m(f, 'xmp'), m(f, 'pagexmp'), m(f, 'thumbnail'), m(f, 'annotauthor')];
  return done.then((bytes) => ({ name: 'fixture.pdf', bytes, markers, body: 'BODYpdf' }));
}

/** The whole set: docx, xlsx, pptx, odt, pdf. */
export async function metadataFixtures(): Promise<MetadataFixture[]> {
  return [await docx(), await xlsx(), await pptx(), await odt(), await pdf()];
}

/**
 * Everything a reader of these bytes can get at, as text: a zip's entry names and contents (each
 * read again if it is itself a zip), a PDF's bytes, its inflated streams and its hex strings
 * decoded (one byte or UTF-16 a character).
 */
export async function everythingIn(bytes: Buffer): Promise<string> {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const out: string[] = [];
    for (const [name, data] of await zipEntries(bytes)) out.push(name, await everythingIn(data));
    return out.join('\n');
  }
  const raw = bytes.toString('latin1');
  if (!raw.startsWith('%PDF-')) return raw;
  const texts = [raw, ...pdfStreams(bytes)];
  const hex = texts.flatMap((t) => [...t.matchAll(/<([0-9A-Fa-f\s]{4,})>/g)].map((x) => x[1]!.replace(/\s+/g, '')));
  for (const h of hex) {
    const b = Buffer.from(h.length % 2 ? `${h}0` : h, 'hex');
    texts.push(b.toString('latin1'), b.length % 2 === 0 ? Buffer.from(b).swap16().toString('utf16le') : '');
  }
  return texts.join('\n');
}
