import yauzl from 'yauzl';
import yazl from 'yazl';

/** Office Open XML documents (zip packages with docProps/core.xml and docProps/app.xml). */
const OFFICE = new Set(['docx', 'docm', 'dotx', 'xlsx', 'xlsm', 'xltx', 'pptx', 'pptm', 'potx', 'ppsx']);

/** Who wrote and edited an Office document: core.xml (creator, last modified by) and app.xml (company, manager). */
const CORE_PEOPLE = /<(dc:creator|cp:lastModifiedBy)(\s[^>]*)?(?:\/>|>[\s\S]*?<\/\1>)/g;
const APP_PEOPLE = /<(Company|Manager)(\s[^>]*)?(?:\/>|>[\s\S]*?<\/\1>)/g;

/** PDF Info entries that may name a person: Author, Creator (the program, often with a user's name), Producer. */
const PDF_INFO = /\/(Author|Creator|Producer)\s*(\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>)/g;
const PDF_INFO_REF = /\/(Author|Creator|Producer)\s+(\d+)\s+(\d+)\s+R/g;
/** A string object: literal or hex. */
const PDF_STRING = /\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>/g;
/** The same in the XMP packet. */
const PDF_XMP =
  /<dc:creator>[\s\S]*?<\/dc:creator>|<(pdf|xmp|photoshop):(Author|AuthorsPosition|Producer|CreatorTool)>[\s\S]*?<\/\1:\2>|(pdf|xmp):(Author|Producer|CreatorTool)="[^"]*"/g;

/** Which cleaning a file needs, from its suffix and its first bytes; null: none known. */
export function metadataKind(suffix: string, head: Buffer): 'office' | 'pdf' | null {
  const ext = suffix.toLowerCase().replace(/^\./, '');
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (OFFICE.has(ext) && head[0] === 0x50 && head[1] === 0x4b) return 'office';
  return null;
}

/**
 * Whether a stored object of this suffix and type is a document this module can clean (PDF, Office
 * Open XML). Anything else (video, audio, pictures) comes out of `stripAuthorMetadata` as it went
 * in, so it is served as stored, with ranges: a blind reader's player must seek too.
 */
export function mayCarryAuthor(suffix: string, contentType: string): boolean {
  const ext = suffix.toLowerCase().replace(/^\./, '');
  return ext === 'pdf' || OFFICE.has(ext) || contentType === 'application/pdf';
}

/**
 * A copy of a stored document without its author metadata, for readers who must not learn who
 * wrote it (the experts of a blind review): Office documents lose creator, last modified by,
 * company and manager; PDFs their Info Author, Creator and Producer and the XMP equivalents.
 * Anything else is returned as it is. The stored original is never touched.
 */
export async function stripAuthorMetadata(bytes: Buffer, suffix: string): Promise<Buffer> {
  const kind = metadataKind(suffix, bytes);
  if (kind === 'pdf') return stripPdfInfo(bytes);
  if (kind === 'office') {
    try {
      return await stripOfficeProperties(bytes);
    } catch {
      // Not a readable package after all (a damaged file): nothing recognisable to clean.
      return bytes;
    }
  }
  return bytes;
}

/**
 * Blanks the entries with spaces of the same length, so every object keeps its byte offset and
 * the cross-reference table stays true: no PDF library needed, and nothing else changes.
 */
export function stripPdfInfo(bytes: Buffer): Buffer {
  const text = bytes.toString('latin1');
  const blank = (m: string) => ' '.repeat(m.length);
  let out = text.replace(PDF_INFO, blank).replace(PDF_XMP, blank);
  // Entries given as a reference (`/Author 13 0 R`, as pdfkit writes them): blank the referenced string.
  for (const m of text.matchAll(PDF_INFO_REF)) {
    const obj = new RegExp(`(^|[^0-9])${m[2]}\\s+${m[3]}\\s+obj\\b`).exec(out);
    if (!obj) continue;
    const start = obj.index + obj[0].length;
    const end = out.indexOf('endobj', start);
    if (end < 0) continue;
    const body = out.slice(start, end).replace(PDF_STRING, (x) => x[0] + ' '.repeat(x.length - 2) + x.at(-1));
    out = out.slice(0, start) + body + out.slice(end);
  }
  return out === text ? bytes : Buffer.from(out, 'latin1');
}

/** The package re-zipped with the people removed from docProps/core.xml and docProps/app.xml. */
export async function stripOfficeProperties(bytes: Buffer): Promise<Buffer> {
  const entries = await readZip(bytes);
  const zip = new yazl.ZipFile();
  for (const e of entries) {
    let data = e.data;
    const name = e.name.toLowerCase();
    if (name === 'docprops/core.xml') data = Buffer.from(data.toString('utf8').replace(CORE_PEOPLE, ''), 'utf8');
    else if (name === 'docprops/app.xml') data = Buffer.from(data.toString('utf8').replace(APP_PEOPLE, ''), 'utf8');
    if (e.name.endsWith('/')) zip.addEmptyDirectory(e.name, { mtime: e.mtime });
    else zip.addBuffer(data, e.name, { mtime: e.mtime, compress: true });
  }
  zip.end();
  const parts: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts);
}

interface ZipEntry {
  name: string;
  mtime: Date;
  data: Buffer;
}

/** Every entry of a zip in memory, in its order (an Office package is small). */
function readZip(bytes: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('zip'));
      const out: ZipEntry[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) {
          out.push({ name: entry.fileName, mtime: entry.getLastModDate(), data: Buffer.alloc(0) });
          return zip.readEntry();
        }
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('zip entry'));
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            out.push({ name: entry.fileName, mtime: entry.getLastModDate(), data: Buffer.concat(parts) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
