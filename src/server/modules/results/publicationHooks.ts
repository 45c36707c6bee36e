import type { AppContext } from '../../platform/AppContext.js';
import { AppError } from '../../platform/http/AppError.js';
import type { RecordStore, StoredRecord } from '../../platform/records/RecordStore.js';
import { workflowOf } from '../../platform/workflow/engine.js';
import { statusOf } from '../../platform/records/transitions.js';
import { provinceYear } from './provinceYear.js';

const ENTITY = 'resultPublication';
/** The topic status of a concluded topic (已结题). */
const CONCLUDED = '18';
const BATCH = 5000;

/** A topic as a row of a public list: public fields only. */
function row(t: StoredRecord) {
  return {
    topicNo: t.topicNo ?? null,
    name: t.name ?? null,
    leader: t.leader ?? null,
    unit: t.unit ?? null,
    areaCode: t.areaCode ?? null,
  };
}

/**
 * The rows of a year's list, taken when it is published: 立项名单, the topics of that year's round
 * that were approved (numbered and past the application stage, not withdrawn or expired); 结题公示,
 * the topics that concluded in that year (their log says when).
 */
export async function publicationRows(ctx: AppContext, store: RecordStore, kind: string, year: number) {
  const topic = ctx.schemas.entities.get('topic');
  const workflow = topic ? workflowOf(ctx, topic) : null;
  if (!topic || !workflow) return [];
  const sort = [
    { field: 'topicNo', order: 'asc' as const },
    { field: 'id', order: 'asc' as const },
  ];
  if (kind === 'approved') {
    const approved = workflow.statuses.filter((s) => (s.stage ?? 0) >= 2).map((s) => s.code);
    const rows = (
      await store.list(topic, {
        where: {
          t: 'and',
          items: [
            { t: 'in', field: 'status', values: approved },
            { t: 'cmp', field: 'year', op: '=', value: String(year) },
          ],
        },
        sort,
        offset: 0,
        limit: BATCH,
      })
    ).rows;
    // topic.year is kept as text ('2025').
    return rows
      .filter((t) => t.topicNo && (workflow.statuses.find((s) => s.code === statusOf(workflow, t))?.stage ?? 0) >= 2)
      .map(row);
  }
  const done = (
    await store.list(topic, {
      where: { t: 'cmp', field: 'status', op: '=', value: CONCLUDED },
      sort,
      offset: 0,
      limit: BATCH,
    })
  ).rows;
  const out = [];
  for (const t of done) {
    const logs = await store.logs(topic, t.id);
    const at = [...logs].reverse().find((l) => l.toStatus === CONCLUDED)?.createdAt ?? t.updatedAt;
    if (provinceYear(at) === year) out.push(row(t));
  }
  return out;
}

/** One list per year and kind; its rows are the server's, taken at publishing, never the client's. */
const registered = new WeakSet<AppContext>();

/** Also called by the demo seed, which runs before the routes register; once per app. */
export function registerPublicationHooks(ctx: AppContext): void {
  if (registered.has(ctx)) return;
  registered.add(ctx);
  ctx.engine.on(ENTITY, {
    inSave: async (_ctx, { entity, existing, next, store }) => {
      next.items = existing?.items ?? null;
      const same = await store.list(entity, {
        where: {
          t: 'and',
          items: [
            { t: 'cmp', field: 'year', op: '=', value: Number(next.year) },
            { t: 'cmp', field: 'kind', op: '=', value: String(next.kind) },
          ],
        },
        sort: [],
        offset: 0,
        limit: 2,
      });
      if (same.rows.some((r) => r.id !== existing?.id)) {
        throw AppError.invalid([{ field: 'year', label: '年度', message: '该年度的此类名单已存在，请编辑已有的名单' }]);
      }
    },
  });
  ctx.engine.on(ENTITY, {
    onTransition: async (_ctx, { record, next, transition, store }) => {
      if (transition.action !== 'publish') return;
      const rows = await publicationRows(ctx, store, String(record.kind), Number(record.year));
      if (!rows.length)
        throw AppError.invalid([{ field: 'year', label: '年度', message: '该年度没有可公示的课题，不能发布' }]);
      next.items = rows;
    },
  });
}
