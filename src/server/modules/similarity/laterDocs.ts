import { estimateJaccard } from './minhash.js';
import { bodiesOf, candidatesOf, docsByIds, featuresOf, type IndexDoc } from './indexStore.js';
import { overlap, shingleSet } from './shingles.js';
import type { Db } from '../../platform/db/tables.js';

const CANDIDATES = 400;
const CONFIRM = 12;

/**
 * A document indexed late (its record re-indexed, or the index filled after the fact) may be the
 * original of documents indexed before it: each later document it now holds more of than of its
 * best earlier match gets it as its best match.
 */
export async function recheckLater(
  db: Db,
  docId: number,
  doc: Pick<IndexDoc, 'text' | 'topicId' | 'entity' | 'recordId' | 'ownerId' | 'person'>,
  at: number,
  boilerplate?: ReadonlySet<number>,
): Promise<void> {
  const f = featuresOf(doc.text, boilerplate);
  if (!f.set.size) return;
  const cands = await candidatesOf(db, f.bands, CANDIDATES);
  const later = (
    await docsByIds(
      db,
      cands.map((c) => c.docId),
    )
  ).filter(
    (d) =>
      d.firstAt > at &&
      d.shingles > 0 &&
      !(doc.topicId !== null && d.topicId === doc.topicId) &&
      !(d.entity === doc.entity && d.recordId === doc.recordId),
  );
  const likely = later
    .map((d) => {
      const j = estimateJaccard(f.signature, d.signature);
      return { d, c: (j * (d.shingles + f.set.size)) / ((1 + j) * d.shingles) };
    })
    .filter((x) => x.c >= 0.05)
    .sort((a, b) => b.c - a.c)
    .slice(0, CONFIRM);
  if (!likely.length) return;
  const ids = likely.map((x) => x.d.id);
  const bodies = await bodiesOf(db, ids);
  const bests = new Map(
    (await db.selectFrom('similarity_docs').select(['id', 'best_score']).where('id', 'in', ids).execute()).map((r) => [
      Number(r.id),
      r.best_score == null ? 0 : Number(r.best_score),
    ]),
  );
  for (const { d } of likely) {
    const set = shingleSet(bodies.get(d.id) ?? '', boilerplate);
    if (!set.size) continue;
    const score = Math.round((overlap(set, f.set) / set.size) * 1000) / 1000;
    if (score <= (bests.get(d.id) ?? 0)) continue;
    const samePerson =
      (doc.ownerId != null && d.ownerId === doc.ownerId) || (doc.person != null && d.person === doc.person);
    await db
      .updateTable('similarity_docs')
      .set({ best_score: score, best_doc_id: docId, best_same_person: Number(samePerson) })
      .where('id', '=', d.id)
      .execute();
  }
}
