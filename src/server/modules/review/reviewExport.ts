import { writeXlsx, type Cell } from '../../platform/resources/xlsxWriter.js';
import type { AppContext } from '../../platform/AppContext.js';
import type { SessionUser } from '../../platform/auth/sessions.js';
import type { StoredRecord } from '../../platform/records/RecordStore.js';
import { aggregate, majority, type Criterion } from './aggregate.js';
import { loadBatch, reviewsOfBatch, taskStatuses } from './reviewData.js';
import { rankingTable } from './rankingSheet.js';

const text = (v: unknown) => String(v ?? '');
const cellOf = (v: unknown): Cell => (typeof v === 'number' ? v : text(v));

/**
 * A batch's review results as an xlsx workbook (SPEC §7 导出), for the administrators who may read
 * the batch. Sheet 评审汇总: per record each expert's total, the aggregate by the batch rule (the
 * same computation that ends a review, over the scores submitted so far while it runs), spread,
 * standard deviation, the disagreement flag and the majority recommendation. Sheet 专家评分: every
 * expert's score per criterion, comment and status. In a blind batch experts appear as 专家1,
 * 专家2… (per record), never by name. Sheet 排名与决定: the ranked list and the chair's decisions
 * (rankingSheet.ts) for the approval meeting. Each sheet is written as every export is (xlsxWriter).
 */
export async function exportReviews(
  ctx: AppContext,
  user: SessionUser,
  body: Record<string, unknown>,
): Promise<{ filename: string; buffer: Buffer }> {
  const bc = await loadBatch(ctx, user, body.batchId, 'read');
  const reviews = await reviewsOfBatch(ctx, bc.batch.id);
  const blind = bc.batch.blind === true;
  const criteria = bc.criteria as Criterion[];
  const status = new Map(taskStatuses(ctx).map((s) => [s.code, s.label]));
  const ended = bc.batch.status === '2';
  const threshold = Number(bc.batch.disagreementThreshold ?? 20);
  const label = bc.mapping.label;

  const byTarget = new Map<number, StoredRecord[]>();
  for (const r of reviews) byTarget.set(Number(r.targetId), [...(byTarget.get(Number(r.targetId)) ?? []), r]);
  const who = (rs: StoredRecord[], r: StoredRecord) => (blind ? `专家${rs.indexOf(r) + 1}` : text(r.expertName));

  const summary: Cell[][] = [];
  const summaryHeader = [
    `${label}名称`,
    '专家人数',
    '已提交',
    '各专家总分',
    '总评',
    '平均分',
    '分差',
    '标准差',
    '意见分歧',
    '推荐意见',
    '结果',
  ];
  for (const rs of byTarget.values()) {
    const done = rs.filter((r) => r.status === '2');
    const a = aggregate(
      done.map((r) => Number(r.total)),
      String(bc.batch.rule ?? '1'),
      threshold,
    );
    summary.push([
      text(rs[0]!.targetName),
      rs.length,
      done.length,
      rs
        .map(
          (r) => `${who(rs, r)}：${r.status === '2' ? `${String(r.total)}分` : (status.get(String(r.status)) ?? '')}`,
        )
        .join('；'),
      a.finalScore ?? '',
      a.mean ?? '',
      a.spread ?? '',
      a.stdDev ?? '',
      a.count ? (a.disagreement ? '分歧较大' : '一致') : '',
      text(
        majority(
          done.map((r) => (r.recommendation as string | null) ?? null),
          bc.recommendations,
        ) ?? '',
      ),
      ended ? '评审已结束' : '评审中（按已提交的评分计算）',
    ]);
  }

  const expertRows: Cell[][] = [];
  const expertHeader = [
    `${label}名称`,
    '评审专家',
    ...criteria.map((c) => `${c.name}（满分${c.maxScore}）`),
    '总分',
    '推荐意见',
    '评审意见',
    '状态',
    '提交时间',
  ];
  for (const rs of byTarget.values()) {
    for (const r of rs) {
      const scores = (r.scores ?? {}) as Record<string, number>;
      expertRows.push([
        text(r.targetName),
        who(rs, r),
        ...criteria.map((c) => cellOf(scores[c.name])),
        cellOf(r.total),
        text(r.recommendation),
        text(r.comment),
        status.get(String(r.status)) ?? '',
        String(r.submittedAt ?? ''),
      ]);
    }
  }
  const buffer = await writeXlsx([
    { name: '评审汇总', header: summaryHeader, rows: summary },
    { name: '专家评分', header: expertHeader, rows: expertRows },
    await rankingTable(ctx, user, bc.batch.id, label),
  ]);
  const filename = `${String(bc.batch.name)}_评审结果.xlsx`.replace(/[\\/:*?"<>|]/g, '_');
  return { filename, buffer };
}
