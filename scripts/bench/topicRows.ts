/**
 * The bench's topic data set: rec_topic topped up to N rows by batched inserts (one transaction per
 * 5,000 rows), spread over every status, twelve areas and 5,000 owners; shared by the list API's and
 * the studio's parts.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../src/server/platform/AppContext.js';

const AREAS = ['1101', '1123', '1102', '1103', '1104', '1105', '1106', '1107', '1108', '1109', '1110', '1111'];
const WORDS = [
  '核心素养',
  '课堂教学',
  '作业设计',
  '乡村学校',
  '家校共育',
  '劳动教育',
  '信息技术',
  '阅读能力',
  '教师专业发展',
  '评价改革',
  '跨学科',
  '心理健康',
];

/** Tops rec_topic up to `rows` rows; answers the milliseconds it took. */
export async function topUp(ctx: AppContext, rows: number): Promise<number> {
  const { db, dialect } = ctx.database;
  const have = Number((await sql<{ n: number }>`select count(*) as n from rec_topic`.execute(db)).rows[0].n);
  const statuses = ctx.schemas.workflows.get('topic')!.statuses.map((s) => s.code);
  const t0 = performance.now();
  const batch = 500;
  for (let start = have; start < rows;) {
    const end = Math.min(rows, start + 5000);
    await db.transaction().execute(async (trx) => {
      for (let i = start; i < end; i += batch) {
        const values = [];
        for (let k = i; k < Math.min(end, i + batch); k++) {
          const at = 1_600_000_000_000 + k * 60_000;
          const name = `${WORDS[k % WORDS.length]}视域下第${k}号${WORDS[(k * 7) % WORDS.length]}实践研究`;
          // 负责人 and 年度 live in columns of their own (their schema says `column`), as the app writes them.
          const data = JSON.stringify({ stage: 1 + (k % 5), subject: String(1 + (k % 20)) });
          const leader = `负责人${k % 997}`;
          const year = String(2016 + (k % 10));
          values.push(
            sql`(1, ${statuses[k % statuses.length]}, ${(k % 5000) + 10}, ${AREAS[k % AREAS.length]}, ${at}, ${at}, ${(k % 5000) + 10}, ${(k % 5000) + 10}, ${data}, ${name}, ${leader}, ${year})`,
          );
        }
        await sql`insert into rec_topic (version, status, owner_id, area_code, created_at, updated_at, created_by, updated_by, data, name, leader, year) values ${sql.join(values)}`.execute(
          trx,
        );
      }
    });
    start = end;
  }
  // PostgreSQL's autovacuum would vacuum the new rows and gather statistics soon enough, and if it
  // started during a measured run it would take a core from it; the bench does both at once, which
  // leaves the table as a long-running database has it. The app gathers no statistics on SQLite
  // (docs/performance.md: its STAT4 samples re-plan statements at each call), so neither does the bench.
  if (dialect === 'postgres') await sql`vacuum (analyze)`.execute(db);
  else await sql`pragma wal_checkpoint(truncate)`.execute(db);
  return performance.now() - t0;
}
