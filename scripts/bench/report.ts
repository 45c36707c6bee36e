/** The province-scale parts of `npm run bench` (list API, first-load JS) and their table of ratios. */
import { benchFirstLoad, FIRST_LOAD_PAGES } from './firstLoad.js';
import { benchListApi, COMPARE_CONCURRENCY, LIST_SHARE_GOAL } from './listApi.js';
import { benchRender } from './render.js';
import { benchPublicSite } from './publicSite.js';
import { benchConversion } from './conversion.js';
import { benchSimilarity } from './similarity.js';
import { benchStudio } from './studio.js';
import { benchRuleBudget } from './ruleBudget.js';

const ms = (v: number) => v.toFixed(1);

export async function benchScale(parts: string[]): Promise<void> {
  const log = (s: string) => console.log(s);
  if (parts.includes('list')) {
    const sizes = (process.env.BENCH_ROWS ?? '100000,1000000').split(',').map(Number);
    const r = await benchListApi(sizes, log);
    console.log(
      '\nlist API, c=50                          processes     rows    req/s   p50 ms   p99 ms   alone ms   req/s vs hello',
    );
    console.log(
      `hello-world (Fastify)                                    1          ${r.hello.rps.toFixed(0).padStart(8)} ${ms(r.hello.p50).padStart(8)} ${ms(r.hello.p99).padStart(8)}`,
    );
    for (const row of r.rows) {
      for (const [what, res] of [
        ['page 10 + 2 filters + total', row.list],
        ['name contains + total', row.search],
      ] as const) {
        console.log(
          `${`${row.db} ${what}`.padEnd(46)}${String(row.workers).padStart(11)} ${String(row.n).padStart(8)} ${res.rps.toFixed(0).padStart(8)} ${ms(res.p50).padStart(8)} ${ms(res.p99).padStart(8)} ${ms(row.aloneMs).padStart(10)} ${`${((res.rps / r.hello.rps) * 100).toFixed(1)}%`.padStart(10)}`,
        );
      }
    }
    for (const row of r.rows) {
      if (!row.atTwenty) continue;
      const { list, cheapest } = row.atTwenty;
      const share = list.rps / cheapest.rps;
      console.log(
        `${row.db} ${row.n}, c=${COMPARE_CONCURRENCY}: list ${list.rps.toFixed(0)} req/s (p99 ${ms(list.p99)} ms), the app's cheapest call ${cheapest.rps.toFixed(0)} req/s: ${(share * 100).toFixed(1)}% (goal ${LIST_SHARE_GOAL * 100}% or more: ${share >= LIST_SHARE_GOAL ? 'met' : 'MISSED'})`,
      );
    }
    for (const db of new Set(r.rows.map((x) => x.db))) {
      for (const workers of new Set(r.rows.map((x) => x.workers))) {
        const rows = r.rows.filter((x) => x.db === db && x.workers === workers).sort((a, b) => a.n - b.n);
        if (rows.length > 1)
          console.log(
            `${db}, ${workers} process(es): p50 at ${rows.at(-1)!.n} is ${(rows.at(-1)!.list.p50 / rows[0].list.p50).toFixed(2)}x the p50 at ${rows[0].n}`,
          );
      }
    }
  }
  if (parts.includes('load')) {
    console.log('');
    await benchFirstLoad(FIRST_LOAD_PAGES, log);
  }
  if (parts.includes('render')) await benchRender(log);
  if (parts.includes('public')) await benchPublicSite(log);
  if (parts.includes('conversion')) await benchConversion(log);
  if (parts.includes('similarity')) await benchSimilarity(log);
  if (parts.includes('studio')) await benchStudio(log);
  if (parts.includes('rules')) await benchRuleBudget(log);
}
