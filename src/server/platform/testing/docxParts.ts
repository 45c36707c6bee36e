import { Readable } from 'node:stream';
import yazl from 'yazl';

const TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

/** A Word document whose body is `mb` megabytes of one repeated paragraph, streamed into the zip. */
export async function docxParts(mb: number): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(TYPES), '[Content_Types].xml');
  zip.addBuffer(Buffer.from(RELS), '_rels/.rels');
  const para = Buffer.from('<w:p><w:r><w:t>课题研究过程记录，反复出现的段落。</w:t></w:r></w:p>'.repeat(2000));
  const count = Math.ceil((mb * 1024 * 1024) / para.length);
  const head =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
  function* body() {
    yield Buffer.from(head);
    for (let i = 0; i < count; i++) yield para;
    yield Buffer.from('</w:body></w:document>');
  }
  zip.addReadStream(Readable.from(body()), 'word/document.xml');
  zip.end();
  const parts: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts);
}
