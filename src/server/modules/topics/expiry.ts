import type { EntityDef } from '../../../shared/schema/types.js';
import type { AppContext } from '../../platform/AppContext.js';
import { AppError } from '../../platform/http/AppError.js';
import { acquireLease, newHolderName, releaseLease } from '../../platform/jobs/lease.js';
import { scheduleJob } from '../../platform/jobs/schedule.js';
import { KyselyRecordStore, type RecordStore, type StoredRecord } from '../../platform/records/RecordStore.js';
import { ruleRecord } from '../../platform/records/output.js';
import { parseLocal } from '../../platform/records/time.js';
import { fire, workflowOf } from '../../platform/workflow/engine.js';
import { statusOf } from '../../platform/records/transitions.js';
import { topicNoticeOpen } from './noticeOpen.js';

export const EXPIRY_JOB = 'topicExpiry';
const EXPIRE = 'expire';
/** Long enough for one pass over all editable topics; a process that dies mid-pass frees it after this. */
const LEASE_MS = 10 * 60 * 1000;
/** Notices counted as deadlines: published (still listed) and closed; drafts and withdrawn ones never ran. */
const DEADLINE_NOTICE_STATUSES = ['1', '2'];
const BATCH = 5000;

const holders = new WeakMap<AppContext, string>();
function holderOf(ctx: AppContext): string {
  let h = holders.get(ctx);
  if (!h) holders.set(ctx, (h = newHolderName()));
  return h;
}

function ms(v: unknown): number | null {
  return typeof v === 'number' ? v : typeof v === 'string' ? parseLocal(v) : null;
}

/** When the topic last entered its current status (its log says), else when it was created. */
async function enteredAt(store: RecordStore, entity: EntityDef, topic: StoredRecord, status: string): Promise<number> {
  const logs = await store.logs(entity, topic.id);
  for (let i = logs.length - 1; i >= 0; i--) if (logs[i].toStatus === status) return logs[i].createdAt;
  return topic.createdAt;
}

/**
 * Topics to expire now (WORKFLOW.md: "the stage's notice deadline passed while the topic was still
 * editable in that stage"): a topic in a status the expire transition leaves, whose stage's notice
 * (for the application: its own notice; later stages: those of the stage for its area) ended after
 * the topic entered that status and before now, while no notice of the stage is open for it now.
 */
export async function topicsToExpire(ctx: AppContext, store: RecordStore, now = Date.now()): Promise<StoredRecord[]> {
  const topic = ctx.schemas.entities.get('topic');
  const notice = ctx.schemas.entities.get('notice');
  const workflow = topic ? workflowOf(ctx, topic) : null;
  if (!topic || !notice || !workflow) return [];
  const from = [...new Set(workflow.transitions.filter((t) => t.action === EXPIRE).flatMap((t) => t.from))];
  if (!from.length) return [];
  const candidates = (
    await store.list(topic, {
      where: { t: 'in', field: 'status', values: from },
      sort: [{ field: 'id', order: 'asc' }],
      offset: 0,
      limit: BATCH,
    })
  ).rows;
  if (!candidates.length) return [];
  const notices = (
    await store.list(notice, {
      where: { t: 'in', field: 'status', values: DEADLINE_NOTICE_STATUSES },
      sort: [{ field: 'id', order: 'asc' }],
      offset: 0,
      limit: BATCH,
    })
  ).rows.map((n) => ruleRecord(notice, n));
  const out: StoredRecord[] = [];
  for (const t of candidates) {
    const status = statusOf(workflow, t);
    const stage = workflow.statuses.find((s) => s.code === status)?.stage ?? Number(t.stage ?? 1);
    const forArea = (n: Record<string, unknown>) => {
      const areas = Array.isArray(n.targetAreas) ? n.targetAreas.map(String) : [];
      return areas.length === 0 || (t.areaCode !== null && areas.includes(t.areaCode));
    };
    const relevant =
      stage === 1
        ? notices.filter((n) => n.id === t.noticeId)
        : notices.filter((n) => Number(n.stage) === stage && forArea(n));
    if (!relevant.length || relevant.some((n) => topicNoticeOpen(ctx, n, t.areaCode, now))) continue;
    const since = await enteredAt(store, topic, t, status);
    if (
      relevant.some((n) => {
        const end = ms(n.endTime);
        return end !== null && end < now && end > since;
      })
    )
      out.push(t);
  }
  return out;
}

/**
 * One expiry pass, run by whichever server process holds the job's lease (the others return 0):
 * each topic found is moved to 34 by the workflow engine's system transition on the version it was
 * found with, so it is logged like any transition and never applied twice. Returns how many expired.
 */
export async function runTopicExpiry(ctx: AppContext, now = Date.now()): Promise<number> {
  const db = ctx.database.db;
  const holder = holderOf(ctx);
  if (!(await acquireLease(db, EXPIRY_JOB, holder, LEASE_MS, now))) return 0;
  try {
    const store = KyselyRecordStore.of(ctx.database);
    let done = 0;
    for (const t of await topicsToExpire(ctx, store, now)) {
      try {
        await fire(
          ctx,
          { entity: 'topic', id: t.id, action: EXPIRE, version: t.version, comment: '阶段通知已截止' },
          null,
          store,
        );
        done += 1;
      } catch (e) {
        // Changed since it was found (edited, submitted): the next pass looks at it again.
        if (!(e instanceof AppError)) throw e;
      }
    }
    return done;
  } finally {
    await releaseLease(db, EXPIRY_JOB, holder);
  }
}

/**
 * Runs the expiry every `intervalMs` (0: never), once per period across server processes
 * (jobs/schedule.ts); stopped when the app closes.
 */
export function scheduleTopicExpiry(ctx: AppContext, intervalMs: number): () => void {
  return scheduleJob(ctx, EXPIRY_JOB, intervalMs, async () => {
    const n = await runTopicExpiry(ctx);
    if (n) ctx.log.info({ expired: n }, 'topics expired');
  });
}
