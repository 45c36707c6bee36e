import zlib from 'node:zlib';

/**
 * For tests: the text a PDF shows, read without a PDF library. Streams are inflated, the fonts'
 * ToUnicode maps (bfchar and bfrange, as pdfkit and LibreOffice write them) turn the hex glyph
 * codes of Tj / TJ back into characters; literal strings are taken as they are. Enough to say
 * whether a generated document contains a name; not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const streams = pdfStreams(pdf);
  const map = new Map<string, string>();
  for (const s of streams) if (s.includes('begincmap')) readCMap(s, map);
  const width = map.size ? [...map.keys()][0]!.length : 2;
  const decode = (hex: string) => {
    const h = hex.replace(/\s+/g, '');
    // No ToUnicode map: a standard font, one byte per character.
    if (!map.size) return Buffer.from(h, 'hex').toString('latin1');
    let out = '';
    for (let i = 0; i < h.length; i += width) out += map.get(h.slice(i, i + width).toUpperCase()) ?? '';
    return out;
  };
  const lines: string[] = [];
  for (const s of streams) {
    if (s.includes('begincmap') || !/T[jJ]/.test(s)) continue;
    let line = '';
    for (const m of s.matchAll(/<([0-9A-Fa-f\s]*)>|\(((?:\\.|[^\\)])*)\)|(T[jJ*'"]|ET)/g)) {
      if (m[1] !== undefined) line += decode(m[1]);
      else if (m[2] !== undefined) line += m[2].replace(/\\(.)/g, '$1');
      else if (m[3] === 'ET') {
        lines.push(line);
        line = '';
      }
    }
    if (line) lines.push(line);
  }
  return lines.join('\n');
}

/** Every stream's content, inflated when it is Flate-encoded. */
export function pdfStreams(pdf: Buffer): string[] {
  const out: string[] = [];
  const text = pdf.toString('latin1');
  const re = /<<((?:[^<>]|<(?!<)|<<(?:[^<>]|<(?!<))*>>)*)>>\s*stream\r?\n/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(m[1]!)) {
      try {
        out.push(zlib.inflateSync(raw, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString('latin1'));
      } catch {
        /* not a stream we can read (an image, say) */
      }
    } else out.push(raw.toString('latin1'));
    re.lastIndex = end;
  }
  return out;
}

/** UTF-16BE hex (with surrogate pairs) to a string. */
function utf16(hex: string): string {
  const codes: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) codes.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...codes);
}

function readCMap(s: string, map: Map<string, string>): void {
  for (const block of s.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      map.set(m[1]!.toUpperCase(), utf16(m[2]!));
  for (const block of s.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(\[[^\]]*\]|<[0-9A-Fa-f]+>)/g)) {
      const lo = parseInt(m[1]!, 16);
      const hi = parseInt(m[2]!, 16);
      const w = m[1]!.length;
      const key = (n: number) => n.toString(16).toUpperCase().padStart(w, '0');
      if (m[3]!.startsWith('[')) {
        const items = [...m[3]!.matchAll(/<([0-9A-Fa-f]+)>/g)].map((x) => x[1]!);
        items.forEach((u, i) => map.set(key(lo + i), utf16(u)));
      } else {
        const base = m[3]!.slice(1, -1);
        const first = parseInt(base.slice(-4), 16);
        for (let n = lo; n <= hi; n++)
          map.set(key(n), utf16(base.slice(0, -4) + (first + n - lo).toString(16).padStart(4, '0')));
      }
    }
  }
}
