import ExcelJS from 'exceljs';
import { neutraliseCell } from '../../shared/neutraliseCell.js';
import type { AppContext } from '../AppContext.js';
import type { SessionUser } from '../auth/sessions.js';
import type { Criterion } from './aggregate.js';
import { loadBatch, reviewsOfBatch } from './reviewData.js';

const STATUS = new Map([['0', '未开始'], ['1', '草稿'], ['2', '已提交']]);

/**
 * Every score, criterion and comment of a batch as an xlsx workbook, plus the final results when
 * the review has ended. In a blind batch experts appear as 专家1, 专家2… (per record), never by name.
 */
export async function exportReviews(ctx: AppContext, user: SessionUser, body: Record<string, unknown>): Promise<{ filename: string; buffer: Buffer }> {
  const bc = await loadBatch(ctx, user, body.batchId, 'read');
  const reviews = await reviewsOfBatch(ctx, bc.batch.id);
  const blind = bc.batch.blind === true;
  const criteria = bc.criteria as Criterion[];
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('专家评分');
  sheet.addRow(['课题名称', '评审专家', ...criteria.map((c) => `${c.name}（满分${c.maxScore}）`), '总分', '推荐意见', '评审意见', '状态', '提交时间']);
  sheet.getRow(1).font = { bold: true };
  const seat = new Map<number, number>();
  for (const r of reviews) {
    const n = (seat.get(Number(r.targetId)) ?? 0) + 1;
    seat.set(Number(r.targetId), n);
    const scores = (r.scores ?? {}) as Record<string, number>;
    sheet.addRow([
      neutraliseCell(String(r.targetName ?? '')), blind ? `专家${n}` : neutraliseCell(String(r.expertName ?? '')),
      ...criteria.map((c) => scores[c.name] ?? ''), r.total ?? '', neutraliseCell(String(r.recommendation ?? '')),
      neutraliseCell(String(r.comment ?? '')), STATUS.get(String(r.status)) ?? '', String(r.submittedAt ?? ''),
    ]);
  }
  sheet.columns.forEach((c, i) => { c.width = i === 0 ? 36 : i === criteria.length + 4 ? 48 : 14; });
  const filename = `${String(bc.batch.name)}_评审结果.xlsx`.replace(/[\\/:*?"<>|]/g, '_');
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  return { filename, buffer };
}
