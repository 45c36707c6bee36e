import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMatches } from './checker.js';
import { alteredCopies, sameSubjectTexts } from './corpus.js';
import { DEMO_REPORTS, reportText } from './demoTexts.js';
import { putDoc } from './indexStore.js';
import { DEFAULT_THRESHOLD } from './policy.js';
import { scratchDatabase } from './testIndex.js';

let database: Awaited<ReturnType<typeof scratchDatabase>>;
const ids: number[] = [];

beforeAll(async () => {
  database = await scratchDatabase();
  for (const [i, r] of DEMO_REPORTS.entries()) {
    const { id } = await putDoc(
      database.db,
      {
        docKey: `topic:${i + 1}:conclusionReport:1`,
        entity: 'topic',
        recordId: i + 1,
        topicId: i + 1,
        field: 'conclusionReport',
        label: '结题报告.pdf',
        ownerId: i + 1,
        person: null,
        noticeId: null,
        text: reportText(r),
        at: 1000 + i,
      },
      undefined,
      '',
    );
    ids.push(id);
  }
}, 60_000);

afterAll(async () => {
  await database?.drop();
});

/**
 * The corpus: every demo report indexed; as checked documents, three rounds of altered copies of
 * each (sentences reordered; 10, 20 and 30% of the words replaced by near-synonyms; paragraphs
 * inserted; paragraphs deleted; all of these at once), texts on the same subjects that copy
 * nothing, and each report against the others. A copy is found when its best match at the
 * default threshold is its own source; a flag on anything else is a false one.
 */
describe('duplicate check on the corpus', () => {
  it('finds the altered copies and flags nothing else at the default threshold', async () => {
    const copies = alteredCopies(3);
    const unrelated = sameSubjectTexts(4);
    const byKind = new Map<string, { found: number; all: number; least: number }>();
    let truePositive = 0;
    let falsePositive = 0;
    for (const c of copies) {
      const [best] = await findMatches(database.db, c.text, { floor: DEFAULT_THRESHOLD });
      const found = best?.doc.id === ids[c.source];
      if (found) truePositive++;
      else if (best) falsePositive++;
      const k = byKind.get(c.kind) ?? { found: 0, all: 0, least: 1 };
      k.all++;
      if (found) k.found++;
      k.least = Math.min(k.least, best?.score ?? 0);
      byKind.set(c.kind, k);
    }
    let unrelatedFlagged = 0;
    let unrelatedTop = 0;
    for (const u of unrelated) {
      const [best] = await findMatches(database.db, u.text, { floor: 0.01 });
      unrelatedTop = Math.max(unrelatedTop, best?.score ?? 0);
      if (best && best.score >= DEFAULT_THRESHOLD) unrelatedFlagged++;
    }
    for (const [i, r] of DEMO_REPORTS.entries()) {
      const [best] = await findMatches(database.db, reportText(r), {
        floor: DEFAULT_THRESHOLD,
        skip: (d) => d.id === ids[i],
      });
      if (best) unrelatedFlagged++;
    }
    falsePositive += unrelatedFlagged;
    const recall = truePositive / copies.length;
    const precision = truePositive / Math.max(1, truePositive + falsePositive);
    const lines = [
      `查重语料：${DEMO_REPORTS.length} 篇原文，${copies.length} 篇改写副本，${unrelated.length} 篇同主题无关文本，${DEMO_REPORTS.length} 篇原文互查；默认阈值 ${DEFAULT_THRESHOLD * 100}%`,
      ...[...byKind].map(
        ([kind, k]) => `  ${kind}：检出 ${k.found}/${k.all}，最低重复率 ${(k.least * 100).toFixed(1)}%`,
      ),
      `  同主题无关文本最高重复率 ${(unrelatedTop * 100).toFixed(1)}%，误报 ${unrelatedFlagged}`,
      `  召回率 ${(recall * 100).toFixed(1)}%，精确率 ${(precision * 100).toFixed(1)}%`,
    ];
    console.log(lines.join('\n'));
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(precision).toBeGreaterThanOrEqual(0.95);
  }, 120_000);

  it('scores a verbatim copy 100% and a text on another subject near 0', async () => {
    const [same] = await findMatches(database.db, reportText(DEMO_REPORTS[2]));
    expect(same.doc.id).toBe(ids[2]);
    expect(same.score).toBe(1);
    const other = await findMatches(database.db, '今天天气晴朗，我们一家人去公园散步，看到湖边的柳树发芽了。', {
      floor: 0.01,
    });
    expect(other.every((m) => m.score < 0.2)).toBe(true);
  });
});
