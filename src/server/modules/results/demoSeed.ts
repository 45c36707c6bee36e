import type { AppContext } from '../../platform/AppContext.js';
import { bindFiles } from '../../platform/files/fileRefs.js';
import { KyselyRecordStore, type StoredRecord } from '../../platform/records/RecordStore.js';
import { syncEntityTables } from '../../platform/records/entityTables.js';
import { formatDateTime } from '../../platform/records/time.js';
import { sendLoggedTransitionNotice } from '../../platform/workflow/transitionNotices.js';
import { scoreTotal } from '../review/aggregate.js';
import { docxBytes, pdfBytes, storeDemoFile } from '../topics/demoFiles.js';
import { resultTopicStatuses } from './resultTopics.js';
import { CRITERIA, PLAN, STATUS_LABEL } from './demoPlan.js';

const DAY = 86_400_000;

/**
 * Demo result notices (province and city, open, closed, draft) and results in every status in
 * both demo areas, with files, a suspected duplicate, an ended review's scores and a result in an
 * expert review with tasks for expert1 and expert2. Only while there are no result notices.
 */
export async function seedResultsDemo(ctx: AppContext): Promise<void> {
  if (!ctx.config.demoData) return;
  const E = (n: string) => ctx.schemas.entities.get(n)!;
  await syncEntityTables(
    ctx.database,
    ['achievementNotice', 'achievement', 'topic', 'expert', 'reviewBatch', 'review'].map(E),
  );
  const store = KyselyRecordStore.of(ctx.database);
  if (
    (await store.list(E('achievementNotice'), { where: { t: 'const', value: true }, sort: [], offset: 0, limit: 1 }))
      .total > 0
  )
    return;
  const users = await ctx.database.db
    .selectFrom('users')
    .select(['id', 'username', 'real_name', 'org_name', 'area_code'])
    .where('username', 'in', ['province', 'city1123', 'city1101', 'leader1', 'leader2'])
    .execute();
  const u = new Map(
    users.map((x) => [
      String(x.username),
      {
        id: Number(x.id),
        name: String(x.real_name),
        org: String(x.org_name ?? ''),
        area: x.area_code ? String(x.area_code) : null,
      },
    ]),
  );
  if (u.size < 5) return;
  const now = Date.now();
  const sys = (owner: number, area: string | null, at: number) => ({
    ownerId: owner,
    areaCode: area,
    createdAt: at,
    updatedAt: at,
    createdBy: owner,
    updatedBy: owner,
  });
  const log = (
    entity: string,
    recordId: number,
    action: string,
    actionLabel: string,
    from: string | null,
    to: string | null,
    by: { id: number; name: string },
    roleCode: string,
    at: number,
    comment: string | null = null,
  ) =>
    store.log({
      entity,
      recordId,
      action,
      actionLabel,
      fromStatus: from,
      toStatus: to,
      comment,
      userId: by.id,
      userName: by.name,
      roleCode,
      createdAt: at,
    });

  const template = await storeDemoFile(
    ctx,
    u.get('province')!.id,
    await docxBytes(['成果登记表', '成果名称：', '作者：', '成果简介：']),
    '成果登记表模板.docx',
    'achievementNotice.attachments',
  );
  async function addNotice(
    by: string,
    role: string,
    v: { title: string; year: string; status: string; start: number; end: number; areas?: string[] },
  ): Promise<StoredRecord> {
    const p = u.get(by)!;
    const at = v.start - DAY;
    const rec = {
      ...sys(p.id, p.area, at),
      status: v.status,
      title: v.title,
      year: v.year,
      startTime: formatDateTime(v.start),
      endTime: formatDateTime(v.end),
      body: `<p>${v.title}：请各单位组织教师登记近两年的教育科研成果和论文，按要求上传成果文件。</p>`,
      attachments: [template],
      targetAreas: v.areas ?? null,
      scopeLevel: role === '3' ? 'city' : 'province',
      publisher: p.org,
      publishTime: v.status === '0' ? null : formatDateTime(at + 3_600_000),
    };
    const id = await store.insert(E('achievementNotice'), rec);
    await bindFiles(ctx, 'achievementNotice.attachments', id, [template.id]);
    await log('achievementNotice', id, 'create', '新增', null, '0', p, role, at);
    if (v.status !== '0') await log('achievementNotice', id, 'publish', '发布', '0', '1', p, role, at + 3_600_000);
    if (v.status === '2') await log('achievementNotice', id, 'close', '截止', '1', '2', p, role, v.end);
    return { ...rec, id, version: 1 } as StoredRecord;
  }
  const open = await addNotice('province', '2', {
    title: '2026年度全省教育科研优秀成果征集通知',
    year: '2026',
    status: '1',
    start: now - 20 * DAY,
    end: now + 40 * DAY,
  });
  await addNotice('province', '2', {
    title: '2025年度全省教育科研成果征集通知',
    year: '2025',
    status: '2',
    start: now - 380 * DAY,
    end: now - 300 * DAY,
  });
  await addNotice('city1123', '3', {
    title: '定州市2026年度教学成果征集通知（草稿）',
    year: '2026',
    status: '0',
    start: now + 5 * DAY,
    end: now + 60 * DAY,
  });
  await addNotice('city1101', '3', {
    title: '石家庄市2026年度教研论文征集通知',
    year: '2026',
    status: '1',
    start: now - 5 * DAY,
    end: now + 30 * DAY,
  });

  const topics = (
    await store.list(E('topic'), {
      where: { t: 'const', value: true },
      sort: [{ field: 'id', order: 'asc' }],
      offset: 0,
      limit: 200,
    })
  ).rows;
  const carries = new Set(resultTopicStatuses(ctx) ?? []);
  const firstIds = new Map<string, number>();
  const inReview: StoredRecord[] = [];
  let at = now - 15 * DAY;
  for (const [i, p] of PLAN.entries()) {
    const owner = u.get(p.owner)!;
    const admin = owner.area === '1123' ? u.get('city1123')! : u.get('city1101')!;
    // A topic that may carry a result (立项 and on), as the upload form offers them.
    const topic = topics.find((t) => t.ownerId === owner.id && carries.has(String(t.status)));
    const bytes = i === 4 ? pdfBytes(`Result ${PLAN.findIndex((x) => x.name === p.name)}`) : pdfBytes(`Result ${i}`);
    const file = await storeDemoFile(ctx, owner.id, bytes, `${p.name}.pdf`, 'achievement.attachments');
    at += DAY;
    const prior = firstIds.get(`${p.name}|${p.authors[0]}`);
    const results =
      p.score === undefined
        ? null
        : {
            '4': {
              batchId: null,
              batchName: '2025年度成果评审',
              finalScore: p.score,
              mean: p.score,
              spread: 6,
              stdDev: 3,
              disagreement: false,
              count: 3,
              experts: 3,
              rule: '1',
              recommendation: '优秀',
              endedAt: formatDateTime(at + 2 * DAY),
            },
          };
    const rec = {
      ...sys(owner.id, owner.area, at),
      status: p.status,
      noticeId: open.id,
      noticeTitle: open.title,
      topicId: topic?.id ?? null,
      topicName: topic?.name ?? null,
      kind: p.kind,
      name: p.name,
      authors: p.authors.map((name) => ({ name, unit: owner.org })),
      firstAuthor: p.authors[0],
      unit: owner.org,
      subject: '3',
      venue: p.venue ?? null,
      publishDate: p.venue ? formatDateTime(at - 60 * DAY).slice(0, 10) : null,
      issn: p.issn ?? null,
      isbn: p.isbn ?? null,
      abstract: `${p.name}：围绕课堂教学中的真实问题开展研究，形成了可推广的做法。`,
      keywords: '课堂教学；教学改进',
      attachments: [file],
      duplicateFlag: prior !== undefined,
      duplicateNote:
        prior !== undefined
          ? `与成果（编号${prior}）标题和第一作者相同；文件「${p.name}.pdf」与成果（编号${prior}）的文件「${p.name}.pdf」内容相同`
          : null,
      reviewResults: results,
      finalScore: p.score ?? null,
      submitTime: p.status === '0' ? null : formatDateTime(at + 3_600_000),
      auditTime: ['3', '4', '5'].includes(p.status) ? formatDateTime(at + DAY) : null,
    };
    const id = await store.insert(E('achievement'), rec);
    if (prior === undefined) firstIds.set(`${p.name}|${p.authors[0]}`, id);
    await bindFiles(ctx, 'achievement.attachments', id, [file.id]);
    await log('achievement', id, 'create', '新增', null, '0', owner, '4', at);
    if (p.status !== '0') await log('achievement', id, 'submit', '提交', '0', '1', owner, '4', at + 3_600_000);
    const decision =
      p.status === '2'
        ? 'sendReview'
        : ({ '3': 'return', '4': 'pass', '5': 'reject' } as Record<string, string>)[p.status];
    if (decision) {
      await log(
        'achievement',
        id,
        decision,
        STATUS_LABEL[p.status]!,
        '1',
        p.status,
        admin,
        '3',
        at + DAY,
        p.comment ?? null,
      );
      // The author hears of the decision as from the engine: the notice its workflow declares.
      await sendLoggedTransitionNotice(ctx, 'achievement', { ...rec, id, version: 1 } as StoredRecord, {
        action: decision,
        fromStatus: '1',
        comment: p.comment ?? null,
        actorId: admin.id,
      });
    }
    if (p.status === '2') inReview.push({ ...rec, id, version: 1 } as StoredRecord);
  }
  await seedReviewInProgress(ctx, store, inReview, u.get('province')!, now);
}

