/**
 * The duplicate check at province scale (BENCH_PARTS=similarity): an index of 10k and 100k
 * documents (BENCH_SIMILARITY_DOCS) built in a database of its own, on SQLite and, when
 * DATABASE_URL is set, on PostgreSQL; then checks of altered copies of indexed documents and of
 * new texts, timed one by one as a report runs them (src/server/modules/similarity/checker.ts).
 * Documents are about 1,500 characters of the demo reports' words in random order with the
 * demo reports' sentences among them, so common words make the crowded LSH buckets real text does.
 */
import { findMatches } from '../../src/server/modules/similarity/checker.js';
import { replaceSynonyms, rng } from '../../src/server/modules/similarity/corpus.js';
import { DEMO_REPORTS } from '../../src/server/modules/similarity/demoTexts.js';
import { featuresOf, packText } from '../../src/server/modules/similarity/indexStore.js';
import { signatureBytes } from '../../src/server/modules/similarity/minhash.js';
import { scratchDatabase } from '../../src/server/modules/similarity/testIndex.js';

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const WORDS = DEMO_REPORTS.flatMap((r) => r.paragraphs.flatMap((p) => [...segmenter.segment(p)].map((s) => s.segment)));
const SENTENCES = DEMO_REPORTS.flatMap((r) => r.paragraphs.flatMap((p) => p.split(/(?<=。)/)));

function documentText(n: number): string[] {
  const rand = rng(n + 1);
  return Array.from({ length: 5 }, () => {
    const words = Array.from({ length: 130 }, () => WORDS[Math.floor(rand() * WORDS.length)]).join('');
    return words + SENTENCES[Math.floor(rand() * SENTENCES.length)];
  });
}

const BATCH = 500;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

export async function benchSimilarity(log: (s: string) => void): Promise<void> {
  const sizes = (process.env.BENCH_SIMILARITY_DOCS ?? '10000,100000').split(',').map(Number);
  const dbs = [
    { name: 'SQLite', url: '' },
    ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', url: process.env.DATABASE_URL }] : []),
  ];
  log('\nduplicate check         documents   build s   docs/s   check p50 ms   check p99 ms   rss MB   heap MB');
  for (const { name, url } of dbs) {
    for (const size of sizes) {
      const database = await scratchDatabase(url || undefined);
      try {
        const started = performance.now();
        for (let from = 0; from < size; from += BATCH) {
          const rows = Array.from({ length: Math.min(BATCH, size - from) }, (_, i) => {
            const n = from + i;
            const text = documentText(n).join('\n');
            return { n, text, f: featuresOf(text) };
          });
          await database.db.transaction().execute(async (tx) => {
            const ids = await tx
              .insertInto('similarity_docs')
              .values(
                rows.map(({ n, text, f }) => ({
                  doc_key: `bench:${n}`,
                  entity: 'topic',
                  record_id: n + 1,
                  topic_id: n + 1,
                  field: 'conclusionReport',
                  label: '结题报告',
                  owner_id: n + 1,
                  content_hash: String(n),
                  shingles: f.set.size,
                  signature: signatureBytes(f.signature),
                  body: packText(text),
                  first_at: n,
                  indexed_at: n,
                })),
              )
              .returning('id')
              .execute();
            const bands = rows.flatMap((r, i) =>
              [...new Set(r.f.bands)].map((k) => ({ band_key: k, doc_id: Number(ids[i].id) })),
            );
            for (let i = 0; i < bands.length; i += 2000)
              await tx
                .insertInto('similarity_bands')
                .values(bands.slice(i, i + 2000))
                .execute();
          });
        }
        const buildS = (performance.now() - started) / 1000;
        const times: number[] = [];
        let found = 0;
        for (let q = 0; q < 40; q++) {
          const source = Math.floor((q * size) / 40);
          const text =
            q % 2
              ? replaceSynonyms(documentText(source), 0.2, rng(q)).paragraphs.join('\n')
              : documentText(size + q).join('\n');
          const t0 = performance.now();
          const [best] = await findMatches(database.db, text, { floor: 0.3, before: size + 1 });
          times.push(performance.now() - t0);
          if (q % 2 && best?.doc.recordId === source + 1) found++;
        }
        const mem = process.memoryUsage();
        log(
          `${name.padEnd(22)}${String(size).padStart(11)} ${buildS.toFixed(1).padStart(9)} ${(size / buildS).toFixed(0).padStart(8)} ${pct(times, 0.5).toFixed(1).padStart(14)} ${pct(times, 0.99).toFixed(1).padStart(14)} ${(mem.rss / 2 ** 20).toFixed(0).padStart(8)} ${(mem.heapUsed / 2 ** 20).toFixed(0).padStart(9)}   copies found ${found}/20`,
        );
      } finally {
        await database.drop();
      }
    }
  }
}
