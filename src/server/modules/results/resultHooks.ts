import { registerPublicationHooks } from './publicationHooks.js';
import type { AppContext } from '../../platform/AppContext.js';
import { flagDuplicates, latestScore, openNoticeFor, prepareResult } from './resultRules.js';

/** A returned result (status 3) is open again to its leader: the return reopens it, whatever the notice's window. */
const RETURNED = '3';

/**
 * The results module's checks inside the engine. Results and result notices are otherwise plain
 * schema records (schemas/entities/achievement*.json); their expert review is the review engine's
 * (schemas/reviewTargets.json target achievement). A leader saves and submits a result only while
 * its notice is open for their area; the server fills the first author, the notice title and the
 * topic name, and flags suspected duplicates; the end of an expert review copies the final score
 * onto the result for its list.
 */
export function registerResultHooks(ctx: AppContext): void {
  registerPublicationHooks(ctx);
  ctx.engine.on('achievement', {
    inSave: async (_ctx, { entity, user, existing, next, store, now }) => {
      const returned = existing?.status === RETURNED;
      if (returned) next.noticeId = existing.noticeId;
      const kept = returned
        ? await store.get(ctx.schemas.entities.get('achievementNotice')!, Number(existing.noticeId))
        : null;
      const notice = kept ?? (await openNoticeFor(ctx, store, entity, next.noticeId, user, now));
      await prepareResult(ctx, store, entity, next, notice, user, existing?.topicId ?? null);
      await flagDuplicates(store, entity, next, existing?.id ?? null);
    },
  });
  ctx.engine.on('achievement', {
    onTransition: async (_ctx, { entity, user, record, next, transition, store, now }) => {
      if (transition.action === 'submit' && user) {
        if (record.status !== RETURNED) await openNoticeFor(ctx, store, entity, record.noticeId, user, now);
        // Files are bound to their record after its save commits: look again now that they are.
        await flagDuplicates(store, entity, next, record.id);
      } else if (transition.action === 'endReview') {
        next.finalScore = latestScore(next.reviewResults);
      }
    },
  });
}
