import type { AppContext } from '../../platform/AppContext.js';
import { DictionaryValues } from '../../platform/records/dictionaries.js';
import { readChangeKinds } from './changeKinds.js';
import { applyRequest, ownRunningTarget, prepareRequest, refuseOpenSameKind } from './changeRules.js';

/**
 * The change-request module: its checks inside the engine. A save takes the topic's current values
 * (and area) from the server; a submit needs the topic still the leader's and running, with no
 * other open request of the same kind; the pass applies the request to the topic in the same
 * transaction. What each kind changes is schemas/topicChangeKinds.json.
 */
export function registerChangeHooks(ctx: AppContext): void {
  const kinds = readChangeKinds(ctx.schemas);
  ctx.engine.on(kinds.request.name, {
    inSave: async (_ctx, { user, next, store }) => {
      const target = await ownRunningTarget(kinds, store, next, user);
      prepareRequest(kinds, next, target);
    },
  });
  ctx.engine.on(kinds.request.name, {
    onTransition: async (_ctx, { user, record, next, transition, store, now }) => {
      if (transition.action === kinds.submitAction && user) {
        const target = await ownRunningTarget(kinds, store, record, user);
        prepareRequest(kinds, next, target);
        const dict = kinds.request.fields[kinds.kindsField].dict!;
        await refuseOpenSameKind(kinds, store, record, await new DictionaryValues(ctx, store.executor).labels(dict));
      } else if (transition.action === kinds.applyAction) {
        await applyRequest(ctx, kinds, store, record, user, now);
      }
    },
  });
}
