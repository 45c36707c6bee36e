import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import type { SheetTable } from '../../platform/resources/xlsxWriter.js';
import { ranking } from './ranking.js';

const text = (v: unknown) => String(v ?? '');

/** Sheet 排名与决定 of a batch's export: the ranked list (ranking.ts) with each record's decision. */
export async function rankingTable(
  ctx: AppContext,
  user: SessionUser,
  batchId: number,
  label: string,
): Promise<SheetTable> {
  const { rows } = await ranking(ctx, user, { batchId });
  return {
    name: '排名与决定',
    header: [
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
    ],
    rows: rows.map((r) => [
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
    ]),
  };
}
