import type ExcelJS from 'exceljs';
import { neutraliseCell } from '../../../shared/neutraliseCell.js';
import type { AppContext } from '../../AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import { ranking } from './ranking.js';

const text = (v: unknown) => neutraliseCell(String(v ?? ''));

/** Sheet 排名与决定 of a batch's export: the ranked list (ranking.ts) with each record's decision. */
export async function addRankingSheet(
  ctx: AppContext,
  user: SessionUser,
  wb: ExcelJS.Workbook,
  batchId: number,
  label: string,
): Promise<void> {
  const { rows } = await ranking(ctx, user, { batchId });
  const sheet = wb.addWorksheet('排名与决定');
  sheet.addRow([
    '排名',
    `${label}名称`,
    '总评',
    '平均分',
    '分差',
    '意见分歧',
    '各专家评分',
    '申报回避',
    '当前状态',
    '决定',
    '说明',
  ]);
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    sheet.addRow([
      r.rank ?? '',
      text(r.targetName),
      r.finalScore ?? '',
      r.mean ?? '',
      r.spread ?? '',
      r.count ? (r.disagreement ? '分歧较大' : '一致') : '',
      text(r.expertScores),
      r.conflicts,
      text(r.statusLabel),
      text(r.decisionLabel || '未决定'),
      text(r.decisionNote),
    ]);
  }
  sheet.columns.forEach((c, i) => {
    c.width = i === 1 ? 36 : i === 6 ? 48 : i === 10 ? 30 : 12;
  });
}
