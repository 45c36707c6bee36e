import type { StoredRecord } from '../../platform/records/RecordStore.js';

/**
 * The names experts of a blind batch give each other for one reviewed record: 专家1, 专家2… by the
 * order their tasks were made (review id), so a name stays the same for everyone and over time in
 * the peer reviews and the discussion alike.
 */
export function blindNames(reviewsOfTarget: StoredRecord[]): Map<number, string> {
  const ids = reviewsOfTarget.map((r) => r.id).sort((a, b) => a - b);
  return new Map(ids.map((id, i) => [id, `专家${i + 1}`]));
}
