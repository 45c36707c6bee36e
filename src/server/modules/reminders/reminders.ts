import type { EntityDef } from '../../../shared/schema/types.js';
import type { AppContext } from '../../platform/AppContext.js';
import { acquireLease, releaseLease } from '../../platform/jobs/lease.js';
import { jobHolder } from '../../platform/jobs/schedule.js';
import { notify } from '../../platform/notifications/notify.js';
import { KyselyRecordStore, type RecordStore } from '../../platform/records/RecordStore.js';
import { ruleRecord } from '../../platform/records/output.js';
import { parseLocal } from '../../platform/records/time.js';
import { formatDeadline } from '../../../shared/provinceTime.js';
import { workflowOf } from '../../platform/workflow/engine.js';
import { statusOf } from '../../platform/records/transitions.js';

export const REMINDER_JOB = 'deadlineReminders';
const LEASE_MS = 10 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;
const BATCH = 5000;
/** The transition a topic leaves its stage's editable statuses by when the deadline passes: its `from` are the statuses still owing work. */
const EXPIRE = 'expire';
/** Review tasks not yet submitted: not started and draft. */
const OPEN_REVIEW = ['0', '1'];
const STAGE_LABEL: Record<number, string> = { 2: '开题报告', 3: '中期报告', 4: '成果鉴定材料', 5: '结题报告' };

/** One reminder to one person about one deadline. */
export interface Reminder {
  userId: number;
  kind: 'noticeClosing' | 'stageReportDue' | 'reviewDue';
  /** The deadline reminded of: the same key is never reminded twice to the same person. A moved deadline is a new key. */
  deadlineKey: string;
  title: string;
  body: string;
  link: string;
}

/** A reminder opens the record it is about (after sign-in when the reader comes from an e-mail). */
const topicLink = (id: number) => `/projectManagement/projectList/projectDetail?id=${id}`;

function ms(v: unknown): number | null {
  return typeof v === 'number' ? v : typeof v === 'string' ? parseLocal(v) : null;
}

const all = async (store: RecordStore, entity: EntityDef, where: Parameters<RecordStore['list']>[1]['where']) =>
  (await store.list(entity, { where, sort: [{ field: 'id', order: 'asc' }], offset: 0, limit: BATCH })).rows;

