import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import yazl from 'yazl';

/**
 * Files that try to make a converter read something other than themselves: images linked by path
 * and by URL, fields that include other files, linked objects, playlists posing as media. Each
 * names the secrets written by `writeSecrets` (or the listener's URL); a preview made from them
 * must show none of the secrets' content and the listener must see no connection.
 */
export interface Secrets {
  dir: string;
  /** A line of text found in no sample: its appearance in a preview means a file was read. */
  marker: string;
  text: string;
  png: string;
  odt: string;
  media: string;
}

/** A 16×16 PNG of one colour, written without an image library. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(16, 0);
  ihdr.writeUInt32BE(16, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: 16 }, () => Buffer.from([0, ...Array(16).fill([200, 30, 30]).flat()])),
  );
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function zip(entries: [string, string | Buffer][]): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const [name, body] of entries)
    z.addBuffer(Buffer.isBuffer(body) ? body : Buffer.from(body), name, { compress: name !== 'mimetype' });
  z.end();
  const parts: Buffer[] = [];
  for await (const c of z.outputStream as AsyncIterable<Buffer>) parts.push(c);
  return Buffer.concat(parts);
}

const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.2"';

/** An OpenDocument text whose body is `body` (ODF XML). Named .doc, LibreOffice reads it by its content. */
export function odtSample(body: string): Promise<Buffer> {
  const manifest = `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`;
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS}><office:body><office:text>${body}</office:text></office:body></office:document-content>`;
  return zip([
    ['mimetype', 'application/vnd.oasis.opendocument.text'],
    ['META-INF/manifest.xml', manifest],
    ['content.xml', content],
  ]);
}

/**
 * A Word document with a picture and an object whose bytes are not in it but linked (`target`: a
 * path or URL), and a field that includes a text (`text`).
 */
export function docxLinks(target: string, text: string): Promise<Buffer> {
  const types = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
  const rels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
  const docRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId5" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${target}" TargetMode="External"/><Relationship Id="rId6" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/oleObject" Target="${target}" TargetMode="External"/></Relationships>`;
  const size = 'cx="1828800" cy="1828800"';
  const doc = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body><w:p><w:r><w:t>课题材料</w:t></w:r></w:p><w:p><w:r><w:drawing><wp:inline><wp:extent ${size}/><wp:docPr id="1" name="图片 1"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="p.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="rId5"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext ${size}/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p><w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> INCLUDETEXT "${text}" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>-</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p></w:body></w:document>`;
  return zip([
    ['[Content_Types].xml', types],
    ['_rels/.rels', rels],
    ['word/document.xml', doc],
    ['word/_rels/document.xml.rels', docRels],
  ]);
}

/** An RTF document of fields that fetch a picture and include a text (`{pic}`, `{text}`: paths or URLs). */
export function rtfFields(pic: string, text: string): Buffer {
  const esc = (s: string) => s.replace(/\\/g, '\\\\');
  return Buffer.from(
    `{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Arial;}}\\f0 Report\\par` +
      `{\\field{\\*\\fldinst { INCLUDEPICTURE "${esc(pic)}" \\\\d }}{\\fldrslt {}}}\\par` +
      `{\\field{\\*\\fldinst { INCLUDETEXT "${esc(text)}" }}{\\fldrslt {-}}}\\par` +
      `{\\field{\\*\\fldinst { INCLUDEPICTURE "${esc(pic)}" }}{\\fldrslt {}}}\\par}`,
    'latin1',
  );
}

/** ODF bodies that link a picture, a section of text and an object from outside the file. */
export function odtLinks(pic: string, text: string, object: string): Promise<Buffer> {
  return odtSample(
    `<text:p>课题材料</text:p>` +
      `<text:p><draw:frame draw:name="p" svg:width="4cm" svg:height="4cm"><draw:image xlink:href="${pic}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>` +
      `<text:section text:name="s1"><text:section-source xlink:href="${text}" xlink:type="simple"/><text:p>-</text:p></text:section>` +
      `<text:p><draw:frame draw:name="o" svg:width="8cm" svg:height="4cm"><draw:object xlink:href="${object}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p>`,
  );
}

/** An HLS playlist (or ffconcat list) posing as a video: its segments are the secret media or a URL. */
export function playlist(kind: 'hls' | 'concat', segment: string): Buffer {
  return Buffer.from(
    kind === 'hls'
      ? `#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:4.0,\n${segment}\n#EXT-X-ENDLIST\n`
      : `ffconcat version 1.0\nfile '${segment}'\n`,
  );
}

/**
 * The files hostile samples point at, in `dir` (outside any job's folder): a text and an ODF
 * document with the marker, a picture, and a short MPEG-TS whose audio a conversion would carry.
 */
export async function writeSecrets(dir: string): Promise<Secrets> {
  fs.mkdirSync(dir, { recursive: true });
  const marker = `SECRETMARKER${crypto.randomBytes(6).toString('hex').toUpperCase()}`;
  const s: Secrets = {
    dir,
    marker,
    text: path.join(dir, 'notes.txt'),
    png: path.join(dir, 'photo.png'),
    odt: path.join(dir, 'other.odt'),
    media: path.join(dir, 'clip.ts'),
  };
  fs.writeFileSync(s.text, `${marker}\n`);
  fs.writeFileSync(s.png, png());
  fs.writeFileSync(s.odt, await odtSample(`<text:p>${marker}</text:p>`));
  execFileSync('ffmpeg', [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=3',
    '-c:a',
    'aac',
    '-f',
    'mpegts',
    s.media,
  ]);
  return s;
}