/** A province result review in progress: expert1 has not started, expert2 has submitted. */
async function seedReviewInProgress(
  ctx: AppContext,
  store: KyselyRecordStore,
  targets: StoredRecord[],
  by: { id: number; name: string },
  now: number,
): Promise<void> {
  const E = (n: string) => ctx.schemas.entities.get(n)!;
  const experts = (
    await store.list(E('expert'), {
      where: { t: 'in', field: 'account', values: ['expert1', 'expert2'] },
      sort: [{ field: 'id', order: 'asc' }],
      offset: 0,
      limit: 2,
    })
  ).rows;
  if (experts.length < 2 || targets.length === 0) return;
  const at = now - 3 * DAY;
  const batch = {
    ownerId: by.id,
    areaCode: null,
    createdAt: at,
    updatedAt: at,
    createdBy: by.id,
    updatedBy: by.id,
    status: '1',
    name: '2026年度优秀成果评审（省级）',
    level: '2',
    stage: '4',
    targetEntity: 'achievement',
    startTime: formatDateTime(at),
    endTime: formatDateTime(now + 20 * DAY),
    blind: true,
    outOfArea: false,
    expertsPerTopic: 2,
    rule: '1',
    scoreMode: '1',
    disagreementThreshold: 20,
    criteria: CRITERIA,
    recommendations: [{ name: '优秀' }, { name: '良好' }, { name: '合格' }],
    description: '请依据评分指标独立评审成果。',
    templateLocked: true,
    copiedFrom: null,
    endedAt: null,
    endReason: null,
  };
  const batchId = await store.insert(E('reviewBatch'), batch);
  for (const t of targets) {
    for (const [k, e] of experts.entries()) {
      const done = k === 1;
      const s = done ? scoreTotal(CRITERIA, { 创新性: 34, 科学性: 25, 实践价值: 26 }, true) : null;
      const id = await store.insert(E('review'), {
        ownerId: by.id,
        areaCode: t.areaCode,
        createdAt: at,
        updatedAt: at,
        createdBy: by.id,
        updatedBy: by.id,
        status: done ? '2' : '0',
        batchId,
        batchName: batch.name,
        stage: '4',
        targetEntity: 'achievement',
        targetId: t.id,
        targetName: t.name,
        expertId: e.id,
        expertUserId: e.userId,
        expertName: e.name,
        scores: s?.scores ?? null,
        total: s?.total ?? null,
        recommendation: done ? '良好' : null,
        comment: done ? '选题贴近教学实际，论证较充分。' : null,
        endTime: batch.endTime,
        submittedAt: done ? formatDateTime(at + DAY) : null,
      });
      await store.log({
        entity: 'review',
        recordId: id,
        action: 'allocate',
        actionLabel: '分配专家',
        fromStatus: null,
        toStatus: '0',
        comment: null,
        userId: by.id,
        userName: by.name,
        roleCode: '2',
        createdAt: at,
      });
    }
  }
}
