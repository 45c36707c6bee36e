import type { FastifyInstance } from 'fastify';
import { XLSX_TYPE, writeXlsx, type Cell } from '../../platform/resources/xlsxWriter.js';
import type { AppContext } from '../../platform/AppContext.js';
import { currentUser } from '../../platform/auth/authPlugin.js';
import { contractRoute } from '../../platform/http/contractRoute.js';
import { contentDisposition } from '../../platform/resources/csv.js';
import { emptyBodyIsObject, objectSchema, str } from '../../platform/http/requestSchemas.js';
import { filterValues, statistics, statisticsPage } from './statistics.js';
import {
  statisticsCalls,
  type StatisticsAnswer,
  type StatisticsRequest,
} from '../../../shared/contracts/statistics.js';

const body = {
  body: objectSchema({ pageId: str(200, { minLength: 1 }), filters: { type: 'object', maxProperties: 10 } }, [
    'pageId',
  ]),
};

/** The table of the page as a workbook: one block per chart (category, count, share), filters on top. */
export async function statisticsXlsx(answer: StatisticsAnswer, filters: Record<string, unknown>): Promise<Buffer> {
  const chosen = answer.filters
    .map((f) => {
      const v = filters[f.field];
      if (v === undefined) return null;
      return `${f.label}：${f.options.find((o) => o.value === String(v))?.label ?? String(v)}`;
    })
    .filter(Boolean);
  const rows: Cell[][] = [];
  const totals = new Set<number>();
  for (const c of answer.charts) {
    for (const r of c.rows)
      rows.push([c.title, r.label, r.count, c.total ? `${((r.count / c.total) * 100).toFixed(1)}%` : '0%']);
    totals.add(rows.length);
    rows.push([c.title, '合计', c.total, c.total ? '100%' : '0%']);
  }
  return writeXlsx([
    {
      name: answer.title,
      preamble: [
        { text: answer.title, bold: true, size: 14 },
        { text: chosen.length ? `筛选：${chosen.join('；')}` : '筛选：全部' },
        { text: '' },
      ],
      header: ['统计项', '分类', '数量', '占比'],
      rows,
      boldRows: totals,
    },
  ]);
}

/** Statistics pages: grouped counts per user scope (data) and the same as a spreadsheet (export). */
export async function statisticsRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  emptyBodyIsObject(app);
  type B = { Body: StatisticsRequest };

  contractRoute(app, statisticsCalls.data, body, async (request) => {
    const page = statisticsPage(ctx, request.body.pageId);
    return statistics(ctx, page, currentUser(request), filterValues(page, request.body.filters));
  });

  app.post<B>('/statistics/export', { schema: body }, async (request, reply) => {
    const page = statisticsPage(ctx, request.body.pageId);
    const filters = filterValues(page, request.body.filters);
    const answer = await statistics(ctx, page, currentUser(request), filters);
    const stamp = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', contentDisposition(`${page.title}_${stamp}.xlsx`))
      .header('cache-control', 'no-store')
      .send(await statisticsXlsx(answer, filters));
  });
}