/** Topic leaders who still owe work under a notice closing within the lead time (drafts for an application notice, stage reports after). */
async function topicReminders(ctx: AppContext, store: RecordStore, now: number, until: number): Promise<Reminder[]> {
  const topic = ctx.schemas.entities.get('topic');
  const notice = ctx.schemas.entities.get('notice');
  const workflow = topic ? workflowOf(ctx, topic) : null;
  if (!topic || !notice || !workflow) return [];
  const owing = [...new Set(workflow.transitions.filter((t) => t.action === EXPIRE).flatMap((t) => t.from))];
  const closing = (await all(store, notice, { t: 'cmp', field: 'status', op: '=', value: '1' }))
    .map((n) => ruleRecord(notice, n))
    .filter((n) => {
      const end = ms(n.endTime);
      return end !== null && end > now && end <= until;
    });
  if (!closing.length || !owing.length) return [];
  const topics = await all(store, topic, { t: 'in', field: 'status', values: owing });
  const out: Reminder[] = [];
  for (const n of closing) {
    const stage = Number(n.stage ?? 1);
    const areas = Array.isArray(n.targetAreas) ? n.targetAreas.map(String) : [];
    const endText = formatDeadline(ms(n.endTime)!);
    for (const t of topics) {
      if (!t.ownerId) continue;
      const tStage = workflow.statuses.find((s) => s.code === statusOf(workflow, t))?.stage ?? 1;
      if (tStage !== stage) continue;
      if (
        stage === 1
          ? Number(t.noticeId) !== n.id
          : !(areas.length === 0 || (t.areaCode !== null && areas.includes(t.areaCode)))
      )
        continue;
      const name = String(t.name ?? '');
      out.push(
        stage === 1
          ? {
              userId: t.ownerId,
              kind: 'noticeClosing',
              deadlineKey: `notice:${n.id}:${String(n.endTime)}`,
              title: `申报即将截止：${String(n.title)}`,
              body: `申报通知“${String(n.title)}”将于${endText}截止，您的申报书“${name}”尚未提交，请及时完善并提交。`,
              link: topicLink(t.id),
            }
          : {
              userId: t.ownerId,
              kind: 'stageReportDue',
              deadlineKey: `notice:${n.id}:${String(n.endTime)}:${t.id}`,
              title: `${STAGE_LABEL[stage] ?? '阶段报告'}即将截止：${name}`,
              body: `“${String(n.title)}”将于${endText}截止，课题“${name}”的${STAGE_LABEL[stage] ?? '阶段报告'}尚未提交，请及时上传并提交。`,
              link: topicLink(t.id),
            },
      );
    }
  }
  // One reminder per leader and application notice, however many drafts they have under it.
  const seen = new Set<string>();
  return out.filter((r) => {
    const k = `${r.userId}|${r.deadlineKey}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Experts with review tasks still open in a batch whose deadline falls within the lead time; one reminder per expert and batch deadline. */
async function reviewReminders(ctx: AppContext, store: RecordStore, now: number, until: number): Promise<Reminder[]> {
  const review = ctx.schemas.entities.get('review');
  if (!review) return [];
  const open = await all(store, review, { t: 'in', field: 'status', values: OPEN_REVIEW });
  const out = new Map<string, Reminder>();
  for (const r of open) {
    const end = ms(ruleRecord(review, r).endTime);
    const userId = Number(r.expertUserId);
    if (end === null || end <= now || end > until || !Number.isSafeInteger(userId) || userId <= 0) continue;
    const key = `review:${String(r.batchId)}:${end}`;
    if (out.has(`${userId}|${key}`)) continue;
    const results = r.targetEntity === 'achievement';
    out.set(`${userId}|${key}`, {
      userId,
      kind: 'reviewDue',
      deadlineKey: key,
      title: `评审即将截止：${String(r.batchName ?? '')}`,
      body: `您在“${String(r.batchName ?? '')}”中还有未提交的评审，评审将于${formatDeadline(end)}截止，请及时完成评分并提交。`,
      // The first open task of the batch: its score sheet, where the rest of the list is one step away.
      link: `${results ? '/resultsManagement/reviewList/editPage' : '/reviewManagement/list/editPage'}?id=${r.id}`,
    });
  }
  return [...out.values()];
}

/** Every reminder due now (deadlines within the configured lead time), before deduplication against those sent. */
export async function dueReminders(ctx: AppContext, now = Date.now()): Promise<Reminder[]> {
  const store = KyselyRecordStore.of(ctx.database);
  const until = now + (ctx.config.channels?.reminderDays ?? 3) * DAY;
  return [...(await topicReminders(ctx, store, now, until)), ...(await reviewReminders(ctx, store, now, until))];
}

/**
 * One reminder pass under the job's lease (another process running one returns 0): each due
 * reminder is first claimed in reminder_sent (kind, deadline, person), and only a claim that took
 * is sent, in-app and through the person's outside channels. Returns how many were sent.
 */
export async function runReminders(ctx: AppContext, now = Date.now(), holder = jobHolder(ctx)): Promise<number> {
  const db = ctx.database.db;
  if (!(await acquireLease(db, REMINDER_JOB, holder, LEASE_MS, now))) return 0;
  try {
    let sent = 0;
    for (const r of await dueReminders(ctx, now)) {
      const claimed = await db
        .insertInto('reminder_sent')
        .values({ kind: r.kind, deadline_key: r.deadlineKey.slice(0, 120), user_id: r.userId, sent_at: now })
        .onConflict((oc) => oc.columns(['kind', 'deadline_key', 'user_id']).doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) continue;
      sent += await notify(ctx, { userIds: [r.userId], kind: r.kind, title: r.title, body: r.body, link: r.link });
    }
    return sent;
  } finally {
    await releaseLease(db, REMINDER_JOB, holder);
  }
}
