import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRef,
  PDFStream,
  PDFString,
  type PDFContext,
  type PDFObject,
} from 'pdf-lib';

/** An uncompressed XMP packet, whole. */
const XMP_PACKET = /<\?xpacket begin=[\s\S]*?<\?xpacket end=[^>]*\?>/g;

const T = PDFName.of('T');
const TYPE = PDFName.of('Type');
const SUBTYPE = PDFName.of('Subtype');
/** Keys whose values describe the document or who made it, on any dictionary: metadata streams, thumbnails, application data. */
const DROPPED = ['Metadata', 'Thumb', 'PieceInfo'].map((k) => PDFName.of(k));

/**
 * A PDF without its document information (every Info entry), its XMP metadata (compressed or
 * not, on the catalog or any page or object), page thumbnails, application data and the authors of
 * its annotations (comments, highlights: /T), written anew. A file this cannot read (damaged,
 * encrypted) is cleaned byte for byte instead (stripPdfBytes).
 */
export async function stripPdf(bytes: Buffer): Promise<Buffer> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return stripPdfBytes(bytes);
  }
  if (doc.isEncrypted) return stripPdfBytes(bytes);
  const context = doc.context;
  const info = context.trailerInfo.Info;
  if (info instanceof PDFRef) context.delete(info);
  context.trailerInfo.Info = undefined;
  for (const [ref, obj] of context.enumerateIndirectObjects()) {
    const dict = obj instanceof PDFDict ? obj : obj instanceof PDFStream ? obj.dict : null;
    if (!dict) continue;
    if (dict.get(TYPE) === PDFName.of('Metadata')) {
      context.delete(ref);
      continue;
    }
    for (const key of DROPPED) dict.delete(key);
    // A markup annotation's /T is its author; a form field's /T is its name and stays.
    const subtype = dict.get(SUBTYPE);
    if (dict.has(T) && subtype instanceof PDFName && subtype !== PDFName.of('Widget') && dict.has(PDFName.of('Rect')))
      dict.set(T, PDFString.of(''));
  }
  dropUnreachable(context);
  try {
    return Buffer.from(await doc.save({ useObjectStreams: false, updateFieldAppearances: false }));
  } catch {
    return stripPdfBytes(bytes);
  }
}

/**
 * Deletes every object the document no longer reaches from its catalog: what the Info dictionary,
 * a metadata stream or a thumbnail referred to would otherwise still be written out.
 */
function dropUnreachable(context: PDFContext): void {
  const seen = new Set<string>();
  const stack: PDFObject[] = [];
  if (context.trailerInfo.Root) stack.push(context.trailerInfo.Root);
  while (stack.length) {
    const o = stack.pop()!;
    if (o instanceof PDFRef) {
      if (seen.has(o.tag)) continue;
      seen.add(o.tag);
      const target = context.lookup(o);
      if (target) stack.push(target);
    } else if (o instanceof PDFDict) stack.push(...o.values());
    else if (o instanceof PDFStream) stack.push(...o.dict.values());
    else if (o instanceof PDFArray) stack.push(...o.asArray());
  }
  for (const [ref] of context.enumerateIndirectObjects()) if (!seen.has(ref.tag)) context.delete(ref);
}

/**
 * The fallback for a PDF that cannot be parsed: the well-known document information entries (key
 * and value, or the string they refer to) and every uncompressed XMP packet, blanked with spaces of the same
 * length, so every object keeps its byte offset and the cross-reference table stays true. A
 * compressed metadata stream is emptied the same way (its bytes and its filter become spaces).
 */
export function stripPdfBytes(bytes: Buffer): Buffer {
  const text = bytes.toString('latin1');
  const blank = (m: string) => ' '.repeat(m.length);
  let out = text.replace(XMP_PACKET, blank);
  out = out.replace(INFO_BY_KEY, blank);
  out = blankReferencedInfo(out);
  out = out.replace(
    /(\bobj\s*<<(?:(?!endobj)[\s\S])*?\/Type\s*\/Metadata(?:(?!endobj)[\s\S])*?)stream(\r?\n)([\s\S]*?)endstream/g,
    (_m: string, dict: string, eol: string, data: string) =>
      `${dict.replace(/\/Filter\s*\/\w+|\/DecodeParms\s*<<[^>]*>>/g, blank)}stream${eol}${blank(data)}endstream`,
  );
  return out === text ? bytes : Buffer.from(out, 'latin1');
}

/** The well-known Info keys, wherever they appear (a dictionary without /Producer too). */
const INFO_BY_KEY =
  /\/(?:Author|Creator|Producer|Title|Subject|Keywords|Company|Manager|SourceModified)\s*(\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>)/g;
const INFO_REF = /\/(?:Author|Creator|Producer|Title|Subject|Keywords|Company|Manager)\s+(\d+)\s+(\d+)\s+R/g;
const PDF_STRING = /\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>/g;

/** Entries given as a reference (`/Author 13 0 R`, as pdfkit writes them): the referenced string blanked. */
function blankReferencedInfo(text: string): string {
  let out = text;
  for (const m of text.matchAll(INFO_REF)) {
    const obj = new RegExp(`(^|[^0-9])${m[1]}\\s+${m[2]}\\s+obj\\b`).exec(out);
    if (!obj) continue;
    const start = obj.index + obj[0].length;
    const end = out.indexOf('endobj', start);
    if (end < 0) continue;
    const body = out.slice(start, end).replace(PDF_STRING, (x) => x[0] + ' '.repeat(x.length - 2) + x.at(-1));
    out = out.slice(0, start) + body + out.slice(end);
  }
  return out;
}
