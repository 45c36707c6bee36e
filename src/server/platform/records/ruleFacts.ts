import type { AppContext } from '../../AppContext.js';
import type { RecordStore } from './RecordStore.js';
import type { RuleFacts } from './transitions.js';

/** What a module tells the rules of an entity about other records, read once per call. */
export type RuleFactsProvider = (store: RecordStore, now: number) => Promise<RuleFacts>;

const providers = new WeakMap<AppContext, Map<string, RuleFactsProvider[]>>();

/**
 * Lets a module give an entity's workflow guards facts no record holds (e.g. the topics module:
 * the published notices, for "a notice of the stage is open"). The rule stays declarative JSON in
 * the schema; only the data comes from code.
 */
export function registerRuleFacts(ctx: AppContext, entity: string, provider: RuleFactsProvider): void {
  let byEntity = providers.get(ctx);
  if (!byEntity) providers.set(ctx, (byEntity = new Map()));
  byEntity.set(entity, [...(byEntity.get(entity) ?? []), provider]);
}

/** The facts for the entity's rules now (empty when no module gives any). */
export async function ruleFacts(ctx: AppContext, entity: string, store: RecordStore, now: number): Promise<RuleFacts> {
  const list = providers.get(ctx)?.get(entity);
  if (!list?.length) return {};
  const out: RuleFacts = {};
  for (const p of list) Object.assign(out, await p(store, now));
  return out;
}
