/**
 * Characters XML 1.0 cannot hold: C0 controls but tab, line feed and carriage return, U+FFFE,
 * U+FFFF, and UTF-16 surrogates that are not part of a pair. A .docx holding one is refused by
 * Word, so they are taken out of every text on save and again when a document is written.
 */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function hasNonXmlChars(text: string): boolean {
  NOT_XML.lastIndex = 0;
  const found = NOT_XML.test(text);
  NOT_XML.lastIndex = 0;
  return found;
}

export function stripNonXmlChars(text: string): string {
  return text.replace(NOT_XML, '');
}

/** Every string inside a value (lists and objects too, keys included), stripped. */
export function stripNonXmlDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return stripNonXmlChars(value);
  if (depth > 32 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => stripNonXmlDeep(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[stripNonXmlChars(k)] = stripNonXmlDeep(v, depth + 1);
  return out;
}
