/**
 * The text model of the duplicate check: a document is the sequence of its letters (Chinese
 * characters, Latin letters lower-cased, digits), punctuation and white space dropped, so a
 * reformatted copy reads the same; its features are the hashes of every run of `SHINGLE` letters
 * (character n-grams, which need no word segmenter and survive a synonym swap better than
 * word n-grams: a two-character word replaced breaks only the n-grams that touch it).
 */
export const SHINGLE = 3;

/** The letters of a text and, for each, its offset in the text (to quote passages from the original). */
export interface Letters {
  chars: string;
  offsets: Int32Array;
}

const LETTER = /[\p{Script=Han}\p{L}\p{N}]/u;

export function lettersOf(text: string): Letters {
  const norm = text.normalize('NFKC');
  const chars: string[] = [];
  const offsets: number[] = [];
  let i = 0;
  for (const ch of norm) {
    if (LETTER.test(ch)) {
      chars.push(ch.toLowerCase());
      offsets.push(i);
    }
    i += ch.length;
  }
  return { chars: chars.join(''), offsets: Int32Array.from(offsets) };
}

/** The 32-bit FNV-1a hash of `k` characters of `s` from `at`. */
function fnv(s: string, at: number, k: number): number {
  let h = 0x811c9dc5;
  for (let i = at; i < at + k; i++) {
    const c = s.charCodeAt(i);
    h = Math.imul(h ^ (c & 0xff), 0x01000193);
    h = Math.imul(h ^ (c >>> 8), 0x01000193);
  }
  return h >>> 0;
}

/** The hash of the shingle starting at each letter (one fewer than SHINGLE - 1 of them). */
export function shingleHashes(chars: string, k = SHINGLE): Uint32Array {
  const n = Math.max(0, chars.length - k + 1);
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = fnv(chars, i, k);
  return out;
}

/** The distinct shingles of a text, less those of `exclude` (the notice's template and the form's fixed text). */
export function shingleSet(text: string, exclude?: ReadonlySet<number>): Set<number> {
  const set = new Set<number>();
  for (const h of shingleHashes(lettersOf(text).chars)) if (!exclude?.has(h)) set.add(h);
  return set;
}

/** |a ∩ b|, walking the smaller set. */
export function overlap(a: ReadonlySet<number>, b: ReadonlySet<number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let n = 0;
  for (const h of small) if (large.has(h)) n++;
  return n;
}
