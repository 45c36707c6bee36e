import { lettersOf, shingleHashes } from './shingles.js';

/** A passage of the checked document and the passage of the earlier one it matches. */
export interface Passage {
  ours: string;
  theirs: string;
  /** Share of the passage's shingles found in the earlier passage. */
  share: number;
}

/**
 * Sentences of a text, by the marks that end one and by blank lines. A single line break does not
 * end one: pdftotext breaks lines where the page did, mid-sentence.
 */
export function sentences(text: string): string[] {
  const joined = text.replace(/[ \t]*\r?\n[ \t]*(?!\s*\n)/g, (m, offset: number) =>
    /[。！？；!?;]$/.test(text.slice(0, offset).trimEnd()) ? '\n' : '',
  );
  return (joined.match(/[^。！？；!?;\n]+[。！？；!?;]?/g) ?? []).map((s) => s.trim()).filter(Boolean);
}

const MIN_LETTERS = 8;
/** A sentence matches when this share of its shingles (boilerplate aside) is in one sentence of the other text. */
const SENTENCE_SHARE = 0.5;
const MAX_PASSAGES = 30;
const RUN = 3;

function sentenceShingles(s: string, boilerplate?: ReadonlySet<number>): Set<number> {
  const { chars } = lettersOf(s);
  if (chars.length < MIN_LETTERS) return new Set();
  const out = new Set<number>();
  for (const h of shingleHashes(chars)) if (!boilerplate?.has(h)) out.add(h);
  return out;
}

/**
 * The passages two texts share, side by side: each sentence of `ours` is paired with the sentence
 * of `theirs` holding most of its shingles, when that is at least half of them (a reworded or
 * moved sentence still pairs); runs of up to three paired sentences whose partners follow each
 * other join into one passage. Boilerplate shingles count for neither side.
 */
export function matchingPassages(ours: string, theirs: string, boilerplate?: ReadonlySet<number>): Passage[] {
  const theirSentences = sentences(theirs);
  const postings = new Map<number, number[]>();
  theirSentences.forEach((s, i) => {
    for (const h of sentenceShingles(s, boilerplate)) {
      const list = postings.get(h);
      if (list) list.push(i);
      else postings.set(h, [i]);
    }
  });
  const pairs: { ours: string; theirs: number | null; hit: number; size: number }[] = sentences(ours).map((s) => {
    const set = sentenceShingles(s, boilerplate);
    const count = new Map<number, number>();
    for (const h of set) for (const i of postings.get(h) ?? []) count.set(i, (count.get(i) ?? 0) + 1);
    let best: number | null = null;
    let hit = 0;
    for (const [i, n] of count) if (n > hit) [best, hit] = [i, n];
    return set.size && hit / set.size >= SENTENCE_SHARE
      ? { ours: s, theirs: best, hit, size: set.size }
      : { ours: s, theirs: null, hit: 0, size: set.size };
  });
  const out: Passage[] = [];
  let run: typeof pairs = [];
  const flush = () => {
    if (!run.length) return;
    const theirIdx = [...new Set(run.map((p) => p.theirs as number))].sort((a, b) => a - b);
    const size = run.reduce((n, p) => n + p.size, 0);
    out.push({
      ours: run.map((p) => p.ours).join(''),
      theirs: theirIdx.map((i) => theirSentences[i]).join(''),
      share: Math.round((run.reduce((n, p) => n + p.hit, 0) / Math.max(1, size)) * 100) / 100,
    });
    run = [];
  };
  for (const p of pairs) {
    const last = run.at(-1);
    // A passage follows the other text in order, a few sentences at most, so each pair reads side by side.
    if (p.theirs === null || (last && (Math.abs(p.theirs - (last.theirs as number)) > 1 || run.length >= RUN))) flush();
    if (p.theirs !== null) run.push(p);
  }
  flush();
  return out.slice(0, MAX_PASSAGES);
}
