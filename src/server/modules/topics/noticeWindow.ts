import type { AppContext } from '../../platform/AppContext.js';
import { ruleRecord } from '../../platform/records/output.js';

/** The refusal of a submit while no notice of the stage is open (topic.json guards.submit.message says the same). */
export const NOTICE_CLOSED = '当前阶段没有开放的通知，不能提交';

/** Notices the rules see: published ones (the guard itself checks the stage, dates and areas). */
const PUBLISHED = '1';

/**
 * A leader's submit of a topic (any stage) needs a notice of the topic's stage open for its area
 * (WORKFLOW.md: "Only while the stage's notice is open"). The condition is the topic workflow's
 * declarative guard; this module only tells it the published notices, as `facts.notices`, so the
 * server refuses the submit and `_perm` leaves it out (the 提交 buttons hide) by the same rule.
 */
export function registerNoticeFacts(ctx: AppContext): void {
  ctx.engine.on('topic', {
    facts: async (store) => {
      const notice = ctx.schemas.entities.get('notice');
      if (!notice) return { notices: [] };
      const { rows } = await store.list(notice, {
        where: { t: 'cmp', field: 'status', op: '=', value: PUBLISHED },
        sort: [{ field: 'id', order: 'desc' }],
        offset: 0,
        limit: 500,
        fields: ['stage', 'startTime', 'endTime', 'targetAreas'],
        // Read by every topic list and record call: kept until a notice is written.
        cache: true,
      });
      return {
        notices: rows.map((r) => {
          const n = ruleRecord(notice, r);
          return {
            id: n.id,
            status: n.status,
            stage: n.stage,
            startTime: n.startTime,
            endTime: n.endTime,
            targetAreas: n.targetAreas,
          };
        }),
      };
    },
  });
}
