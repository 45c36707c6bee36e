import yauzl from 'yauzl';
import { zipBuffer, type ZipPart } from './zip.js';

/** Office Open XML packages. */
export const OOXML = new Set(['docx', 'docm', 'dotx', 'xlsx', 'xlsm', 'xltx', 'pptx', 'pptm', 'potx', 'ppsx']);
/** OpenDocument packages. */
export const ODF = new Set(['odt', 'ods', 'odp', 'ott', 'ots', 'otp']);

/** Attributes that name a person in any part: comment and tracked-change authors, people, revisions, sharing. */
const PERSON_ATTRS =
  /(\s(?:[\w-]+:)?(?:author|initials|userName|displayName|userId|providerId|lastModifiedBy|creator)=)("[^"]*"|'[^']*')/g;
/** PowerPoint comment authors carry the name in `name` (p:cmAuthor, p188:author). */
const PPT_AUTHOR = /(<(?:p:cmAuthor|p188:author)\b[^>]*?\sname=)("[^"]*"|'[^']*')/g;
/** Elements whose text names a person: Excel comment authors, ODF annotation and change creators. */
const PERSON_TEXT = /<((?:dc:creator|meta:creator-initials|author))>[\s\S]*?<\/\1>/g;
/** Where a document was saved (C:\Users\<name>\…): Excel's absPath, a linked template. */
const SAVED_PATH = /<x15ac:absPath\b[^>]*\/>|<x15ac:absPath\b[\s\S]*?<\/x15ac:absPath>/g;

/** A document property part emptied to its root element (every property gone, namespaces kept). */
function emptyRoot(xml: string): string {
  const decl = /^\s*<\?xml[^>]*\?>\s*/.exec(xml)?.[0] ?? '';
  const rest = xml.slice(decl.length);
  const open = /^<([\w:.-]+)([^>]*?)\/?>/.exec(rest);
  if (!open) return xml;
  return `${decl}<${open[1]}${open[2]}></${open[1]}>`;
}

/** ODF meta.xml with its office:meta emptied (creator, title, subject, description, keywords, template, user-defined). */
function emptyOdfMeta(xml: string): string {
  return xml.replace(/<office:meta\b[^>]*\/>|<office:meta\b[^>]*>[\s\S]*?<\/office:meta>/, '<office:meta/>');
}

/** Any XML part with the people in it blanked (attribute values and element texts emptied). */
function blankPeople(xml: string): string {
  return xml
    .replace(PERSON_ATTRS, '$1""')
    .replace(PPT_AUTHOR, '$1""')
    .replace(PERSON_TEXT, '<$1></$1>')
    .replace(SAVED_PATH, '');
}

const THUMBNAIL = /^(docProps\/thumbnail\.[^/]+|Thumbnails\/[^/]+)$/i;

/**
 * The parts of a package as a blind reader gets them: document properties (core, app, custom; ODF
 * meta) emptied of people, titles, subjects, descriptions, keywords, categories, company, manager,
 * template and custom properties; every comment, tracked-change and person author blanked in every
 * part; thumbnails (a picture of the first page) dropped, with their relationship and manifest entry;
 * a linked template's path (which names the user's folder) removed.
 */
function cleanPart(name: string, data: Buffer): Buffer | null {
  if (THUMBNAIL.test(name)) return null;
  const lower = name.toLowerCase();
  if (!/\.(xml|rels)$/.test(lower)) return data;
  let xml = data.toString('utf8');
  if (lower === 'docprops/core.xml' || lower === 'docprops/custom.xml') xml = emptyRoot(xml);
  else if (lower === 'docprops/app.xml')
    xml = xml.replace(
      /<(Company|Manager|Template|HyperlinkBase|TitlesOfParts|HeadingPairs)\b[^>]*(?:\/>|>[\s\S]*?<\/\1>)/g,
      '',
    );
  else if (lower === 'meta.xml') xml = emptyOdfMeta(xml);
  else if (lower === '_rels/.rels') xml = xml.replace(/<Relationship\b[^>]*Target="[^"]*thumbnail[^"]*"[^>]*\/>/gi, '');
  else if (lower === 'meta-inf/manifest.xml')
    xml = xml.replace(/<manifest:file-entry\b[^>]*manifest:full-path="Thumbnails\/[^"]*"[^>]*\/>/g, '');
  else if (lower === '[content_types].xml')
    xml = xml.replace(/<Override\b[^>]*PartName="\/docProps\/thumbnail[^"]*"[^>]*\/>/gi, '');
  else if (lower.endsWith('settings.xml.rels'))
    xml = xml.replace(/(<Relationship\b[^>]*\/attachedTemplate"[^>]*Target=)"[^"]*"/g, '$1""');
  xml = blankPeople(xml);
  return Buffer.from(xml, 'utf8');
}

/** The package re-zipped clean (see cleanPart); ODF's `mimetype` stays first and stored, as the format asks. */
export async function stripPackage(bytes: Buffer): Promise<Buffer> {
  const parts: ZipPart[] = [];
  for (const e of await readZip(bytes)) {
    if (e.name.endsWith('/')) {
      parts.push({ name: e.name, mtime: e.mtime });
      continue;
    }
    const data = cleanPart(e.name, e.data);
    if (data) parts.push({ name: e.name, data, mtime: e.mtime, compress: e.name !== 'mimetype' });
  }
  return zipBuffer(parts);
}

export interface ZipEntry {
  name: string;
  mtime: Date;
  data: Buffer;
}

/** Every entry of a zip in memory, in its order (an Office package is small). */
export function readZip(bytes: Buffer): Promise<ZipEntry[]> {
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
