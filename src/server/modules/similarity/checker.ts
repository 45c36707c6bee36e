import { estimateJaccard } from './minhash.js';
import { bodiesOf, candidatesOf, docsByIds, featuresOf, type DocRow } from './indexStore.js';
import { overlap, shingleSet } from './shingles.js';
import type { Db } from '../../platform/db/tables.js';

/** An earlier document a checked one repeats: `score` is the share of the checked one's shingles it holds. */
export interface Match {
  doc: DocRow;
  score: number;
  samePerson: boolean;
}

export interface CheckOptions {
  boilerplate?: ReadonlySet<number>;
  /** Documents not to compare with (the same topic's own). */
  skip?: (doc: DocRow) => boolean;
  /** Only documents that came before this time (an earlier copy is the original, not the copy). */
  before?: number;
  ownerId?: number | null;
  person?: string | null;
  /** Matches below this share are not reported. */
  floor?: number;
  limit?: number;
}

/** Band candidates looked at, most shared bands first: well above what one text ever meets. */
const CANDIDATES = 400;
/** Candidates confirmed on their full text, best estimates first. */
const CONFIRM = 12;

/**
 * The earlier documents a text repeats, best first. The MinHash bands give the candidates; each
 * one's Jaccard estimate gives its likely containment, J(|Q|+|D|)/((1+J)|Q|); the likeliest are
 * confirmed on their stored text, exactly, so the score is the true share, not an estimate.
 */
export async function findMatches(db: Db, text: string, o: CheckOptions = {}): Promise<Match[]> {
  const floor = o.floor ?? 0.1;
  const q = featuresOf(text, o.boilerplate);
  if (!q.set.size) return [];
  const cands = await candidatesOf(db, q.bands, CANDIDATES);
  const docs = (
    await docsByIds(
      db,
      cands.map((c) => c.docId),
    )
  ).filter((d) => (o.before === undefined || d.firstAt < o.before) && !o.skip?.(d) && d.shingles > 0);
  const likely = docs
    .map((d) => {
      const j = estimateJaccard(q.signature, d.signature);
      return { d, c: (j * (q.set.size + d.shingles)) / ((1 + j) * q.set.size) };
    })
    .filter((x) => x.c >= floor / 2)
    .sort((a, b) => b.c - a.c)
    .slice(0, CONFIRM);
  const bodies = await bodiesOf(
    db,
    likely.map((x) => x.d.id),
  );
  const out: Match[] = [];
  for (const { d } of likely) {
    const body = bodies.get(d.id);
    if (body === undefined) continue;
    const score = overlap(q.set, shingleSet(body, o.boilerplate)) / q.set.size;
    if (score < floor) continue;
    const samePerson = (o.ownerId != null && d.ownerId === o.ownerId) || (o.person != null && d.person === o.person);
    out.push({ doc: d, score: Math.round(score * 1000) / 1000, samePerson });
  }
  return out.sort((a, b) => b.score - a.score).slice(0, o.limit ?? 5);
}
