import type { AppContext } from '../../platform/AppContext.js';
import { KyselyRecordStore, type StoredRecord } from '../../platform/records/RecordStore.js';
import { formatDateTime } from '../../platform/records/time.js';
import { syncEntityTables } from '../../platform/records/entityTables.js';
import { aggregate, normalizeCriteria, scoreTotal } from './aggregate.js';
import { linkExpertAccount } from './reviewHooks.js';
import { demoActor } from '../../platform/seed/demoActor.js';
import { targetMapping } from './targetMapping.js';
import { declaredConflict } from './demoConflicts.js';
import { seedDemoDiscussion, seedReopenedReview } from './demoDiscussion.js';
import { DEMO_CRITERIA, DEMO_EXPERTS as EXPERTS, demoMarks } from './demoReviewData.js';
import { stageTemplate } from './reviewKind.js';
import type { Criterion } from './aggregate.js';
import { seedWaitingTopics } from './demoWaitingTopics.js';

const DAY = 86_400_000;
/**
 * Demo expert library, batches in each state and review tasks (drafts and submitted scores for
 * expert1 and expert2) on the demo topics waiting for review. Only when the expert table is empty;
 * never in production.
 */
export async function seedReviewDemo(ctx: AppContext): Promise<void> {
  if (!ctx.config.demoData) return;
  const store = KyselyRecordStore.of(ctx.database);
  const E = (n: string) => ctx.schemas.entities.get(n)!;
  await syncEntityTables(
    ctx.database,
    ['expert', 'reviewBatch', 'review', 'reviewConflict', 'reviewDiscussion', 'topic'].map(E),
  );
  if ((await store.list(E('expert'), { where: { t: 'const', value: true }, sort: [], offset: 0, limit: 1 })).total > 0)
    return;
  const users = await ctx.database.db
    .selectFrom('users')
    .select(['id', 'username', 'real_name'])
    .where('username', 'in', ['city1123', 'city1101'])
    .execute();
  const cityOf = new Map(
    users.map((u) => [u.username === 'city1123' ? '1123' : '1101', { id: Number(u.id), name: String(u.real_name) }]),
  );
  if (cityOf.size < 2) return;
  const now = Date.now();
  const sys = (owner: number, area: string, at = now) => ({
    ownerId: owner,
    areaCode: area,
    createdAt: at,
    updatedAt: at,
    createdBy: owner,
    updatedBy: owner,
  });

  const experts: StoredRecord[] = [];
  for (const e of EXPERTS) {
    const userId = await linkExpertAccount(ctx, await demoActor(ctx, e.area === '1123' ? 'city1123' : 'city1101'), {
      name: e.name,
      account: e.account,
      mobile: e.mobile,
      idCard: null,
      area: e.area,
      unit: e.unit,
    });
    const owner = cityOf.get(e.area)!.id;
    const rec = {
      ...sys(owner, e.area),
      status: null,
      ...e,
      otherSubjects: null,
      researchFields: '课程与教学改革、教育评价',
      idCard: null,
      userId,
      enabled: true,
    };
    const id = await store.insert(E('expert'), rec);
    experts.push({ ...rec, id, version: 1 } as StoredRecord);
  }

  await seedWaitingTopics(ctx, store);
  const m = targetMapping(ctx, 'topic');
  const topics = (
    await store.list(E('topic'), {
      where: { t: 'in', field: 'status', values: ['1', '5', '10', '30', '15', '11'] },
      sort: [{ field: 'id', order: 'asc' }],
      offset: 0,
      limit: 50,
    })
  ).rows;
  const stageOfStatus: Record<string, string> = { '1': '1', '5': '2', '10': '3', '30': '4', '15': '5', '11': '3' };
  const label: Record<string, string> = {
    '1': '立项评审',
    '2': '开题评审',
    '3': '中期评审',
    '4': '成果鉴定评审',
    '5': '结题评审',
  };

  async function addBatch(
    area: string,
    stage: string,
    status: string,
    name: string,
    extra: Record<string, unknown> = {},
  ): Promise<StoredRecord> {
    const owner = cityOf.get(area)!.id;
    // Each batch speaks its stage: its kind's template (立项 with the demo's score anchors).
    const tpl = stageTemplate(ctx, 'topic', stage)!;
    const rec = {
      ...sys(owner, area, now - 5 * DAY),
      status,
      name,
      level: '1',
      stage,
      targetEntity: 'topic',
      startTime: formatDateTime(now - 5 * DAY),
      endTime: formatDateTime(now + 25 * DAY),
      blind: true,
      outOfArea: false,
      expertsPerTopic: 3,
      rule: '2',
      scoreMode: '1',
      disagreementThreshold: 20,
      // As a save stores them (weights filled in), so re-saving the demo batch changes no template.
      criteria: normalizeCriteria(stage === '1' ? DEMO_CRITERIA : tpl.criteria),
      recommendations: tpl.recommendations.map((name) => ({ name })),
      description: tpl.description ?? null,
      templateLocked: status !== '0',
      copiedFrom: null,
      endedAt: null,
      endReason: null,
      ...extra,
    };
    const id = await store.insert(E('reviewBatch'), rec);
    return { ...rec, id, version: 1 } as StoredRecord;
  }

  async function addReview(
    batch: StoredRecord,
    topic: StoredRecord,
    expert: StoredRecord,
    status: string,
    marks?: number[],
    option = 0,
    extra: Record<string, unknown> = {},
  ): Promise<number | null> {
    const criteria = batch.criteria as Criterion[];
    const scores = marks ? demoMarks(criteria, marks) : undefined;
    const t = scores ? scoreTotal(criteria, scores, status === '2') : null;
    const rec = (batch.recommendations as Array<{ name: string }>)[option]!.name;
    const at = now - 3 * DAY;
    const id = await store.insert(E('review'), {
      ...sys(Number(batch.ownerId), String(topic.areaCode), at),
      status,
      batchId: batch.id,
      batchName: batch.name,
      stage: batch.stage,
      targetEntity: 'topic',
      targetId: topic.id,
      targetName: topic[m.nameField],
      expertId: expert.id,
      expertUserId: expert.userId,
      expertName: expert.name,
      scores: t?.scores ?? null,
      total: t?.total ?? null,
      recommendation: scores ? rec : null,
      confidence: status === '2' ? '3' : null,
      comment: status === '2' ? '选题切合实际，研究设计较为完整，建议进一步明确研究方法。' : null,
      endTime: batch.endTime,
      submittedAt: status === '2' ? formatDateTime(at + DAY) : null,
      ...extra,
    });
    await store.log({
      entity: 'review',
      recordId: id,
      action: 'allocate',
      actionLabel: '分配专家',
      fromStatus: null,
      toStatus: '0',
      comment: null,
      userId: Number(batch.ownerId),
      userName: '市级管理员',
      roleCode: '3',
      createdAt: at,
    });
    lastReviewId = id;
    return t?.total ?? null;
  }

  let lastReviewId = 0;
  const submittedByE2: Array<{ area: string; id: number }> = [];
  const conflictShown = new Set<string>();
  const [e1, e2, , chen, yang, huang, , zheng] = experts;
  for (const topic of topics) {
    const area = String(topic.areaCode ?? '1123');
    if (!cityOf.has(area)) continue;
    const stage = stageOfStatus[String(topic.status)]!;
    if (topic.status === '11') {
      // An ended batch: all scores in, results written to the topic.
      const batch = await addBatch(area, stage, '2', `2026年度课题${label[stage]}（已结束）`, {
        endedAt: formatDateTime(now - DAY),
      });
      const totals = [
        await addReview(batch, topic, e1!, '2', [26, 34, 25]),
        await addReview(batch, topic, e2!, '2', [18, 22, 20], 1),
        await addReview(batch, topic, chen!, '2', [24, 30, 24]),
      ] as number[];
      const discussed = (
        await store.list(E('review'), {
          where: { t: 'cmp', field: 'batchId', op: '=', value: batch.id },
          sort: [{ field: 'id', order: 'asc' }],
          offset: 0,
          limit: 3,
        })
      ).rows;
      await seedDemoDiscussion(ctx, store, {
        batch,
        reviews: discussed,
        chair: cityOf.get(area)!,
        at: now - 1.5 * DAY,
      });
      const a = aggregate(totals, '2', 20);
      const results = {
        ...((topic[m.resultField] as object | null) ?? {}),
        [stage]: {
          batchId: batch.id,
          batchName: batch.name,
          finalScore: a.finalScore,
          mean: a.mean,
          spread: a.spread,
          stdDev: a.stdDev,
          disagreement: a.disagreement,
          count: a.count,
          experts: 3,
          rule: '2',
          recommendation: (batch.recommendations as Array<{ name: string }>)[0]!.name,
          endedAt: formatDateTime(now - DAY),
          decision: '3',
          decisionNote: '待评审会议研究',
          decidedAt: formatDateTime(now - DAY / 2),
          decidedBy: cityOf.get(area)!.name,
        },
      };
      await store.update(E('topic'), { ...topic, [m.resultField]: results }, topic.version);
      // The chair's decision (排名与决定): 待议 leaves the status as is until the meeting decides.
      await store.log({
        entity: 'topic',
        recordId: topic.id,
        action: 'reviewDecision',
        actionLabel: '评审决定',
        fromStatus: String(topic.status),
        toStatus: String(topic.status),
        comment: `${String(batch.name)}：待议（待评审会议研究）`,
        userId: cityOf.get(area)!.id,
        userName: cityOf.get(area)!.name,
        roleCode: '3',
        createdAt: now - DAY / 2,
      });
      continue;
    }
    const batch = await addBatch(
      area,
      stage,
      '1',
      `2026年度课题${label[stage]}（${area === '1123' ? '定州市' : '石家庄市'}）`,
    );
    await addReview(batch, topic, e1!, '1', [25, 32]);
    await addReview(batch, topic, e2!, '2', [27, 35, 26]);
    submittedByE2.push({ area, id: lastReviewId });
    const last = area === '1123' ? yang! : huang!;
    if (conflictShown.has(area)) {
      await addReview(batch, topic, last, '0');
    } else {
      // One declared conflict per demo city: in 1123 confirmed (郑老师 took the task over), in 1101 waiting for the chair.
      conflictShown.add(area);
      await declaredConflict(ctx, store, {
        batch,
        topic,
        expert: last,
        replacedBy: area === '1123' ? zheng : undefined,
        at: now - 2 * DAY,
        addReview: async (...a) => {
          await addReview(...a);
          return lastReviewId;
        },
      });
    }
  }
  // The chair of 1101 sent expert2's last review there back with a reason (退回修改).
  const reopened = submittedByE2.filter((r) => r.area === '1101').pop();
  const reopenedReview = reopened ? await store.get(E('review'), reopened.id) : null;
  if (reopenedReview)
    await seedReopenedReview(ctx, store, { review: reopenedReview, chair: cityOf.get('1101')!, at: now - DAY });
  for (const area of ['1123', '1101'])
    await addBatch(area, '3', '0', `2026年度课题中期评审（待分配·${area === '1123' ? '定州市' : '石家庄市'}）`, {
      blind: false,
      rule: '1',
    });
  // The applications waiting in 定州市 (demoWaitingTopics.ts) have a blind batch to enter: its
  // allocation page is where the organiser sees the flag of the 活页 that names its applicant.
  await addBatch('1123', '1', '0', '2026年度课题立项评审（待分配·定州市）', { rule: '1' });
}
